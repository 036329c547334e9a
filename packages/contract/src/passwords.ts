import { COMMON_PASSWORDS } from './common-passwords.js';
import { normalizeEmail } from './schemas/common.js';

/**
 * What a new password must not be, besides its 6–18 length (spec §5; ADR 035): one of the 10,000
 * most common passwords (./common-passwords.ts), whatever its case, nor the account's own e-mail
 * address or the part before its `@` (from OWN_EMAIL_MIN_LOCAL characters: `an@…` does not refuse
 * every password holding "an").
 */
export const OWN_EMAIL_MIN_LOCAL = 3;

/** How passwords are compared with the list and the e-mail: NFKC, lower case. */
const folded = (s: string) => s.normalize('NFKC').toLowerCase();

let common: Set<string> | undefined;
/** One of the 10,000 most common passwords, case-insensitively (`PASSWORD1` is `password1`). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n').filter(Boolean).map(folded));
  return common.has(folded(password));
}

/** The password holds the account's e-mail address, or its part before the `@`. */
export function containsOwnEmail(password: string, email: string): boolean {
  const address = normalizeEmail(email);
  const local = address.slice(0, address.lastIndexOf('@'));
  const p = folded(password);
  return p.includes(address) || (local.length >= OWN_EMAIL_MIN_LOCAL && p.includes(local));
}

export type PasswordRefusal = 'passwordTooCommon' | 'passwordContainsEmail';

/** Why `password` may not be the new password of the account `email` (a message key), or null. */
export function passwordRefusal(password: string, email?: string): PasswordRefusal | null {
  if (isCommonPassword(password)) return 'passwordTooCommon';
  if (email && containsOwnEmail(password, email)) return 'passwordContainsEmail';
  return null;
}
