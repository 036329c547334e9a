import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  batch as batchSchema,
  envelope,
  errorEnvelope,
  eventParams,
  idParam,
  reorderEventsRequest,
  traceEventRequest,
  translate,
  okEnvelope,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { traceEvents, traceabilities } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { producerScope, type OwnerRef } from '../../lib/scope.js';
import { resolveOwnFiles } from '../uploads/resolve.js';
import { ownLocationRef } from '../locations/service.js';
import { assertEditable, assertNotRecalled, audit, changeOwnBatch, eventsOf, presentBatch } from './service.js';

type EventInput = typeof traceEventRequest._zod.output;

/**
 * Events (stages) of a batch. Adding is allowed on drafts and published batches (not recalled);
 * editing, deleting and reordering only on drafts (409 batch_published_locked otherwise).
 */
export default async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('traceability', batchSchema);
  const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  async function columnsOf(tx: Tx, actor: OwnerRef, e: EventInput) {
    // One of the producer's locations, else 422 on location_id; without a place typed, its name is
    // the place (the public page and every reader of `place` keep working).
    const at = await ownLocationRef(tx, actor, e.location_id);
    return {
      step: e.step,
      occurredAt: new Date(e.occurred_at),
      locationId: at?.id ?? null,
      place: e.place || at?.name || null,
      description: e.description || null,
      photos: await resolveOwnFiles(tx, app.storage, actor, e.photo_ids, 'photo_ids', 'picture'),
      documents: await resolveOwnFiles(tx, app.storage, actor, e.document_ids, 'document_ids'),
    };
  }

  async function findEvent(tx: Tx, batchId: number, eventId: number) {
    const [ev] = await tx
      .select()
      .from(traceEvents)
      .where(and(eq(traceEvents.id, eventId), eq(traceEvents.traceabilityId, batchId)))
      .limit(1);
    if (!ev) throw notFound();
    return ev;
  }

  const touch = (tx: Tx, id: number) =>
    tx.update(traceabilities).set({ updatedAt: new Date() }).where(eq(traceabilities.id, id));

  r.post(
    '/api/v1/traceabilities/:id/events',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Add an event (also on published batches)',
        params: idParam,
        body: traceEventRequest,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const out = await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
        assertNotRecalled(b);
        const [pos] = (
          await tx.execute<{ n: number }>(
            sql`select coalesce(max(position), -1)::int + 1 as n from trace_events where traceability_id = ${b.id}`,
          )
        ).rows;
        const [ev] = await tx
          .insert(traceEvents)
          .values({
            ...(await columnsOf(tx, actor, req.body)),
            traceabilityId: b.id,
            position: Number(pos?.n ?? 0),
            createdBy: actor.userId,
          })
          .returning();
        await touch(tx, b.id);
        await audit(tx, b, actor.userId, 'event_add', {
          event_id: ev.id,
          step: ev.step,
          published: b.status === 'published',
        });
        return presentBatch(tx, req, b.id);
      });
      return reply.status(201).send({ data: { traceability: out } });
    },
  );

  r.put(
    '/api/v1/traceabilities/:id/events/order',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Reorder the events of a draft batch',
        params: idParam,
        body: reorderEventsRequest,
        response: { 200: one, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const out = await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
        assertEditable(b);
        const existing = (await eventsOf(tx, b.id)).map((e) => e.id);
        const wanted = req.body.event_ids;
        if (
          wanted.length !== existing.length ||
          new Set(wanted).size !== wanted.length ||
          wanted.some((id) => !existing.includes(id))
        ) {
          throw unprocessable('reorderMismatch', {}, 'event_ids');
        }
        for (const [position, id] of wanted.entries()) {
          await tx.update(traceEvents).set({ position }).where(eq(traceEvents.id, id));
        }
        await touch(tx, b.id);
        await audit(tx, b, actor.userId, 'event_reorder', { from: existing, to: wanted });
        return presentBatch(tx, req, b.id);
      });
      return { data: { traceability: out } };
    },
  );

  r.put(
    '/api/v1/traceabilities/:id/events/:eventId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Edit an event of a draft batch',
        params: eventParams,
        body: traceEventRequest,
        response: { 200: one, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const out = await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
        const ev = await findEvent(tx, b.id, req.params.eventId);
        assertEditable(b);
        // A partner's captured event is kept as it came (ADR 040): it can be removed, not rewritten.
        if (ev.origin === 'captured') throw unprocessable('event_captured');
        await tx
          .update(traceEvents)
          .set(await columnsOf(tx, actor, req.body))
          .where(eq(traceEvents.id, ev.id));
        await touch(tx, b.id);
        await audit(tx, b, actor.userId, 'event_update', { event_id: ev.id, step: req.body.step });
        return presentBatch(tx, req, b.id);
      });
      return { data: { traceability: out } };
    },
  );

  r.delete(
    '/api/v1/traceabilities/:id/events/:eventId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'Delete an event of a draft batch',
        params: eventParams,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await changeOwnBatch(app, actor, req.params.id, async (tx, b) => {
        const ev = await findEvent(tx, b.id, req.params.eventId);
        assertEditable(b);
        await tx.delete(traceEvents).where(eq(traceEvents.id, ev.id));
        await touch(tx, b.id);
        await audit(tx, b, actor.userId, 'event_delete', { event_id: ev.id, step: ev.step });
      });
      return { meta: { message: translate(req.locale, 'event_deleted') } };
    },
  );
}
