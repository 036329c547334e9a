import { describe, expect, it } from 'vitest';
import { isValidGln } from './gln.js';
import { withCheckDigit } from './gtin.js';

describe('GLN', () => {
  it('accepts 13 digits with the right GS1 check digit', () => {
    expect(isValidGln('0614141000005')).toBe(true); // GS1's own example GLN
    expect(isValidGln(withCheckDigit('893458800001'))).toBe(true); // a GS1 Vietnam prefix
  });

  it('refuses a wrong check digit, another length, non-digits and nothing', () => {
    expect(isValidGln('0614141000006')).toBe(false);
    expect(isValidGln('061414100000')).toBe(false); // 12 digits
    expect(isValidGln('10614141000002')).toBe(false); // a valid GTIN-14, not a GLN
    expect(isValidGln('06141410000O5')).toBe(false);
    expect(isValidGln(' 0614141000005')).toBe(false);
    expect(isValidGln('')).toBe(false);
    expect(isValidGln(null)).toBe(false);
  });
});
