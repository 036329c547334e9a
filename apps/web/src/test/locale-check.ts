import { describe, expect, it } from 'vitest';
import { translationKeys, type TranslationTree } from '../lib/translation-keys';

/** Every feature's source text (tests left out), keyed `../features/<name>/…`. */
const featureSources = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!../features/**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const bundles = import.meta.glob<TranslationTree>('../../public/locales/*/*.json', { eager: true, import: 'default' });

function bundle(lng: 'vi' | 'en', ns: string): TranslationTree {
  const found = bundles[`../../public/locales/${lng}/${ns}.json`];
  if (!found) throw new Error(`missing ${lng}/${ns}.json`);
  return found;
}

/** A `t('a.b')` call with a literal dotted key; the key is the first group. */
const LITERAL_KEY = /\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g;

interface FeatureLocales {
  /** The namespace, also the feature folder under src/features. */
  ns: string;
  /** The literal keys the feature uses: fewer than this means the pattern no longer finds them. */
  minUsed: number;
  /** Who uses the keys, for the test's name ("pages", "page", …). */
  users?: string;
  /** How a used key is written (first group: the key within the namespace). */
  pattern?: RegExp;
  /** Further checks of the namespace's Vietnamese keys, run with the usage check. */
  also?: (viKeys: Set<string>) => void;
}

/**
 * The translation checks every feature namespace shares: English has exactly the Vietnamese keys,
 * and every literal key the feature's sources use exists (`also` adds the feature's own families).
 * `more` declares further tests inside the same describe.
 */
export function describeFeatureLocales(
  { ns, minUsed, users = 'pages', pattern = LITERAL_KEY, also }: FeatureLocales,
  more?: () => void,
) {
  describe(`${ns} translations`, () => {
    const viKeys = new Set(translationKeys(bundle('vi', ns)));

    it('English has exactly the Vietnamese keys', () => {
      expect(translationKeys(bundle('en', ns)).sort()).toEqual([...viKeys].sort());
    });

    it(`every literal key the ${users} use exists`, () => {
      const prefix = `../features/${ns}/`;
      const used = new Set<string>();
      for (const [file, src] of Object.entries(featureSources)) {
        if (!file.startsWith(prefix)) continue;
        for (const m of src.matchAll(pattern)) used.add(m[1]);
      }
      expect(used.size).toBeGreaterThan(minUsed);
      expect([...used].filter((k) => !viKeys.has(k))).toEqual([]);
      also?.(viKeys);
    });

    more?.();
  });
}
