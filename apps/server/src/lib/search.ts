import { or, sql, type SQL } from 'drizzle-orm';
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
