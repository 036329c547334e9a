import { describe, expect, it } from 'vitest';
import { translationKeys, type TranslationTree } from '../lib/translation-keys';
import source from './contact-form.tsx?raw';
import vi from '../../public/locales/vi/contact.json';
import en from '../../public/locales/en/contact.json';

/** The shared contact form's texts (namespace `contact`): both languages, and every key it uses. */
describe('contact form translations', () => {
  const viKeys = translationKeys(vi);

  it('English has exactly the Vietnamese keys', () => {
    expect(translationKeys(en as TranslationTree).sort()).toEqual([...viKeys].sort());
  });

  it('every key the form uses exists', () => {
    const used = [...source.matchAll(/\bt\(\s*'contact:([a-zA-Z_.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThanOrEqual(12);
    expect(used.filter((k) => !viKeys.includes(k))).toEqual([]);
  });
});
