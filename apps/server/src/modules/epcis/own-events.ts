import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products, traceEvents, traceabilities } from '../../db/schema/index.js';
import { buildEpcis } from '../traceabilities/epcis.js';
import { loadEpcisChain, prefixLengthOf } from '../traceabilities/epcis-chain.js';
import type { EventRow } from '../traceabilities/presenter.js';

/**
 * The EPCIS events of the producer's own trace events, by the one mapping (traceabilities/epcis.ts,
 * DESIGN §5.7) — computed, not stored (ADR 040): an event's EPCIS form depends on its lot, product,
 * location, shipment and transformation rows, so a stored copy would go stale on any of their
 * edits. Lot by lot, with the lot's first own event (the mapping's ADD and ilmd).
 */
export async function mapOwnEvents(db: Db | Tx, base: string, rows: EventRow[]): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  const own = rows.filter((r) => r.origin === 'own');
  if (!own.length) return out;
  const lotIds = [...new Set(own.map((r) => r.traceabilityId))];
  const [batches, firsts] = await Promise.all([
    db
      .select({ batch: traceabilities, gtin: products.gtin, publicCode: products.publicCode })
      .from(traceabilities)
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(inArray(traceabilities.id, lotIds)),
    db.execute<{ id: number }>(sql`select distinct on (traceability_id) id from trace_events
      where traceability_id in (${sql.join(
        lotIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and origin = 'own'
      order by traceability_id, position, occurred_at, id`),
  ]);
  const firstIds = firsts.rows.map((r) => Number(r.id));
  const missing = firstIds.filter((id) => !own.some((r) => r.id === id));
  const extra = missing.length ? await db.select().from(traceEvents).where(inArray(traceEvents.id, missing)) : [];
  for (const { batch, gtin, publicCode } of batches) {
    const events = [...own, ...extra]
      .filter((e) => e.traceabilityId === batch.id)
      .sort(
        (a, b) =>
          a.position - b.position || new Date(a.occurredAt).getTime() - new Date(b.occurredAt).getTime() || a.id - b.id,
      );
    const [chain, prefixLength] = await Promise.all([
      loadEpcisChain(db, base, events),
      prefixLengthOf(db, batch.producerId),
    ]);
    const doc = buildEpcis({ batch, events, product: { gtin, publicCode }, base, chain, prefixLength });
    doc.epcisBody.eventList.forEach((ev, k) => out.set(events[k].id, ev));
  }
  return out;
}

/** The producer's own events of one lot, in the lot's order (for the eventID look-up). */
export async function ownEventsOfLot(db: Db | Tx, lotId: number): Promise<EventRow[]> {
  return db
    .select()
    .from(traceEvents)
    .where(and(eq(traceEvents.traceabilityId, lotId), eq(traceEvents.origin, 'own')))
    .orderBy(asc(traceEvents.position), asc(traceEvents.occurredAt), asc(traceEvents.id));
}
