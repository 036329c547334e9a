import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  batch as batchSchema,
  batchReasonRequest,
  envelope,
  errorEnvelope,
  historyQuery,
  idParam,
  listMeta,
  publishRefusal,
  traceAudit,
  type BatchState,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { producers, products } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { conflict } from '../../lib/errors.js';
import { actorOfRequest, transitionIn } from '../../lib/transition.js';
import { gtinToPrint } from '../products/gtin-reservations.js';
import { markAvailabilityChanged } from '../sale-channels/sync/stale.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';
import type { BatchRow } from './presenter.js';
import { producerScope } from '../../lib/scope.js';
import { findOwnBatch, presentBatch } from './service.js';
import { batchAction, batchWorkflow } from './state-workflow.js';

/** Publish, hold, release, recall and the change history of a batch. */
export default async function stateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('traceability', batchSchema);
  const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  /**
   * A route that moves the producer's batch to `to` through the batch state table (409 naming the
   * allowed moves otherwise); the cached public page goes.
   */
  function moveRoute(path: string, summary: string, to: BatchState, withReason: boolean) {
    r.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags: ['traceabilities'],
          summary,
          params: idParam,
          ...(withReason ? { body: batchReasonRequest } : {}),
          response: { 200: one, ...errors },
        },
      },
      async (req) => {
        const actor = actorOfRequest(req, 'own');
        const reason = withReason ? (req.body as { reason: string }).reason : null;
        // The move and what it does to the product's channel listings (availability) commit together.
        const { after } = await app.events.transaction(async (tx, emit) => {
          const moved = await transitionIn(tx, emit, batchWorkflow, {
            id: req.params.id,
            to,
            actor,
            reason,
            action: (from) => batchAction(from, to),
            check: (tx, b, from) => (from === 'draft' ? assertPublishable(tx, b) : undefined),
            // A publication records the GTIN the batch's Digital Link prints, reserved to its producer (ADR 030).
            fields: async (tx, b, from) => (from === 'draft' ? { gtin14: await gtinToPrint(tx, b) } : {}),
            diff: (b, from) =>
              from === 'on_hold' && to === 'published' ? { hold_reason: b.holdReason } : reason ? { reason } : {},
            event: (b) =>
              to === 'recalled'
                ? {
                    type: 'batch.recalled',
                    platform: req.platform,
                    batchId: b.id,
                    producerId: b.producerId,
                    actorId: actor.user.id,
                    reason: reason ?? '',
                  }
                : null,
          });
          await markAvailabilityChanged(tx, moved.after.productId, actor.user.id);
          await tellBatch(app, tx, moved.after.publicCode);
          return moved;
        });
        invalidateBatch(app, after.publicCode);
        return { data: { traceability: await presentBatch(app.db, req, after.id) } };
      },
    );
  }

  /** Only an approved producer publishes, only batches of a product with an approved version and an event. */
  async function assertPublishable(tx: Tx, b: BatchRow) {
    const [owner] = await tx
      .select({ producerStatus: producers.status, approvedAt: products.approvedAt })
      .from(products)
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(eq(products.id, b.productId))
      .limit(1);
    const refusal = publishRefusal(owner?.producerStatus ?? 'pending', { approved_at: owner?.approvedAt ?? null });
    if (refusal) throw conflict(refusal);
    const [c] = await tx
      .execute<{ n: number }>(sql`select count(*)::int as n from trace_events where traceability_id = ${b.id}`)
      .then((res) => res.rows);
    if (!Number(c?.n)) throw conflict('batch_needs_event');
  }

  // Publish and release both lead to `published`: from draft it is a publication, from on hold a release.
  moveRoute(
    '/api/v1/traceabilities/:id/publish',
    'Publish a draft batch (needs at least one event)',
    'published',
    false,
  );
  moveRoute('/api/v1/traceabilities/:id/hold', 'Put a published batch on hold, with a reason', 'on_hold', true);
  moveRoute('/api/v1/traceabilities/:id/release', 'End the hold of a batch', 'published', false);
  moveRoute('/api/v1/traceabilities/:id/recall', 'Recall a published batch, with a reason (final)', 'recalled', true);

  r.get(
    '/api/v1/traceabilities/:id/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Every change of the batch: who, when, what (newest first)',
        params: idParam,
        querystring: historyQuery,
        response: {
          200: z.object({ data: z.object({ history: z.array(traceAudit) }), meta: listMeta }),
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const b = await findOwnBatch(app.db, producerScope(req), req.params.id);
      const { data, meta } = await historyPage(app.db, 'traceability', b.id, false, req.query);
      return {
        data: {
          history: data.history.map(({ id, action, detail, user, created_at }) => ({
            id,
            action,
            detail,
            user,
            created_at,
          })),
        },
        meta,
      };
    },
  );
}
