import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, toGtin14, withCheckDigit } from './gtin.js';

describe('GTIN check digits', () => {
  it('accepts known valid codes of every length', () => {
    expect(isValidGtin('96385074')).toBe(true); // GTIN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13
    expect(isValidGtin('8934588012112')).toBe(true); // a GS1 Vietnam code
    expect(isValidGtin('10036000291459')).toBe(true); // GTIN-14
  });

  it('refuses a wrong check digit, wrong lengths and non-digits', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('8934588012113')).toBe(false);
    expect(isValidGtin('123456789')).toBe(false);
    expect(isValidGtin('40063813339A1')).toBe(false);
    expect(isValidGtin('')).toBe(false);
    expect(isValidGtin(null)).toBe(false);
  });

  it('computes and appends the check digit', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(withCheckDigit('893458801211')).toBe('8934588012112');
    for (let i = 0; i < 200; i++) {
      const body = '893' + String(i * 7919).padStart(9, '0');
      const full = withCheckDigit(body);
      expect(isValidGtin(full)).toBe(true);
      const wrong = body + String((Number(full.at(-1)) + 1) % 10);
      expect(isValidGtin(wrong)).toBe(false);
    }
  });

  it('pads to GTIN-14', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('10036000291459')).toBe('10036000291459');
    expect(() => toGtin14('4006381333932')).toThrow();
  });
});
