import { describe, expect, it } from 'vitest';
import { neutralizeFormula, restoreFormula, spreadsheetText, withoutXmlForbidden } from './cell-text.js';

describe('spreadsheet text (ADR 034)', () => {
  const LEADS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

  it('a text a spreadsheet would run gets a leading quote; the import takes it off again', () => {
    for (const lead of LEADS) {
      const text = `${lead}HYPERLINK("http://evil.example")`;
      expect(neutralizeFormula(text)).toBe(`'${text}`);
      expect(restoreFormula(neutralizeFormula(text))).toBe(text);
    }
    for (const text of ['Chè Shan tuyết', 'a=1', ' =1', "'quoted", '']) {
      expect(neutralizeFormula(text)).toBe(text);
      expect(restoreFormula(text)).toBe(text);
    }
  });

  it('drops every character XML 1.0 forbids and keeps the rest, astral characters included', () => {
    const forbidden = '\u0000\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF\uDFFF\uD800';
    expect(withoutXmlForbidden(`Gạo${forbidden} ST25\t\n\r 🌾`)).toBe('Gạo ST25\t\n\r 🌾');
  });

  it('a dropped character never uncovers a formula behind it', () => {
    expect(spreadsheetText('\u0001=cmd')).toBe("'=cmd");
    expect(spreadsheetText('\uFFFE\t=1')).toBe("'\t=1");
  });
});
