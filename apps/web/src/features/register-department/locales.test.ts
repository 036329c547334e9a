import { describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/register-department.json';
import vi from '../../../public/locales/vi/register-department.json';
import { translationKeys as keys, type TranslationTree as Json } from '../../lib/translation-keys';

const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('register-department translations', () => {
  const viKeys = new Set(keys(vi));

  it('English has exactly the Vietnamese keys', () => {
    expect(keys(en as Json).sort()).toEqual([...viKeys].sort());
  });

  it('every literal key the page uses exists', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'register-department:([a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
  });
});
