import { expect, it } from 'vitest';
import { translationKeys } from '../../lib/translation-keys';
import panelSource from '../../components/product-sale-channels.tsx?raw';
import detailSource from '../../components/sale-channel-reference-detail.tsx?raw';
import syncLogSource from '../../components/sale-channel-sync-log.tsx?raw';
import vi from '../../../public/locales/vi/sales-channels.json';
import { describeFeatureLocales } from '../../test/locale-check';

const REQUIREMENT_KEYS = ['gtin', 'min_images', 'approved_product', 'price', 'min_description'] as const;

describeFeatureLocales(
  {
    ns: 'sales-channels',
    minUsed: 60,
    pattern: /\bt\(\s*'(?:sales-channels:)?([a-zA-Z]+\.[a-zA-Z_.]+)'/g,
    // The requirement lines are looked up by the channel's requirement keys (lib/sale-channels.ts).
    also: (viKeys) => expect(REQUIREMENT_KEYS.filter((k) => !viKeys.has(`requirement.${k}`))).toEqual([]),
  },
  () => {
    it.each([
      ["the product page's panel", panelSource, 6],
      ['the registration detail', detailSource, 15],
      ['the sync log', syncLogSource, 6],
    ])('every key %s (src/components) uses exists', (_name, source, min) => {
      const keys = new Set(translationKeys(vi));
      const used = [...source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)].map((m) => m[1]);
      expect(used.length).toBeGreaterThanOrEqual(min);
      expect(used.filter((k) => !keys.has(k))).toEqual([]);
    });
  },
);
