import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';
import { textField } from './schemas/common.js';

/**
 * Phone numbers, one rule for the server and the web (DESIGN.md §8), by libphonenumber-js with its
 * `min` metadata (every country's number lengths and general pattern, ~29 KB gzip: the `max` set
 * would add ~20 KB for number types we never ask). Vietnam is the default country, so a number may be
 * typed the Vietnamese way (`0912 345 678`, `(028) 3823 4567`, `0912.345.678`) or with its country
 * code (`+84 912 345 678`, `84 912 345 678`, `0084…`); a foreign number needs its `+` code.
 *
 * A number is accepted when libphonenumber-js finds it valid for its country: every real number in
 * the spec §5 shape (`PHONE_PATTERN`: optional +, optional parentheses, 3 + 3 + 4–6 digits) passes,
 * digits in that shape that are no number anywhere (`000 000 0000`) do not. It is stored in E.164
 * (`+84912345678`), so one number typed two ways is one value (search, duplicates), and shown the
 * Vietnamese way by formatPhone (`0912 345 678`, `028 3823 4567`).
 *
 * Keep this module out of the light pages (trace, news, FAQs): its metadata is their size budget.
 * Their footer's hotline comes formatted from the server (`hotline_display`).
 */

/** What a number may be typed with: digits, spaces, dots, dashes, parentheses and one leading `+`. */
const TYPED = /^\(?\+?[\d\s.()-]+$/;
/** Longer input is no phone number (E.164 has at most 15 digits; separators and a `(0)` leave room). */
export const PHONE_INPUT_MAX = 40;

const DEFAULT_COUNTRY = 'VN';

function parse(text: string): PhoneNumber | undefined {
  if (!text || text.length > PHONE_INPUT_MAX || !TYPED.test(text)) return undefined;
  const number = parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  return number?.isValid() ? number : undefined;
}

/** The number in E.164 (`+84912345678`), or null when `input` is not a valid phone number. */
export function normalizePhone(input: string): string | null {
  return parse(input.trim())?.number ?? null;
}

export const isPhone = (input: string): boolean => normalizePhone(input) !== null;

/**
 * A stored number as people read it: a Vietnamese one in the national way (`0912 345 678`,
 * `028 3823 4567`, `1800 1234`), a foreign one in the international way (`+1 650 253 0000`).
 * Anything else (text stored before the rule) is shown as it is; nothing gives ''.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const number = parse(value.trim());
  if (!number) return value;
  return number.countryCallingCode === '84' ? number.formatNational() : number.formatInternational();
}

/** A `tel:` link for a stored number (E.164 when it is one, else its digits and +). */
export function phoneHref(value: string): string {
  return `tel:${normalizePhone(value) ?? value.replace(/[^\d+]/g, '')}`;
}

/**
 * The phone field of every request (422 `invalidPhone`): text checked by normalizePhone, answered as
 * its E.164. Chain `.nullable()` / `.optional()` and wrap in a blank-to-null preprocess as the
 * request needs.
 */
export const phoneField = textField({ error: 'invalidPhone' })
  .trim()
  .refine(isPhone, { message: 'invalidPhone', abort: true })
  .transform((s) => normalizePhone(s) as string);
