import { describe, expect, it } from 'vitest';
import { detectLocale, formatDate } from './i18n';

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
});
