import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_IN_WORDS_MAX, amountInWords } from './amount-in-words.js';

describe('amountInWords', () => {
  it.each([
    [0, 'Không đồng'],
    [1, 'Một đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [20, 'Hai mươi đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [91, 'Chín mươi mốt đồng'],
    [94, 'Chín mươi tư đồng'],
    [100, 'Một trăm đồng'],
    [101, 'Một trăm linh một đồng'],
    [104, 'Một trăm linh bốn đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [111, 'Một trăm mười một đồng'],
    [115, 'Một trăm mười lăm đồng'],
    [121, 'Một trăm hai mươi mốt đồng'],
    [999, 'Chín trăm chín mươi chín đồng'],
    [1000, 'Một nghìn đồng'],
    [1001, 'Một nghìn không trăm linh một đồng'],
    [1010, 'Một nghìn không trăm mười đồng'],
    [1021, 'Một nghìn không trăm hai mươi mốt đồng'],
    [1105, 'Một nghìn một trăm linh năm đồng'],
    [15_000, 'Mười lăm nghìn đồng'],
    [21_000, 'Hai mươi mốt nghìn đồng'],
    [123_000, 'Một trăm hai mươi ba nghìn đồng'],
    [105_000, 'Một trăm linh năm nghìn đồng'],
    [1_000_000, 'Một triệu đồng'],
    [1_005_000, 'Một triệu không trăm linh năm nghìn đồng'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [2_500_000, 'Hai triệu năm trăm nghìn đồng'],
    [14_250_000, 'Mười bốn triệu hai trăm năm mươi nghìn đồng'],
    [35_754_000, 'Ba mươi lăm triệu bảy trăm năm mươi tư nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_005, 'Một tỷ không trăm linh năm đồng'],
    [1_001_000_000, 'Một tỷ không trăm linh một triệu đồng'],
    [2_015_400_000, 'Hai tỷ không trăm mười lăm triệu bốn trăm nghìn đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [5_000_000_021_000, 'Năm nghìn tỷ không trăm hai mươi mốt nghìn đồng'],
  ])('%d → %s', (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });

  it('writes "lẻ" instead of "linh" when asked, and another currency word or none', () => {
    expect(amountInWords(105_000, { zeroTens: 'lẻ' })).toBe('Một trăm lẻ năm nghìn đồng');
    expect(amountInWords(2_001, { zeroTens: 'lẻ' })).toBe('Hai nghìn không trăm lẻ một đồng');
    expect(amountInWords(21, { currency: '' })).toBe('Hai mươi mốt');
  });

  it('reads the largest amount and bigints', () => {
    expect(amountInWords(AMOUNT_IN_WORDS_MAX)).toMatch(/^Chín trăm chín mươi chín triệu .* tỷ .* chín mươi chín đồng$/);
    expect(amountInWords(1_000_000_000_000_000n)).toBe('Một triệu tỷ đồng');
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(AMOUNT_IN_WORDS_MAX + 1n)).toThrow(RangeError);
  });

  it('never writes the wrong forms, for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: AMOUNT_IN_WORDS_MAX }), (n) => {
        const text = amountInWords(n);
        expect(text).toMatch(/^[A-ZĐ].* đồng$/u);
        // "mươi một", "mươi bốn", "mươi năm" are always "mốt", "tư", "lăm"; "mười" is never "mười mốt".
        expect(text).not.toMatch(/mươi (một|bốn|năm)(?= |$)/);
        expect(text).not.toMatch(/mười (mốt|tư|năm)(?= |$)/);
        // "linh" is followed by one digit word, never by tens or a scale.
        expect(text).not.toMatch(/linh (mười|mươi|trăm|nghìn|triệu|tỷ|đồng)/);
        // Never two spaces, never "không" before a scale word except "không trăm".
        expect(text).not.toMatch(/ {2}|không (nghìn|triệu|tỷ|đồng)/);
        expect(text.split(' ').filter((w) => w === 'đồng')).toHaveLength(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back to the number it was given (a parser of the rules)', () => {
    const digit: Record<string, number> = {
      không: 0,
      một: 1,
      mốt: 1,
      hai: 2,
      ba: 3,
      bốn: 4,
      tư: 4,
      năm: 5,
      lăm: 5,
      sáu: 6,
      bảy: 7,
      tám: 8,
      chín: 9,
    };
    /** The inverse of the rules: each group's hundreds, tens and units, then its scale word. */
    const parse = (text: string): bigint => {
      const words = text
        .toLowerCase()
        .replace(/ đồng$/, '')
        .split(' ');
      let [h, t, u, current, total] = [0n, 0n, 0n, 0n, 0n];
      const flush = () => {
        const g = h * 100n + t * 10n + u;
        [h, t, u] = [0n, 0n, 0n];
        return g;
      };
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        if (w in digit) {
          const d = BigInt(digit[w]);
          if (words[i + 1] === 'trăm') [h, i] = [d, i + 1];
          else if (words[i + 1] === 'mươi') [t, i] = [d, i + 1];
          else u = d;
        } else if (w === 'mười') t = 1n;
        else if (w === 'nghìn') current += flush() * 1000n;
        else if (w === 'triệu') current += flush() * 1_000_000n;
        else if (w === 'tỷ') {
          total += (current + flush()) * 1_000_000_000n;
          current = 0n;
        } else expect(['linh', 'lẻ']).toContain(w);
      }
      return total + current + flush();
    };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (n) => {
        expect(parse(amountInWords(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});
