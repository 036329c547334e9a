import { like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A LIKE/ILIKE pattern matching `q` anywhere, with the wildcards of `q` itself escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The list search: `q` found anywhere in any of `columns`, ignoring case and Vietnamese accents
 * ("dak lak" finds "Đắk Lắk", "d" matches "đ"). `f_unaccent` is the immutable unaccent wrapper of
 * migration 0004, which also puts trigram indexes on the searched names.
 */
export function textSearch(q: string, ...columns: AnyPgColumn[]): SQL | undefined {
  const pattern = containsPattern(q);
  return or(...columns.map((c) => sql`lower(f_unaccent(${c})) like lower(f_unaccent(${pattern}))`));
}

/**
 * textSearch over a stored search column: the searched fields joined by chr(31) and already
 * lowered and unaccented by PostgreSQL (a generated column with its trigram index, migration
 * 0023), so `q` costs one index lookup instead of unaccenting every row's fields (ADR 027).
 */
export function storedSearch(q: string, column: AnyPgColumn): SQL {
  return sql`${column} like lower(f_unaccent(${containsPattern(q)}))`;
}

/**
 * `q` as (part of) a phone number stored in E.164 (`+84912345678`): typed the Vietnamese way
 * (`0912 345`, `+84 912`, `345.678`) its digits after the country code or the leading 0, when there
 * are at least 3; null when `q` has anything but digits, separators and a `+`.
 */
export function phoneDigits(q: string): string | null {
  const text = q.trim();
  if (!/^\(?\+?[\d\s.()-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (/^\(?(\+|00)84/.test(text)) digits = digits.replace(/^(00)?84/, '');
  else digits = digits.replace(/^0/, '');
  return digits.length >= 3 ? digits : null;
}

/** The phone columns (E.164) whose number contains what `q` typed (see phoneDigits); undefined when `q` is no number. */
export function phoneSearch(q: string, ...columns: AnyPgColumn[]): SQL | undefined {
  const digits = phoneDigits(q);
  if (!digits) return undefined;
  return or(...columns.map((c) => like(c, `%${digits}%`)));
}
