import { describe, expect, it } from 'vitest';
import { translationKeys, type TranslationTree } from '../lib/translation-keys';
import source from './rich-text-editor-core.tsx?raw';
import vi from '../../public/locales/vi/rich-text.json';
import en from '../../public/locales/en/rich-text.json';

/** The rich text editor's texts (namespace `rich-text`): both languages, every key it uses, every tool named. */
describe('rich text editor translations', () => {
  const viKeys = translationKeys(vi);

  it('English has exactly the Vietnamese keys', () => {
    expect(translationKeys(en as TranslationTree).sort()).toEqual([...viKeys].sort());
  });

  it('every key the editor uses exists', () => {
    const used = [...source.matchAll(/\bt\(\s*'([a-zA-Z_.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThanOrEqual(25);
    expect(used.filter((k) => !viKeys.includes(k))).toEqual([]);
    for (const a of ['left', 'center', 'right']) expect(viKeys).toContain(`tools.align.${a}`);
  });

  it('every toolbar button has an accessible name and a tooltip', () => {
    // Tools are <Tool label=…>: one label makes the aria-label and the tooltip; the image button sets both itself.
    expect(source).toMatch(/<Tooltip title=\{label\}[\s\S]*?aria-label=\{label\}/);
    const tools = source.split('<Tool\n').slice(1);
    expect(tools.length).toBeGreaterThanOrEqual(19);
    for (const tool of tools) expect(tool).toMatch(/^\s*(key=\{a\}\s*)?label=\{t\(/);
    expect(source).toMatch(/<Tooltip title=\{t\('tools\.image'\)\}[\s\S]*?aria-label=\{t\('tools\.image'\)\}/);
  });
});
