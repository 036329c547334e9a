import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { BATCH_SORT_FIELDS, BatchState } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { products, traceabilities } from '../../db/schema/index.js';
import { orderOf, sortColumn, type ListSpec } from '../../lib/list.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { textSearch } from '../../lib/search.js';

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

/** The batch list (and its export): sorts of the contract's BATCH_SORT_FIELDS; q in lot code, product name, public code. */
export const BATCH_LIST: ListSpec<(typeof BATCH_SORT_FIELDS)[number]> = {
  sorts: {
    created_at: traceabilities.createdAt,
    production_date: traceabilities.productionDate,
    lot_code: traceabilities.lotCode,
  },
  search: [traceabilities.lotCode, products.name, traceabilities.publicCode],
  tiebreak: traceabilities.id,
};

/** WHERE of the producer's batch list and export: always scoped to the actor's producer and platform. */
export function batchWhere(actor: OwnerRef, f: Omit<BatchFilters, 'sort'>): SQL {
  const t = traceabilities;
  const conds: (SQL | undefined)[] = [ownedBy(t, actor)];
  if (f.q) conds.push(textSearch(f.q, ...BATCH_LIST.search));
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
    .innerJoin(products, eq(products.id, t.productId))
    .where(and(batchWhere(actor, f), keyset))
    .orderBy(...orderOf(BATCH_LIST, f.sort))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One page of batch ids and the total matching. */
export async function pageBatchIds(
  db: Db,
  actor: OwnerRef,
  f: BatchFilters,
  limit: number,
  offset: number,
  withTotal = true,
) {
  const where = batchWhere(actor, f);
  const rows = await db
    .select({ id: traceabilities.id })
    .from(traceabilities)
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .where(where)
    .orderBy(...orderOf(BATCH_LIST, f.sort))
    .limit(limit)
    .offset(offset);
  let total = 0;
  if (withTotal) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(traceabilities)
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(where);
    total = Number(c?.n ?? 0);
  }
  return { ids: rows.map((r) => r.id), total };
}
