import { describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/admin-producers.json';
import vi from '../../../public/locales/vi/admin-producers.json';
import { translationKeys as keys, type TranslationTree as Json } from '../../lib/translation-keys';

const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('admin-producers translations', () => {
  const viKeys = new Set(keys(vi));

  it('English has exactly the Vietnamese keys', () => {
    expect(keys(en as Json).sort()).toEqual([...viKeys].sort());
  });

  it('every literal key the pages use exists', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
    for (const a of ['approve', 'reopen']) expect(viKeys.has(`${a}.title`) && viKeys.has(`${a}.content`)).toBe(true);
  });
});
