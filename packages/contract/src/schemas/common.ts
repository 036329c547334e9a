import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.js';
import { LOCALES } from '../platforms.js';

/**
 * Shared field schemas. Custom messages are keys of ../messages.
 *
 * Every request schema builds on the pieces below, so that no input the database cannot store
 * reaches it (which would answer 500): text without NUL or lone surrogates, integers within their
 * column's type, real calendar dates within a sane range.
 */

/** Largest value of a PostgreSQL `integer` (int4): serial ids and int4 columns. */
export const INT4_MAX = 2_147_483_647;
/** Largest value of a PostgreSQL `smallint`. */
export const INT2_MAX = 32_767;
/** Dates and times accepted in requests: years MIN_YEAR..MAX_YEAR. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A text PostgreSQL can store: no NUL character and no lone UTF-16 surrogate. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * The start of every text field of a request (body, query, path, form, header): a string without
 * NUL or lone surrogates (422 `invalidCharacters`). Chain `.trim()`, `.min()`, `.max()`… as on z.string().
 */
export function textField(params?: string | { error?: string }) {
  return z.string(params).refine(isStorableText, { message: 'invalidCharacters', abort: true });
}

/** A whole number that fits the column: 1..INT4_MAX by default. `key` is the message of every failure. */
export function intField(key = 'invalidNumber', min = 1, max = INT4_MAX) {
  return z.number({ error: key }).int({ error: key, abort: true }).min(min, { error: key, abort: true }).max(max, key);
}

/** The id of a record (serial, int4): 1..2147483647. */
export function idField(key = 'invalidId') {
  return intField(key, 1, INT4_MAX);
}

/** An id from a path or a query string (text coerced to a number): 1..2147483647. */
export function idText(key = 'invalidId') {
  return z.coerce
    .number({ error: key })
    .int({ error: key, abort: true })
    .min(1, { error: key, abort: true })
    .max(INT4_MAX, key);
}

export const idParam = z.object({ id: idText() });

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month === 2) return leap ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD`, a real calendar date (no 2024-02-30, no month 13), year MIN_YEAR..MAX_YEAR. Never throws. */
export function isCalendarDate(s: string): boolean {
  const m = DATE_PATTERN.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** A `YYYY-MM-DD` date field (see isCalendarDate). */
export function dateField(key = 'invalidDate') {
  return z
    .string({ error: key })
    .regex(DATE_PATTERN, { error: key, abort: true })
    .refine(isCalendarDate, { message: key, abort: true });
}

/** An ISO-8601 date-time with an offset whose date is real and whose year, local and UTC, is MIN_YEAR..MAX_YEAR. */
export function isDateTimeInRange(s: string): boolean {
  if (!isCalendarDate(s.slice(0, 10))) return false;
  const t = Date.parse(s);
  if (!Number.isFinite(t)) return false;
  const year = new Date(t).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO-8601 date-time with an offset (`2025-03-01T08:00:00+07:00`), see isDateTimeInRange. */
export function dateTimeField(key = 'invalidDateTime') {
  return z.iso.datetime({ offset: true, error: key, abort: true }).refine(isDateTimeInRange, { message: key });
}

/**
 * An e-mail address as it is stored and compared: Unicode NFKC (a full-width `ｐroducer@…` is
 * `producer@…`), trimmed, lower case. Every address a request brings goes through it (ADR 035).
 */
export function normalizeEmail(address: string): string {
  return address.normalize('NFKC').trim().toLowerCase();
}

export const emailField = textField({ error: 'pleaseInputEmail' })
  .overwrite(normalizeEmail)
  .min(1, 'pleaseInputEmail')
  .max(254, 'invalidEmail')
  .regex(EMAIL_PATTERN, 'invalidEmail');

/**
 * The one rule for a URL a user gives (ADR 034): an absolute http(s) address of a named host
 * (`https://htxmocchau.vn/logo.png`): no other scheme (`javascript:`, `data:`, `ftp:`), no
 * protocol-relative `//host`, no spaces or control characters, no credentials, and a public host
 * name (labels of letters, digits and hyphens, IDN as punycode, a top level of 2+ letters).
 */
export function isWebUrl(text: string): boolean {
  // `https:////host` would parse (extra slashes are skipped): the host must follow `//` at once.
  // A URL with a control character is refused, not cleaned.
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/[^/]/i.test(text) || /[\s\u0000-\u001f\u007f\\]/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const labels = url.hostname.split('.');
  if (labels.length < 2 || !/^(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/.test(labels[labels.length - 1])) return false;
  return labels.every((l) => /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/.test(l));
}

/**
 * A website: a web address (isWebUrl). Typed without its scheme (`htxmocchau.vn`) it gets
 * `https://`; anything else is refused (422 `invalidWebsite`): words (`abc`), other schemes,
 * `//host`, spaces, a host without a dot, credentials in the address.
 */
export function normalizeWebsite(input: string): string | null {
  const text = input.trim();
  // A path or a protocol-relative `//host` is not a website typed without its scheme.
  if (!text || text.startsWith('/')) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  return isWebUrl(withScheme) ? withScheme : null;
}

/** The website field of a request: normalizeWebsite, at most `max` characters (422 `invalidWebsite` / `tooLong`). */
export function websiteField(max: number) {
  return textField({ error: 'invalidWebsite' })
    .trim()
    .refine((s) => normalizeWebsite(s) !== null, { message: 'invalidWebsite', abort: true })
    .transform((s) => normalizeWebsite(s) as string)
    .pipe(z.string().max(max, 'tooLong'));
}

/**
 * The path the platform serves an upload under (`/uploads/<key>`, whatever the storage driver):
 * segments of letters, digits, `.`, `_` and `-`, none starting with a dot (no `..`), no query.
 */
const UPLOAD_PATH = /^\/uploads\/((?:[\w-][\w.-]*\/)*[\w-][\w.-]*)$/;

/** The storage key of an upload path of the platform (`/uploads/<key>`), else null. */
export function uploadKeyOf(url: string): string | null {
  return UPLOAD_PATH.exec(url)?.[1] ?? null;
}

/**
 * An image a record points to (a producer's logo): a web address (isWebUrl) or an upload of the
 * platform (`/uploads/<key>`), at most `max` characters (422 `invalidImageUrl` / `tooLong`). The
 * server checks that an upload is the producer's own (422 `invalidUpload`).
 */
export function imageUrlField(max: number) {
  return textField({ error: 'invalidImageUrl' })
    .trim()
    .max(max, 'tooLong')
    .refine((s) => isWebUrl(s) || uploadKeyOf(s) !== null, { message: 'invalidImageUrl' });
}

// The phone field (libphonenumber-js, stored in E.164) is ../phone.ts: its metadata stays out of the pages that need no phone.
export const localeField = z.enum(LOCALES, { error: 'invalidLocale' });
export const isoDateTime = z.string();

export const money = z.object({ cents: z.number().int(), currency_iso: z.literal('VND') });
export type Money = z.infer<typeof money>;

// The list query builder (page, per_page, q, whitelisted sort) is ./list.ts.

/** A list counts its matches up to this many; beyond, it answers `total_capped` ("more than"). */
export const LIST_COUNT_CAP = 10_000;

export const listMeta = z.object({
  total_count: z.number().int(),
  /** More rows match than total_count (= LIST_COUNT_CAP): shown as "more than …". */
  total_capped: z.boolean().optional(),
  current_page: z.number().int(),
  per_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMeta>;

export const messageMeta = z.object({ message: z.string().optional() });

/** `{ data: { [key]: schema }, meta }` */
export function envelope<K extends string, S extends z.ZodType>(key: K, schema: S) {
  return z.object({ data: z.object({ [key]: schema } as { [P in K]: S }), meta: messageMeta.optional() });
}
export function listEnvelope<K extends string, S extends z.ZodType>(key: K, item: S) {
  return z.object({ data: z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<S> }), meta: listMeta });
}
export const okEnvelope = z.object({ data: z.object({}).optional(), meta: messageMeta });

export const fieldError = z.object({ field: z.string(), message: z.string() });
export const errorEnvelope = z.object({
  meta: z.object({ code: z.string(), message: z.string(), errors: z.array(fieldError).optional() }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
