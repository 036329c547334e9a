import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../messages/index.js';
import { imageUrlField, isWebUrl, normalizeWebsite, uploadKeyOf, websiteField } from './common.js';
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
    '//evil.example',
    'https:////evil.example',
    '/uploads/a/logo.png',
    'data:text/html,<b>x</b>',
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

describe('isWebUrl and imageUrlField (ADR 034)', () => {
  it('isWebUrl takes an absolute http(s) address of a named host only, as typed', () => {
    for (const ok of ['https://cdn.htx.vn/logo.png', 'http://a.vn/x?y=1#z', 'HTTPS://HTX.VN/A.PNG'])
      expect(isWebUrl(ok), ok).toBe(true);
    for (const bad of [
      'htx.vn/logo.png',
      '//evil.example/x',
      'https:////evil.example',
      'https:/evil.example',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'https://a.vn/x\u0001',
      'https://a.vn/\\x',
      ' https://a.vn',
      'https://localhost/x',
    ])
      expect(isWebUrl(bad), bad).toBe(false);
  });

  it('uploadKeyOf reads the key of an upload path, never a path out of /uploads', () => {
    expect(uploadKeyOf('/uploads/agrihub/2025/01/ab12.png')).toBe('agrihub/2025/01/ab12.png');
    for (const bad of [
      '/uploads/../api',
      '/uploads/a/../../b',
      '/uploads/',
      '/uploads/a.png?x=1',
      '/upload/a.png',
      'uploads/a.png',
    ])
      expect(uploadKeyOf(bad), bad).toBeNull();
  });

  it('imageUrlField: a web address or an upload path, trimmed; else invalidImageUrl or tooLong, in both languages', () => {
    const body = z.object({ logo: imageUrlField(40) });
    expect(body.parse({ logo: ' /uploads/a/b.png ' })).toEqual({ logo: '/uploads/a/b.png' });
    expect(body.parse({ logo: 'https://a.vn/b.png' })).toEqual({ logo: 'https://a.vn/b.png' });
    const issue = (logo: unknown) => body.safeParse({ logo }).error?.issues[0]?.message;
    expect(issue('javascript:alert(1)')).toBe('invalidImageUrl');
    expect(issue('//evil.example/x.png')).toBe('invalidImageUrl');
    expect(issue(`https://a.vn/${'x'.repeat(40)}`)).toBe('tooLong');
    expect(translate('vi', 'invalidImageUrl')).toBe(
      'Ảnh phải là ảnh bạn đã tải lên hoặc một địa chỉ web bắt đầu bằng http:// hoặc https://.',
    );
    expect(translate('en', 'invalidImageUrl')).toBe(
      'The image must be one you uploaded or a web address starting with http:// or https://.',
    );
  });
});
