import { and, desc, eq, sql } from 'drizzle-orm';
import { LIST_COUNT_CAP, type ChainEventSource, type LocationEvent, type TraceStep } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { products, traceabilities, traceEvents } from '../../db/schema/index.js';
import { pagePlan } from '../../lib/list.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { iso } from '../traceabilities/presenter.js';

/** A chain event's source from the columns naming it (a receipt is the receiving event of a shipment). */
function sourceOf(step: string, shipmentId: number | null, transformationId: number | null): ChainEventSource | null {
  if (transformationId != null) return 'transformation';
  if (shipmentId != null) return step === 'receiving' ? 'receipt' : 'shipment';
  return null;
}

/**
 * One page of the events recorded at a location, newest first (occurred_at, then id): only events
 * of lots `owner` owns (the location's owner has been checked by the caller), counted up to the cap.
 */
export async function pageLocationEvents(
  db: Db,
  owner: OwnerRef,
  locationId: number,
  query: { page: number; per_page: number },
) {
  const plan = pagePlan(query);
  const e = traceEvents;
  const where = and(eq(e.locationId, locationId), ownedBy(traceabilities, owner))!;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: e.id,
        step: e.step,
        occurredAt: e.occurredAt,
        shipmentId: e.shipmentId,
        transformationId: e.transformationId,
        batchId: traceabilities.id,
        lotCode: traceabilities.lotCode,
        productName: products.name,
      })
      .from(e)
      .innerJoin(traceabilities, eq(traceabilities.id, e.traceabilityId))
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(where)
      .orderBy(desc(e.occurredAt), desc(e.id))
      .limit(plan.limit)
      .offset(plan.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(e)
        .innerJoin(traceabilities, eq(traceabilities.id, e.traceabilityId))
        .where(where)
        .limit(LIST_COUNT_CAP + 1)
        .as('x'),
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const events: LocationEvent[] = rows.map((r) => ({
    id: r.id,
    step: r.step as TraceStep,
    occurred_at: iso(r.occurredAt)!,
    batch: { id: r.batchId, lot_code: r.lotCode, product_name: r.productName },
    source: sourceOf(r.step, r.shipmentId, r.transformationId),
    shipment_id: r.shipmentId,
    transformation_id: r.transformationId,
  }));
  return {
    data: { events },
    meta: plan.meta({ count: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP }),
  };
}
