import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PRODUCER_SORT_FIELDS, producerListQuery } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { producers } from '../../db/schema/index.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { textSearch } from '../../lib/search.js';
import { presentProducer } from './presenter.js';

export type ProducerListQuery = z.infer<typeof producerListQuery>;

/** The producer lists (own and admin): sorts of the contract's PRODUCER_SORT_FIELDS; q in name and tax code. */
export const PRODUCER_LIST: ListSpec<(typeof PRODUCER_SORT_FIELDS)[number]> = {
  sorts: { created_at: producers.createdAt, name: producers.name },
  search: [producers.name, producers.taxCode],
  tiebreak: producers.id,
};

/** List and export filters (the list query's, plus explicit ids for an export of selected rows). */
export type ProducerFilters = Pick<ProducerListQuery, 'q' | 'status' | 'producer_type'> & { ids?: number[] };

/** `scope` (reachableProducers, or platformOf for an administrator) narrowed by the filters. */
export function producerFilterWhere(scope: SQL, f: ProducerFilters): SQL {
  return and(
    scope,
    f.q ? textSearch(f.q, ...PRODUCER_LIST.search) : undefined,
    f.status ? eq(producers.status, f.status) : undefined,
    f.producer_type ? eq(producers.producerType, f.producer_type) : undefined,
    f.ids ? inArray(producers.id, f.ids.length ? f.ids : [0]) : undefined,
  )!;
}

/** A page of producers matching the list filters inside `scope`. */
export async function listProducers(db: Db, scope: SQL, q: ProducerListQuery) {
  const where = producerFilterWhere(scope, q);
  const list = listPlan(q, PRODUCER_LIST);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(producers)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ n: count() }).from(producers).where(where),
  ]);
  return { data: { producers: rows.map(presentProducer) }, meta: list.meta(total?.n) };
}
