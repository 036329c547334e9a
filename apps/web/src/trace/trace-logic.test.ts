import { describe, expect, it } from 'vitest';
import { detectLocale, formatDate } from './i18n';
import { batchPath, routeFromPath } from './route';

describe('public trace page helpers', () => {
  it('picks the language from the browser: vi, en, else English abroad', () => {
    expect(detectLocale(['vi-VN', 'en-US'])).toBe('vi');
    expect(detectLocale(['en-GB'])).toBe('en');
    expect(detectLocale(['fr-FR', 'vi'])).toBe('vi');
    expect(detectLocale(['ja-JP'])).toBe('en');
    expect(detectLocale([])).toBe('vi');
  });

  it('shows calendar dates without a time-zone shift', () => {
    expect(formatDate('2025-06-01')).toBe('01/06/2025');
    expect(formatDate(null)).toBe('');
  });

  it('reads a batch (/trace/{code}) or a product (/trace/p/{code}) from the path', () => {
    expect(routeFromPath('/trace/DEMOTRACE0000001')).toEqual({ kind: 'batch', code: 'DEMOTRACE0000001' });
    expect(routeFromPath('/trace/ABC123/extra?x=1')).toEqual({ kind: 'batch', code: 'ABC123' });
    expect(routeFromPath('/trace/p/PRODUCT123')).toEqual({ kind: 'product', code: 'PRODUCT123' });
    expect(routeFromPath('/trace/p/')).toEqual({ kind: 'batch', code: '' });
    expect(routeFromPath('/trace/')).toEqual({ kind: 'batch', code: '' });
    expect(routeFromPath('/trace/%E0%A4%A')).toEqual({ kind: 'batch', code: '' });
    expect(batchPath('LOT 1')).toBe('/trace/LOT%201');
    // The server's 404 page for a Digital Link that resolves to nothing.
    expect(routeFromPath('/01/08936000000011')).toEqual({ kind: 'product', code: '08936000000011', missing: true });
    expect(routeFromPath('/01/08936000000011/10/LOT%2F1/21/x')).toEqual({
      kind: 'batch',
      code: 'LOT/1',
      missing: true,
    });
  });
});
