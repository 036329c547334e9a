import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  batch as batchSchema,
  batchReasonRequest,
  envelope,
  errorEnvelope,
  idParam,
  publishRefusal,
  traceAudit,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { producers, products, traceabilities } from '../../db/schema/index.js';
import { listActivity } from '../../lib/activity.js';
import { conflict } from '../../lib/errors.js';
import type { BatchRow } from './presenter.js';
import { actorOf, assertNotRecalled, audit, changeOwnBatch, findOwnBatch, presentBatch } from './service.js';

/** Publish, hold, release, recall and the change history of a batch. */
export default async function stateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('traceability', batchSchema);
  const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  /** Locks the producer's batch, applies `change` and records it; the cached public page goes. */
  function transition(
    path: string,
    summary: string,
    change: (
      tx: Tx,
      b: BatchRow,
      reason: string | null,
    ) => Promise<{ action: string; detail?: Record<string, unknown> }>,
    withReason: boolean,
  ) {
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
        const actor = actorOf(req);
        const reason = withReason ? (req.body as { reason: string }).reason : null;
        const out = await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
          const { action, detail } = await change(tx, b, reason);
          await audit(tx, b, actor.userId, action, detail ?? (reason ? { reason } : {}));
          return presentBatch(tx, req, b.id);
        });
        return { data: { traceability: out } };
      },
    );
  }

  const now = () => new Date();

  transition(
    '/api/v1/traceabilities/:id/publish',
    'Publish a draft batch (needs at least one event)',
    async (tx, b) => {
      if (b.status === 'published') throw conflict('batch_already_published');
      // Only an approved producer publishes, and only batches of a product with an approved version.
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
      await tx
        .update(traceabilities)
        .set({ status: 'published', publishedAt: now(), updatedAt: now() })
        .where(eq(traceabilities.id, b.id));
      return { action: 'publish' };
    },
    false,
  );

  transition(
    '/api/v1/traceabilities/:id/hold',
    'Put a published batch on hold, with a reason',
    async (tx, b, reason) => {
      assertNotRecalled(b);
      if (b.status !== 'published') throw conflict('batch_not_published');
      if (b.heldAt) throw conflict('batch_already_on_hold');
      await tx
        .update(traceabilities)
        .set({ heldAt: now(), holdReason: reason, updatedAt: now() })
        .where(eq(traceabilities.id, b.id));
      return { action: 'hold' };
    },
    true,
  );

  transition(
    '/api/v1/traceabilities/:id/release',
    'End the hold of a batch',
    async (tx, b) => {
      assertNotRecalled(b);
      if (!b.heldAt) throw conflict('batch_not_on_hold');
      await tx
        .update(traceabilities)
        .set({ heldAt: null, holdReason: null, updatedAt: now() })
        .where(eq(traceabilities.id, b.id));
      return { action: 'release', detail: { hold_reason: b.holdReason } };
    },
    false,
  );

  transition(
    '/api/v1/traceabilities/:id/recall',
    'Recall a published batch, with a reason (final)',
    async (tx, b, reason) => {
      assertNotRecalled(b);
      if (b.status !== 'published') throw conflict('batch_not_published');
      await tx
        .update(traceabilities)
        .set({ recalledAt: now(), recallReason: reason, updatedAt: now() })
        .where(eq(traceabilities.id, b.id));
      return { action: 'recall' };
    },
    true,
  );

  r.get(
    '/api/v1/traceabilities/:id/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Every change of the batch: who, when, what (newest first)',
        params: idParam,
        response: { 200: z.object({ data: z.object({ history: z.array(traceAudit) }) }), 404: errorEnvelope },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = await findOwnBatch(app.db, actor, req.params.id);
      const rows = await listActivity(app.db, 'traceability', b.id, { includeInternal: false });
      return {
        data: {
          history: rows.map(({ id, action, detail, user, created_at }) => ({ id, action, detail, user, created_at })),
        },
      };
    },
  );
}
