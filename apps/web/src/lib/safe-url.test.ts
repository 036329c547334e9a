import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safe-url';

describe('safeLinkUrl (rich-text links)', () => {
  it('keeps web, mail and phone links and site paths', () => {
    expect(safeLinkUrl('https://dtrack.vn/news?a=1#b')).toBe('https://dtrack.vn/news?a=1#b');
    expect(safeLinkUrl('  http://example.com ')).toBe('http://example.com');
    expect(safeLinkUrl('mailto:lienhe@dtrack.vn')).toBe('mailto:lienhe@dtrack.vn');
    expect(safeLinkUrl('tel:+84912345678')).toBe('tel:+84912345678');
    expect(safeLinkUrl('/information-security')).toBe('/information-security');
    expect(safeLinkUrl('#muc-2')).toBe('#muc-2');
  });

  it('adds https:// to a bare host', () => {
    expect(safeLinkUrl('dtrack.vn/tin-tuc')).toBe('https://dtrack.vn/tin-tuc');
    expect(safeLinkUrl('www.bộ-nông-nghiệp.vn')).toBe('https://www.bộ-nông-nghiệp.vn');
    expect(safeLinkUrl('example.vn:8080/a')).toBe('https://example.vn:8080/a');
  });

  it('answers empty for nothing typed', () => {
    expect(safeLinkUrl('')).toBe('');
    expect(safeLinkUrl('   ')).toBe('');
  });

  it('refuses script and other schemes however they are spelt', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'file:///etc/passwd',
      '//evil.example/x',
      'http://',
      'not a link',
      'hello',
    ]) {
      expect(safeLinkUrl(bad), bad).toBeNull();
    }
  });
});
