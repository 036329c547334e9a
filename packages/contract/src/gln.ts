import { hasGs1CheckDigit } from './gs1-check-digit.js';

/**
 * GLN (GS1 Global Location Number): 13 digits, the last the GS1 mod-10 check digit. A location
 * with a GLN is `urn:epc:id:sgln:…` in EPCIS (DESIGN §5.6).
 */
export const GLN_LENGTH = 13;

/** True for 13 digits whose last digit is the right check digit (`8934588000009`). */
export function isValidGln(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.length === GLN_LENGTH && hasGs1CheckDigit(value);
}
