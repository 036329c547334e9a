import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatMoney, percent } from './formatters';

describe('formatters', () => {
  it('shows UTC instants in Vietnam time', () => {
    expect(formatDateTime('2022-09-26T17:00:00.000Z', 'vi')).toContain('27/09/2022');
    expect(formatDateTime('2022-09-26T17:00:00.000Z', 'vi')).toContain('00:00');
    expect(formatDate('2022-09-26T16:59:00.000Z', 'en')).toBe('26/09/2022');
    expect(formatDate(null, 'vi')).toBe('');
    expect(formatDate('not a date', 'vi')).toBe('');
  });
  it('formats VND without subunits', () => {
    expect(formatMoney(1_500_000).replace(/\s/g, ' ')).toMatch(/^1\.500\.000 ₫$/);
  });
  it('formats sizes and percentages', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(percent(3, 11)).toBe(27);
    expect(percent(0, 0)).toBe(0);
  });
});
