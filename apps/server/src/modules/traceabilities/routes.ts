import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  batch as batchSchema,
  batchListItem,
  batchListQuery,
  batchRequest,
  envelope,
  errorEnvelope,
  idParam,
  isStale,
  listEnvelope,
  okEnvelope,
  translate,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { traceabilities } from '../../db/schema/index.js';
import { deleteActivity } from '../../lib/activity.js';
import { conflict } from '../../lib/errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { listPlan } from '../../lib/list.js';
import { producerScope, type OwnerRef } from '../../lib/scope.js';
import { publicCode } from '../../lib/secrets.js';
import { changedFields } from './diff.js';
import { presentBatchItem } from './presenter.js';
import { BATCH_LIST, pageBatchIds } from './queries.js';
import {
  assertEditable,
  audit,
  changeOwnBatch,
  checkProduct,
  findOwnBatch,
  loadJoins,
  presentBatch,
  resolveCertificates,
  writeBatch,
} from './service.js';
import eventRoutes from './event-routes.js';
import exportRoutes from './export-routes.js';
import stateRoutes from './state-routes.js';

type BatchInput = typeof batchRequest._zod.output;

export default async function traceabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('traceability', batchSchema);
  const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  async function columnsOf(tx: Tx, actor: OwnerRef, b: BatchInput) {
    await checkProduct(tx, actor, b.product_id, b.variant_id);
    return {
      productId: b.product_id,
      variantId: b.variant_id,
      lotCode: b.lot_code,
      productionDate: b.production_date,
      expiryDate: b.expiry_date,
      quantity: b.quantity,
      unit: b.unit,
      productionBase: b.production_base,
      certificates: await resolveCertificates(app, tx, actor, b.certificates),
    };
  }

  /** Lot codes are unique per producer: a clash is a 409 whichever request wins. */
  async function guardLot<T>(lot: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err, 'traceabilities_producer_lot_uq')) throw conflict('lot_taken', { lot });
      throw err;
    }
  }

  r.get(
    '/api/v1/traceabilities',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary:
          'The producer’s batches (q: lot or public code, or the product’s name, English name, SKU or GTIN; filters: status, product, production date range; counted up to 10,000)',
        querystring: batchListQuery,
        response: { 200: listEnvelope('traceabilities', batchListItem), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      // The search is part of batchWhere (shared with the export), so only the page and order come from the plan.
      const list = listPlan(req.query, BATCH_LIST);
      const { ids, total } = await pageBatchIds(app.db, actor, req.query, list.limit, list.offset);
      const joins = await loadJoins(app.db, ids);
      const base = publicBaseUrl(req, app.config);
      return {
        data: { traceabilities: joins.map((j) => presentBatchItem(base, j)) },
        meta: list.meta(total),
      };
    },
  );

  r.post(
    '/api/v1/traceabilities',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Create a draft batch',
        body: batchRequest,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const b = req.body;
      const created = await guardLot(b.lot_code, () =>
        writeBatch(app, actor, null, async (tx) => {
          const [row] = await tx
            .insert(traceabilities)
            .values({
              ...(await columnsOf(tx, actor, b)),
              platform: actor.platform,
              producerId: actor.producerId,
              publicCode: publicCode(),
              status: 'draft',
            })
            .returning();
          await audit(tx, row, actor.userId, 'create', { lot_code: b.lot_code });
          return presentBatch(tx, req, row.id);
        }),
      );
      return reply.status(201).send({ data: { traceability: created } });
    },
  );

  r.get(
    '/api/v1/traceabilities/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['traceabilities'], params: idParam, response: { 200: one, ...errors } },
    },
    async (req) => {
      const actor = producerScope(req);
      await findOwnBatch(app.db, actor, req.params.id);
      return { data: { traceability: await presentBatch(app.db, req, req.params.id) } };
    },
  );

  r.put(
    '/api/v1/traceabilities/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Replace a draft batch (a published batch is locked: 409 batch_published_locked)',
        params: idParam,
        body: batchRequest,
        response: { 200: one, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const updated = await guardLot(req.body.lot_code, () =>
        changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
          // Someone changed the batch since the client read it: 409 stale_update, nothing overwritten.
          if (isStale(b.updatedAt, req.body.updated_at)) throw conflict('stale_update');
          assertEditable(b);
          const columns = await columnsOf(tx, actor, req.body);
          // A lot already shipped or used as an input keeps at least what was taken from it (ADR 036 §3).
          if (columns.quantity < b.usedQuantity)
            throw conflict('quantity_below_used', { used: String(b.usedQuantity) });
          if (b.usedQuantity > 0 && columns.unit !== b.unit) throw conflict('unit_mismatch', { unit: b.unit });
          await tx
            .update(traceabilities)
            .set({ ...columns, updatedAt: new Date(Math.max(Date.now(), b.updatedAt.getTime() + 1)) })
            .where(eq(traceabilities.id, b.id));
          await audit(tx, b, actor.userId, 'update', { fields: changedFields(b, columns) });
          return presentBatch(tx, req, b.id);
        }),
      );
      return { data: { traceability: updated } };
    },
  );

  r.delete(
    '/api/v1/traceabilities/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Delete a draft batch (published batches cannot be deleted: 409)',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
        if (b.status !== 'draft') throw conflict('batch_delete_published');
        try {
          await tx.delete(traceabilities).where(eq(traceabilities.id, b.id));
        } catch (err) {
          // Shipped, received or transformed: the chain keeps it (chain_edges and its sources restrict).
          if (isForeignKeyViolation(err)) throw conflict('lot_in_chain');
          throw err;
        }
        await deleteActivity(tx, 'traceability', [b.id]);
      });
      return { meta: { message: translate(req.locale, 'batch_deleted') } };
    },
  );

  await app.register(stateRoutes);
  await app.register(eventRoutes);
  await app.register(exportRoutes);
}
