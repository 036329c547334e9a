import { asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, type ListMeta, type ListQuery } from '@agrihub/contract';
import type { Db, Tx } from '../db/client.js';
import { unprocessable } from './errors.js';
import { phoneSearch, storedSearch, textSearch } from './search.js';

/**
 * What one list offers: the column of each whitelisted sort field (the contract's
 * `listQuery(fields)` refuses any other), the columns `q` searches, and the id that breaks ties
 * so that pages never overlap.
 */
export interface ListSpec<F extends string, C extends AnyPgColumn | SQL = AnyPgColumn> {
  /** A column, or an expression when the sorted value is computed (a coalesce). */
  sorts: Record<F, C>;
  search: AnyPgColumn[];
  /** The stored accent-free text of `search` (a generated column with a trigram index): searched instead. */
  searchColumn?: AnyPgColumn;
  /** Phone columns (E.164) that `q` also finds typed the Vietnamese way (`0912 345 678`). */
  phones?: AnyPgColumn[];
  tiebreak: AnyPgColumn;
}

/** The pieces of a list query: LIMIT/OFFSET, ORDER BY, the search condition and the meta builder. */
export interface ListPlan {
  limit: number;
  offset: number;
  orderBy: SQL[];
  /** `q` found in any searched column, accent- and case-free; undefined without `q`. */
  search: SQL | undefined;
  meta(total: TotalOf): ListMeta;
}

/** A list's count as a query answers it, or counted up to LIST_COUNT_CAP (cappedCount). */
type TotalOf = number | string | bigint | null | undefined | CappedTotal;

export interface CappedTotal {
  count: number;
  /** More rows match than `count` (= LIST_COUNT_CAP). */
  capped: boolean;
}

/**
 * How many rows of `table` match `where`, counting no further than LIST_COUNT_CAP + 1: a list of a
 * hundred thousand rows answers "more than 10,000" as fast as one of ten thousand (ADR 027).
 */
export async function cappedCount(db: Db | Tx, table: PgTable, where: SQL | undefined): Promise<CappedTotal> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} limit ${LIST_COUNT_CAP + 1}) x`,
  );
  const n = Number(res.rows[0]?.n ?? 0);
  return { count: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
}

/** The sort column and direction of `sort` (`field` / `-field`); 422 invalidSort outside the whitelist. */
export function sortColumn<F extends string, C extends AnyPgColumn | SQL>(
  spec: ListSpec<F, C>,
  sort: string,
): { column: C; desc: boolean } {
  const field = sort.replace(/^-/, '');
  if (!Object.prototype.hasOwnProperty.call(spec.sorts, field)) throw unprocessable('invalidSort', {}, 'sort');
  return { column: spec.sorts[field as F], desc: sort.startsWith('-') };
}

/** ORDER BY of `sort`, ties broken by the id in the same direction. */
export function orderOf<F extends string, C extends AnyPgColumn | SQL>(spec: ListSpec<F, C>, sort: string): SQL[] {
  const { column, desc: down } = sortColumn(spec, sort);
  const dir = down ? desc : asc;
  return [dir(column), dir(spec.tiebreak)];
}

export function listMeta(q: Pick<ListQuery, 'page' | 'per_page'>, total: TotalOf): ListMeta {
  const page = { current_page: q.page, per_page: q.per_page };
  if (typeof total === 'object' && total !== null)
    return { total_count: total.count, ...(total.capped ? { total_capped: true } : {}), ...page };
  return { total_count: Number(total ?? 0), ...page };
}

/** The paging of a list in a fixed order without search (a history, the notifications). */
export function pagePlan(q: Pick<ListQuery, 'page' | 'per_page'>): Pick<ListPlan, 'limit' | 'offset' | 'meta'> {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page, meta: (total) => listMeta(q, total) };
}

/** `q` in a list's searched columns (accent- and case-free) or its phone columns; undefined without `q`. */
export function listSearch(
  q: string | undefined,
  spec: Pick<ListSpec<string>, 'search' | 'searchColumn' | 'phones'>,
): SQL | undefined {
  if (!q) return undefined;
  const text = spec.searchColumn ? storedSearch(q, spec.searchColumn) : textSearch(q, ...spec.search);
  return or(text, spec.phones && phoneSearch(q, ...spec.phones));
}

/** One list request (already validated by the contract's list query) turned into query pieces. */
export function listPlan<F extends string, C extends AnyPgColumn | SQL>(q: ListQuery, spec: ListSpec<F, C>): ListPlan {
  return {
    ...pagePlan(q),
    orderBy: orderOf(spec, q.sort),
    search: listSearch(q.q, spec),
  };
}
