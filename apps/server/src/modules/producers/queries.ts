import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { allows, isAdministrator, type Action, type PlatformKey, type producerListQuery } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { producers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { listMetaOf, pageWindow, textSearch } from '../../lib/search.js';
import type { UserRow } from '../../plugins/auth.js';
import { presentProducer } from './presenter.js';

export type ProducerListQuery = z.infer<typeof producerListQuery>;

/**
 * Which producers a user may reach, as a WHERE condition: an administrator with `action` on
 * producer reaches every producer of the platform; anyone else only the own producer.
 * An administrator without the ability is refused (403); a user without a producer reaches none (404).
 */
export function reachableProducers(user: UserRow, platform: PlatformKey, action: Action): SQL {
  if (isAdministrator(user)) {
    if (!allows(user, action, 'producer')) throw new AppError(403, 'permission_denied');
    return eq(producers.platform, platform);
  }
  if (!user.producerId) throw notFound();
  return and(eq(producers.platform, platform), eq(producers.id, user.producerId))!;
}

/** List and export filters (the list query's, plus explicit ids for an export of selected rows). */
export type ProducerFilters = Pick<ProducerListQuery, 'q' | 'status' | 'producer_type'> & { ids?: number[] };

/** `scope` narrowed by the filters. */
export function producerFilterWhere(scope: SQL, f: ProducerFilters): SQL {
  return and(
    scope,
    f.q ? textSearch(f.q, producers.name, producers.taxCode) : undefined,
    f.status ? eq(producers.status, f.status) : undefined,
    f.producer_type ? eq(producers.producerType, f.producer_type) : undefined,
    f.ids ? inArray(producers.id, f.ids.length ? f.ids : [0]) : undefined,
  )!;
}

/** A page of producers matching the list filters inside `scope`. */
export async function listProducers(db: Db, scope: SQL, q: ProducerListQuery) {
  const where = producerFilterWhere(scope, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(producers).where(where).orderBy(desc(producers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(producers).where(where),
  ]);
  return { data: { producers: rows.map(presentProducer) }, meta: listMetaOf(q, total?.n ?? 0) };
}
