import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../messages/index.js';
import { normalizeWebsite, websiteField } from './common.js';
import { producerOemCreate } from './oems.js';
import { updateProducerRequest } from './producers.js';

describe('normalizeWebsite', () => {
  it.each([
    ['https://htxmocchau.vn', 'https://htxmocchau.vn'],
    ['http://www.example.com/shop?x=1#top', 'http://www.example.com/shop?x=1#top'],
    ['HTTPS://HTX.VN', 'HTTPS://HTX.VN'],
    ['htxmocchau.vn', 'https://htxmocchau.vn'],
    ['www.htx-camxanh.com.vn/gioi-thieu', 'https://www.htx-camxanh.com.vn/gioi-thieu'],
    ['  shop.example.vn  ', 'https://shop.example.vn'],
    ['https://xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
    ['https://bücher.de', 'https://bücher.de'],
    ['https://example.vn:8443/a', 'https://example.vn:8443/a'],
  ])('accepts %s as %s', (typed, stored) => {
    expect(normalizeWebsite(typed)).toBe(stored);
  });

  it.each([
    'abc',
    'http://abc',
    'https://',
    'javascript:alert(1)',
    'ftp://example.vn',
    'mailto:a@example.vn',
    'https://exa mple.vn',
    'htx mộc châu',
    'https://user:pass@example.vn',
    'https://1.2.3.4',
    'https://-bad-.vn',
    'https://example.v',
    '',
    '   ',
  ])('refuses %s', (typed) => {
    expect(normalizeWebsite(typed)).toBeNull();
  });
});

describe('websiteField', () => {
  const body = z.object({ website: websiteField(30) });
  it('answers the address with its scheme; refusals carry invalidWebsite or tooLong', () => {
    expect(body.parse({ website: 'htx.vn' })).toEqual({ website: 'https://htx.vn' });
    const issue = (website: unknown) => body.safeParse({ website }).error?.issues[0];
    expect(issue('abc')?.message).toBe('invalidWebsite');
    expect(issue(42)?.message).toBe('invalidWebsite');
    expect(issue(`${'a'.repeat(30)}.vn`)?.message).toBe('tooLong');
    expect((issue(`${'a'.repeat(30)}.vn`) as { maximum?: unknown }).maximum).toBe(30);
  });

  it('reads in Vietnamese and English', () => {
    expect(translate('vi', 'invalidWebsite')).toBe('Website phải là một địa chỉ web, ví dụ https://tenmien.vn.');
    expect(translate('en', 'invalidWebsite')).toBe('The website must be a web address, e.g. https://example.vn.');
  });

  it('is the rule of the producer and OEM website fields (blank clears)', () => {
    expect(updateProducerRequest.parse({ website: 'mocchau.vn' })).toEqual({ website: 'https://mocchau.vn' });
    expect(updateProducerRequest.parse({ website: '' })).toEqual({ website: null });
    expect(updateProducerRequest.safeParse({ website: 'abc' }).error?.issues[0]?.message).toBe('invalidWebsite');
    expect(producerOemCreate.parse({ name: 'A', website: 'saomai.vn' }).website).toBe('https://saomai.vn');
    expect(producerOemCreate.safeParse({ name: 'A', website: 'abc' }).error?.issues[0]?.message).toBe('invalidWebsite');
  });
});
