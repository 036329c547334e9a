import { describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/services-approval.json';
import vi from '../../../public/locales/vi/services-approval.json';
import { translationKeys as keys, type TranslationTree as Json } from '../../lib/translation-keys';

const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('services-approval translations', () => {
  const viKeys = new Set(keys(vi));

  it('English has exactly the Vietnamese keys', () => {
    expect(keys(en as Json).sort()).toEqual([...viKeys].sort());
  });

  it('every literal key the pages use exists, and each templated family is complete', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
    for (const k of ['lock', 'unlock']) {
      for (const leaf of ['done', 'oneTitle', 'oneContent']) expect(viKeys.has(`${k}.${leaf}`), `${k}.${leaf}`).toBe(true);
      expect(viKeys.has(`actions.${k}`)).toBe(true);
    }
    for (const k of ['forward', 'back']) expect(viKeys.has(`move.${k}`)).toBe(true);
    for (const f of ['contact_name', 'phone', 'email', 'company', 'address', 'note']) expect(viKeys.has(`form.${f}`)).toBe(true);
  });
});
