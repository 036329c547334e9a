import { describe, expect, it } from 'vitest';
import { isOtherEntryPath } from './other-entries';

describe('pages of the light entries', () => {
  it('are the trace and content paths, which links load in full', () => {
    for (const p of ['/news', '/news/', '/news/some-post', '/news/categories/3?page=2', '/faqs', '/faqs?q=qr']) {
      expect(isOtherEntryPath(p), p).toBe(true);
    }
    expect(isOtherEntryPath('/information-security')).toBe(true);
    expect(isOtherEntryPath('/trace/DEMOTRACE0000001')).toBe(true);
    expect(isOtherEntryPath('/login?next=%2Fproducts')).toBe(true);
    // The producers' field diary (diary.html): every /diary path, not a look-alike.
    for (const p of ['/diary', '/diary/', '/diary/plots/3']) expect(isOtherEntryPath(p), p).toBe(true);
    for (const p of [
      '/newsletter',
      '/dashboard',
      '/services',
      '/admin/posts',
      '/admin/faqs',
      '/login-help',
      '/register',
      '/diaryx',
    ]) {
      expect(isOtherEntryPath(p), p).toBe(false);
    }
  });
});
