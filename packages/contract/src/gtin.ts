import { gs1CheckDigit, hasGs1CheckDigit } from './gs1-check-digit.js';

/**
 * GTIN (GS1 Global Trade Item Number) check digits: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13)
 * and GTIN-14. The check digit is mod 10 with weights 3, 1, 3, … counted from the right of the
 * digits before it. GS1 Vietnam's company prefixes start with 893 (e.g. 893xxxxxxxxxC).
 */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;
export const GS1_VIETNAM_PREFIX = '893';

/** The check digit for the given digits (everything but the check digit). */
export const gtinCheckDigit = gs1CheckDigit;

/** True for an 8, 12, 13 or 14 digit string whose last digit is the right check digit. */
export function isValidGtin(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return false;
  if (!(GTIN_LENGTHS as readonly number[]).includes(value.length)) return false;
  return hasGs1CheckDigit(value);
}

/** Left-pads a valid GTIN to 14 digits (the form GS1 Digital Link uses after /01/). */
export function toGtin14(value: string): string {
  if (!isValidGtin(value)) throw new Error(`invalid GTIN: ${value}`);
  return value.padStart(14, '0');
}

/** Appends the check digit: `withCheckDigit('893600000001')` → a valid GTIN-13. */
export function withCheckDigit(body: string): string {
  return body + String(gtinCheckDigit(body));
}
