import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, type BATCH_SORT_FIELDS, type BatchState } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { products, traceabilities } from '../../db/schema/index.js';
import { cappedCount, orderOf, sortColumn, type ListSpec } from '../../lib/list.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { storedSearch } from '../../lib/search.js';

export interface BatchFilters {
  q?: string;
  status?: BatchState;
  product_id?: number;
  from?: string;
  to?: string;
  ids?: number[];
  sort: string;
}

function stateCondition(state: BatchState): SQL | undefined {
  const t = traceabilities;
  switch (state) {
    case 'draft':
      return eq(t.status, 'draft');
    case 'published':
      return and(eq(t.status, 'published'), isNull(t.heldAt), isNull(t.recalledAt));
    case 'on_hold':
      return and(eq(t.status, 'published'), isNotNull(t.heldAt), isNull(t.recalledAt));
    case 'recalled':
      return and(eq(t.status, 'published'), isNotNull(t.recalledAt));
  }
}

/**
 * The batch list (and its export): sorts of the contract's BATCH_SORT_FIELDS (each the walk of an
 * index that starts with the owner); q in lot code and public code (the batch's stored search
 * text) or in its product's name, English name, SKU and GTIN (the product's; batchSearch).
 */
export const BATCH_LIST: ListSpec<(typeof BATCH_SORT_FIELDS)[number]> = {
  sorts: {
    created_at: traceabilities.createdAt,
    production_date: traceabilities.productionDate,
    lot_code: traceabilities.lotCode,
  },
  search: [traceabilities.lotCode, traceabilities.publicCode],
  searchColumn: traceabilities.searchText,
  tiebreak: traceabilities.id,
};

/**
 * `q` in the batch or in its product: the products of this owner matching `q` are read first (a
 * trigram index lookup), so each side is an index condition on the batches (ADR 027).
 */
function batchSearch(actor: OwnerRef, q: string): SQL {
  return or(
    storedSearch(q, traceabilities.searchText),
    sql`${traceabilities.productId} = any(${matchingProducts(actor, q)})`,
  )!;
}

/** The ids of the owner's products matching `q`, as an array (one trigram index lookup). */
const matchingProducts = (actor: OwnerRef, q: string) =>
  sql`array(select ${products.id} from ${products} where ${ownedBy(products, actor)} and ${storedSearch(q, products.searchText)})`;

/**
 * The batches of the owner's products matching `q`, counted up to LIST_COUNT_CAP + 1 from the
 * product index alone (an index-only scan: the products are the owner's, so are their batches).
 */
const productMatchesCapped = (actor: OwnerRef, q: string) =>
  sql`(select count(*)::int from (select 1 from ${traceabilities} where ${traceabilities.productId} = any(${matchingProducts(actor, q)}) limit ${LIST_COUNT_CAP + 1}) x)`;

/** WHERE of the producer's batch list and export: always scoped to the actor's producer and platform. */
export function batchWhere(actor: OwnerRef, f: Omit<BatchFilters, 'sort'>): SQL {
  const t = traceabilities;
  const conds: (SQL | undefined)[] = [ownedBy(t, actor)];
  if (f.q) conds.push(batchSearch(actor, f.q));
  if (f.status) conds.push(stateCondition(f.status));
  if (f.product_id) conds.push(eq(t.productId, f.product_id));
  if (f.from) conds.push(gte(t.productionDate, f.from));
  if (f.to) conds.push(lte(t.productionDate, f.to));
  if (f.ids) conds.push(f.ids.length ? inArray(t.id, f.ids) : sql`false`);
  return and(...conds)!;
}

/**
 * The next page of batch ids after the batch `afterId` in the order of `sort` (keyset: the row
 * `(sort column, id)` compared with the last row's, read back by id, so no OFFSET and no precision
 * lost on timestamps). Used by the streamed export.
 */
export async function pageBatchIdsAfter(
  db: Db,
  actor: OwnerRef,
  f: BatchFilters,
  limit: number,
  afterId: number | null,
) {
  const t = traceabilities;
  const { column, desc: down } = sortColumn(BATCH_LIST, f.sort);
  const op = sql.raw(down ? '<' : '>');
  const keyset =
    afterId === null
      ? undefined
      : sql`(${column}, ${t.id}) ${op} (select k.${sql.identifier(column.name)}, k.id from ${t} k where k.id = ${afterId})`;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(batchWhere(actor, f), keyset))
    .orderBy(...orderOf(BATCH_LIST, f.sort))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * One page of batch ids and the total matching (counted up to the list's cap: lib/list.ts).
 *
 * With `q`, one scan reads the matches (at most LIST_COUNT_CAP + 1, each with its sort key): when
 * they are not more than the cap (a lot code, a rare word), the total and the page both come from
 * them, so the trigram search runs once instead of once for the count and once for the page. When
 * `q` matches more (a product name most of the owner's batches carry), the planner, which cannot
 * know that density from the trigram estimate, would collect every match and sort them: walking
 * the sort order's index and stopping at the page's last row is far cheaper, so bitmap scans are
 * switched off for that one statement's transaction.
 */
export async function pageBatchIds(
  db: Db,
  actor: OwnerRef,
  f: BatchFilters,
  limit: number,
  offset: number,
  withTotal = true,
) {
  const where = batchWhere(actor, f);
  const page = (q: Db | Tx) =>
    q
      .select({ id: traceabilities.id })
      .from(traceabilities)
      .where(where)
      .orderBy(...orderOf(BATCH_LIST, f.sort))
      .limit(limit)
      .offset(offset);
  if (!f.q || !withTotal) {
    const total = withTotal ? await cappedCount(db, traceabilities, where) : null;
    return { ids: (await page(db)).map((r) => r.id), total };
  }
  const matched = await searchPage(db, where, productMatchesCapped(actor, f.q), f.sort, limit, offset);
  if (matched) return matched;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return page(tx);
  });
  return { ids: rows.map((r) => r.id), total: { count: LIST_COUNT_CAP, capped: true } };
}

/**
 * The page and total of a search from one scan of its matches; null when more than LIST_COUNT_CAP
 * match. `atLeast` is a cheap lower bound of the matches (productMatchesCapped): when it is over
 * the cap already, the scan is skipped (in a product name most batches carry it read 10,000 rows
 * from the table for a total that says only "more than 10,000").
 */
async function searchPage(db: Db, where: SQL, atLeast: SQL, sort: string, limit: number, offset: number) {
  const t = traceabilities;
  const { column, desc: down } = sortColumn(BATCH_LIST, sort);
  const dir = sql.raw(down ? 'desc' : 'asc');
  const res = await db.execute<{ n: number; ids: number[] }>(sql`
    with b as materialized (select ${atLeast} as n),
      m as materialized (select ${t.id} as id, ${column} as k from ${t}
        where (select n from b) <= ${LIST_COUNT_CAP} and ${where} limit ${LIST_COUNT_CAP + 1})
    select greatest((select n from b), (select count(*)::int from m)) as n,
      array(select id from m order by k ${dir}, id ${dir} limit ${limit} offset ${offset}) as ids`);
  const { n, ids } = res.rows[0];
  if (n > LIST_COUNT_CAP) return null;
  return { ids: ids.map(Number), total: { count: n, capped: false } };
}
