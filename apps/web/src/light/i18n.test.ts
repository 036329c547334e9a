import { describe, expect, it } from 'vitest';
import { detectLocale, formatters, interpolate, translator } from './i18n';

describe('light entries i18n', () => {
  it('picks an offered browser language; a reader abroad gets English where it is offered', () => {
    expect(detectLocale(['fr-FR', 'vi'])).toBe('vi');
    expect(detectLocale(['en-US'], ['vi'])).toBe('vi');
    expect(detectLocale(['ja-JP'], ['vi', 'en'])).toBe('en');
    expect(detectLocale(['ja-JP'], ['vi'])).toBe('vi');
    expect(detectLocale([], ['vi', 'en'])).toBe('vi');
  });

  it('fills placeholders and falls back to Vietnamese for a missing English text', () => {
    expect(interpolate('{{a}} và {{b}}', { a: 1 })).toBe('1 và ');
    const t = translator(
      { vi: { hi: 'Xin chào {{name}}', only: 'Chỉ tiếng Việt' }, en: { hi: 'Hello {{name}}' } as never },
      'en',
    );
    expect(t('hi', { name: 'Lan' })).toBe('Hello Lan');
    expect(t('only')).toBe('Chỉ tiếng Việt');
  });

  it('shows instants in Vietnam time', () => {
    expect(formatters('vi').formatDateTime('2026-01-31T18:30:00Z')).toBe('01:30 01/02/2026');
  });
});
