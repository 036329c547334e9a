import { describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/notifications.json';
import vi from '../../../public/locales/vi/notifications.json';
import { translationKeys as keys, type TranslationTree as Json } from '../../lib/translation-keys';

const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const i18nSource = Object.values(
  import.meta.glob<string>('../../lib/i18n.ts', { eager: true, query: '?raw', import: 'default' }),
)[0];

describe('notifications translations', () => {
  const viKeys = new Set(keys(vi));

  it('is a namespace the app loads, English has exactly the Vietnamese keys', () => {
    expect(i18nSource).toMatch(/NAMESPACES = \[[^\]]*'notifications'/);
    expect(keys(en as Json).sort()).toEqual([...viKeys].sort());
  });

  it('every literal key the bell and the page use exists', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
  });

  it('reads in Vietnamese with its diacritics', () => {
    expect(vi.actions.markAllRead).toBe('Đánh dấu tất cả đã đọc');
    expect(vi.list.filterUnread).toBe('Chưa đọc');
  });
});
