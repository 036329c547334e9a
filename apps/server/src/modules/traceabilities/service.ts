import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Batch, batchCertificateInput } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { productVariants, products, traceEvents, traceabilities, type Certificate } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';
import { pickUpload, publishUploads, resolveOwnUploads, storedFile } from '../uploads/resolve.js';
import { assertProducerWritable } from '../producers/guard.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { recordActivity } from '../../lib/activity.js';
import { presentBatchItem, presentEvent, type BatchJoin, type BatchRow } from './presenter.js';
import { locationRefs } from '../locations/service.js';

/** Who writes a batch: the signed-in producer (lib/scope producerScope: 403 for users without one). */
export type Actor = OwnerRef & { userId: number };

/** The actor's batch, or 404 (another producer's or another platform's batch is "not found"). */
export async function findOwnBatch(db: Db | Tx, actor: OwnerRef, id: number, lock = false): Promise<BatchRow> {
  const q = db
    .select()
    .from(traceabilities)
    .where(and(eq(traceabilities.id, id), ownedBy(traceabilities, actor)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** Published batches change only by new events, hold and recall; recalled ones not at all. */
export function assertEditable(b: BatchRow): void {
  if (b.recalledAt) throw conflict('batch_recalled');
  if (b.status === 'published') throw conflict('batch_published_locked');
}
export function assertNotRecalled(b: BatchRow): void {
  if (b.recalledAt) throw conflict('batch_recalled');
}

/** One row of the batch's history in the shared activity log (a `reason` in the detail is its note). */
export async function audit(
  tx: Db | Tx,
  batch: { id: number; platform: string },
  userId: number,
  action: string,
  detail: Record<string, unknown> = {},
) {
  await recordActivity(tx, {
    subjectType: 'traceability',
    subjectId: batch.id,
    platform: batch.platform,
    actorId: userId,
    action,
    note: typeof detail.reason === 'string' ? detail.reason : null,
    diff: detail,
  });
}

/**
 * Runs a write of the actor's producer in a transaction (refused while the producer is closed:
 * 403 producer_closed_readonly), then drops the batch's cached public lookup (on every node: the
 * notice is sent inside the transaction).
 */
export async function writeBatch<T>(
  app: FastifyInstance,
  actor: Actor,
  code: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const out = await app.db.transaction(async (tx) => {
    await assertProducerWritable(tx, actor.producerId);
    const out = await fn(tx);
    if (code) await tellBatch(app, tx, code);
    return out;
  });
  if (code) invalidateBatch(app, code);
  return out;
}

/**
 * Changes one of the actor's batches: 404 unless it is theirs, then `fn` runs in a transaction
 * with the row locked (read again inside it) and the batch's cached public lookup is dropped.
 */
export async function changeOwnBatch<T>(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  fn: (tx: Tx, b: BatchRow) => Promise<T>,
): Promise<T> {
  const current = await findOwnBatch(app.db, actor, id);
  return writeBatch(app, actor, current.publicCode, async (tx) => fn(tx, await findOwnBatch(tx, actor, id, true)));
}

/** The product (and variant) must be the producer's own: otherwise a 422 on the field. */
export async function checkProduct(db: Db | Tx, actor: OwnerRef, productId: number, variantId: number | null) {
  const [product] = await db
    .select({ id: products.id, unit: products.unit })
    .from(products)
    .where(and(eq(products.id, productId), ownedBy(products, actor)))
    .limit(1);
  if (!product) throw unprocessable('invalidProduct', {}, 'product_id');
  if (variantId != null) {
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
      .limit(1);
    if (!variant) throw unprocessable('invalidVariant', {}, 'variant_id');
  }
  return product;
}

/** The batch's certificates with their files (the producer's own uploads: uploads/resolve). */
export async function resolveCertificates(
  app: FastifyInstance,
  db: Db | Tx,
  actor: OwnerRef,
  certs: (typeof batchCertificateInput._zod.output)[],
): Promise<Certificate[]> {
  const ids = certs.flatMap((c) => (c.file_id ? [c.file_id] : []));
  const found = await resolveOwnUploads(db, app.storage, actor, ids);
  const certificates = certs.map((c, i) => ({
    name: c.name,
    issuer: c.issuer ?? '',
    number: c.number ?? '',
    valid_until: c.valid_until ?? null,
    file: c.file_id ? storedFile(pickUpload(found, c.file_id, `certificates.${i}.file_id`)) : null,
  }));
  // Shown on the batch's public page.
  await publishUploads(db, ids);
  return certificates;
}

/** Batches with their product, variant and number of events, in the order of `ids`. */
export async function loadJoins(db: Db | Tx, ids: number[]): Promise<BatchJoin[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      batch: traceabilities,
      product: {
        id: products.id,
        name: products.name,
        nameEn: products.nameEn,
        gtin: products.gtin,
        unit: products.unit,
        images: products.images,
        approvedAt: products.approvedAt,
      },
      variantTypes: productVariants.types,
      eventCount: sql<number>`(select count(*)::int from trace_events e where e.traceability_id = ${traceabilities.id})`,
      scanCount: sql<number>`coalesce((select c.scans from trace_scans c where c.traceability_id = ${traceabilities.id}), 0)`,
    })
    .from(traceabilities)
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .leftJoin(productVariants, eq(productVariants.id, traceabilities.variantId))
    .where(inArray(traceabilities.id, ids));
  const byId = new Map(
    rows.map((r) => [r.batch.id, { ...r, eventCount: Number(r.eventCount), scanCount: Number(r.scanCount) }]),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is BatchJoin => !!r);
}

export async function eventsOf(db: Db | Tx, batchId: number) {
  return db
    .select()
    .from(traceEvents)
    .where(eq(traceEvents.traceabilityId, batchId))
    .orderBy(traceEvents.position, traceEvents.occurredAt, traceEvents.id);
}

/** The full batch as the producer sees it. */
export async function presentBatch(db: Db | Tx, req: FastifyRequest, id: number): Promise<Batch> {
  const [join] = await loadJoins(db, [id]);
  if (!join) throw notFound();
  const events = await eventsOf(db, id);
  const at = await locationRefs(
    db,
    events.map((e) => e.locationId),
  );
  return {
    ...presentBatchItem(publicBaseUrl(req, req.server.config), join),
    events: events.map((e) => ({ ...presentEvent(e), location: (e.locationId && at.get(e.locationId)) || null })),
  };
}
