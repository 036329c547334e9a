/**
 * An amount of money in Vietnamese words, as written on an order or an invoice
 * ("Bằng chữ: Một trăm hai mươi ba nghìn đồng"). No zod: the web and the PDF import it alone.
 *
 * The reading rules:
 * - digits: không, một, hai, ba, bốn, năm, sáu, bảy, tám, chín;
 * - tens: "mười" for 1 (mười, mười một, mười lăm), "<digit> mươi" from 2 (hai mươi, chín mươi);
 * - units after the tens: 1 is "mốt" after "mươi" (hai mươi mốt) but "một" after "mười" or
 *   "linh" (mười một, một trăm linh một); 5 is "lăm" after a tens word (mười lăm, hai mươi lăm)
 *   but "năm" after "linh" or alone (một trăm linh năm, năm); 4 is "tư" after "mươi"
 *   (hai mươi tư, chín mươi tư) but "bốn" elsewhere (mười bốn, một trăm linh bốn);
 * - a zero tens digit between hundreds (or a group before it) and a unit is "linh" — or "lẻ",
 *   its southern form, with `{ zeroTens: 'lẻ' }`: một trăm linh năm, hai nghìn không trăm linh một;
 * - groups of three digits take nghìn, triệu, tỷ; above a tỷ the count of tỷ is read the same way
 *   (một nghìn tỷ, ba trăm triệu tỷ); a group of zeros is left out (một triệu đồng, một tỷ không
 *   trăm linh năm đồng), and a group after a non-zero one reads its hundreds even when zero
 *   (một nghìn không trăm hai mươi mốt);
 * - the first letter is a capital, and the words end with "đồng".
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;

/** The largest amount read: 999 999 999 999 999 999 đồng (a quintillion is far beyond any order). */
export const AMOUNT_IN_WORDS_MAX = 999_999_999_999_999_999n;

export interface AmountInWordsOptions {
  /** The word for a zero tens digit before a unit: "linh" (default) or "lẻ". */
  zeroTens?: 'linh' | 'lẻ';
  /** The currency word at the end (default "đồng"); '' for none. */
  currency?: string;
}

/**
 * Words for 0..999. `full`: the group follows a non-zero group, so its hundreds are read even when
 * zero ("không trăm") and a lone unit takes "linh" (một nghìn không trăm linh năm).
 */
function group(n: number, full: boolean, zeroTens: string): string[] {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const units = n % 10;
  const words: string[] = [];
  if (hundreds > 0 || full) words.push(DIGITS[hundreds], 'trăm');
  if (tens === 0) {
    if (units === 0) return words;
    if (words.length) words.push(zeroTens);
    words.push(DIGITS[units]);
    return words;
  }
  if (tens === 1) words.push('mười');
  else words.push(DIGITS[tens], 'mươi');
  if (units === 0) return words;
  if (units === 1) words.push(tens === 1 ? 'một' : 'mốt');
  else if (units === 4) words.push(tens === 1 ? 'bốn' : 'tư');
  else if (units === 5) words.push('lăm');
  else words.push(DIGITS[units]);
  return words;
}

const SCALES = ['', 'nghìn', 'triệu'] as const;

/**
 * Words for 1..999 999 999 999 999 999 (no currency, lower case). `full` as in `group`: the number
 * follows a non-zero part, so its first group is read in full.
 */
function words(n: bigint, full: boolean, zeroTens: string): string[] {
  const billion = 1_000_000_000n;
  if (n >= billion) {
    const high = n / billion;
    const low = n % billion;
    const out = [...words(high, full, zeroTens), 'tỷ'];
    return low > 0n ? [...out, ...words(low, true, zeroTens)] : out;
  }
  // Up to three groups: triệu, nghìn, units.
  const groups = [Number(n / 1_000_000n), Number((n / 1000n) % 1000n), Number(n % 1000n)];
  const out: string[] = [];
  let started = full;
  groups.forEach((g, i) => {
    if (g === 0) return;
    out.push(...group(g, started, zeroTens));
    const scale = SCALES[2 - i];
    if (scale) out.push(scale);
    started = true;
  });
  return out;
}

/**
 * `vnd` (a whole number of đồng, 0..AMOUNT_IN_WORDS_MAX) in Vietnamese words with a capital first
 * letter: `amountInWords(123000)` → "Một trăm hai mươi ba nghìn đồng". Throws a RangeError for a
 * negative, fractional or too large amount (money here is always whole đồng).
 */
export function amountInWords(vnd: number | bigint, opts: AmountInWordsOptions = {}): string {
  if (typeof vnd === 'number' && (!Number.isSafeInteger(vnd) || vnd < 0)) {
    throw new RangeError(`amountInWords: ${vnd} is not a whole, non-negative, safe number of đồng`);
  }
  const n = BigInt(vnd);
  if (n < 0n || n > AMOUNT_IN_WORDS_MAX) throw new RangeError(`amountInWords: ${n} is out of range`);
  const zeroTens = opts.zeroTens ?? 'linh';
  const currency = opts.currency ?? 'đồng';
  const body = n === 0n ? ['không'] : words(n, false, zeroTens);
  const text = [...body, ...(currency ? [currency] : [])].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
