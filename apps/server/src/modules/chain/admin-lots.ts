import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, type AdminChainLot, type AdminChainLotQuery } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { producers, products, traceabilities } from '../../db/schema/index.js';
import { listMeta, pagePlan } from '../../lib/list.js';
import { storedSearch, textSearch } from '../../lib/search.js';
import { stateOf } from '../traceabilities/presenter.js';

/**
 * WHERE of the administrator's lot search: the platform's lots; `q` (accent- and case-free) in the
 * lot's stored search text (lot and public code), its product's stored search text or its
 * producer's name.
 */
function adminLotWhere(platform: string, q: string | undefined): SQL {
  const t = traceabilities;
  return and(
    eq(t.platform, platform),
    q
      ? or(storedSearch(q, t.searchText), storedSearch(q, products.searchText), textSearch(q, producers.name))
      : undefined,
  )!;
}

/** GET /api/v1/admin/chain/lots: one page of the platform's lots, newest production first, counted up to the cap. */
export async function listAdminChainLots(db: Db, platform: string, query: AdminChainLotQuery) {
  const t = traceabilities;
  const plan = pagePlan(query);
  const where = adminLotWhere(platform, query.q);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: t.id,
        lotCode: t.lotCode,
        publicCode: t.publicCode,
        productName: products.name,
        producerName: producers.name,
        status: t.status,
        heldAt: t.heldAt,
        recalledAt: t.recalledAt,
        productionDate: t.productionDate,
      })
      .from(t)
      .innerJoin(products, eq(products.id, t.productId))
      .innerJoin(producers, eq(producers.id, t.producerId))
      .where(where)
      .orderBy(desc(t.productionDate), desc(t.id))
      .limit(plan.limit)
      .offset(plan.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(t)
        .innerJoin(products, eq(products.id, t.productId))
        .innerJoin(producers, eq(producers.id, t.producerId))
        .where(where)
        .limit(LIST_COUNT_CAP + 1)
        .as('x'),
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const lots: AdminChainLot[] = rows.map((r) => ({
    id: r.id,
    lot_code: r.lotCode,
    public_code: r.publicCode,
    product_name: r.productName,
    producer_name: r.producerName,
    state: stateOf(r),
    production_date: r.productionDate,
  }));
  return {
    data: { lots },
    meta: listMeta(query, { count: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP }),
  };
}
