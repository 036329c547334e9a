import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '@agrihub/contract/schemas/services';
import en from '../../../public/locales/en/services-setting.json';
import vi from '../../../public/locales/vi/services-setting.json';
import { translationKeys as keys, type TranslationTree as Json } from '../../lib/translation-keys';

const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('services-setting translations', () => {
  const viKeys = new Set(keys(vi));

  it('English has exactly the Vietnamese keys', () => {
    expect(keys(en as Json).sort()).toEqual([...viKeys].sort());
  });

  it('every literal key the page uses exists, and every flow type has a label', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
    for (const type of SERVICE_TYPES) expect(viKeys.has(`type.${type}`)).toBe(true);
    for (const k of ['table.nowAvailable', 'table.nowUnavailable']) expect(viKeys.has(k)).toBe(true);
  });
});
