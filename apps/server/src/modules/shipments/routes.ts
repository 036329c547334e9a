import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  VIETNAM_UTC_OFFSET,
  envelope,
  errorEnvelope,
  idParam,
  incomingListQuery,
  incomingShipment,
  listEnvelope,
  receiveInput,
  shipment as shipmentSchema,
  shipmentInput,
  shipmentListQuery,
  shipmentReasonInput,
  type ListMeta,
  type RouteAccess,
  type ShipmentStatus,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  chainEdges,
  locations,
  products,
  shipments,
  traceEvents,
  traceabilities,
  tradingPartners,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import { giveBackToLot, takeFromLot } from '../../lib/lot-quantity.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy, producerScope, type OwnerRef, type ProducerScope } from '../../lib/scope.js';
import { publicCode } from '../../lib/secrets.js';
import { actorOfRequest, transitionIn, type Move } from '../../lib/transition.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';
import { assertProducerWritable } from '../producers/guard.js';
import { audit } from '../traceabilities/service.js';
import { oneIncoming, oneOutgoing, pageIncoming, pageOutgoing } from './queries.js';
import { movedEvent, receiverWorkflow, senderWorkflow } from './workflow.js';

/** A chain event's time: the day at 08:00 in Vietnam (ADR 036 §2). */
const eventTime = (day: string) => new Date(`${day}T08:00:00${VIETNAM_UTC_OFFSET}`);

/** One of the actor's locations (422 on `field` otherwise), or null without one. */
async function ownLocation(tx: Tx, actor: OwnerRef, id: number | null, field: string) {
  if (id == null) return null;
  const [loc] = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, id), ownedBy(locations, actor)))
    .limit(1);
  if (!loc) throw unprocessable('invalidLocation', {}, field);
  return loc;
}

/** The next position among a lot's events. */
async function nextPosition(tx: Tx, lotId: number): Promise<number> {
  const res = await tx.execute<{ n: number }>(
    sql`select coalesce(max(position), -1)::int + 1 as n from trace_events where traceability_id = ${lotId}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** The public code of a lot (to drop its cached public page after a change of its events). */
async function codeOf(tx: Tx, lotId: number): Promise<string> {
  const [l] = await tx.select({ code: traceabilities.publicCode }).from(traceabilities).where(eq(traceabilities.id, lotId));
  return l.code;
}

type Row = typeof shipments.$inferSelect;

/**
 * Shipments of the supply chain (ADR 036 §2, §5). The sender ships a quantity of one of its lots to
 * one of its partners (lot taken, chain edge, `shipping` event: one transaction) and may cancel it
 * while it is sent; a partner on the platform finds it in its inbox and receives it into a new lot
 * of its own (`receiving` event, the edge pointed at the new lot) or refuses it. Each side reads
 * its own view; anyone else gets 404.
 */
export default async function shipmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const out = envelope('shipment', shipmentSchema);
  const inc = envelope('shipment', incomingShipment);
  const errors = { 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  /** The undoing of a shipment (refusal, cancellation): edge gone, quantity given back, events gone. */
  async function undo(tx: Tx, row: Row) {
    await tx.delete(chainEdges).where(and(eq(chainEdges.kind, 'shipment'), eq(chainEdges.sourceId, row.id)));
    await giveBackToLot(tx, row.lotId, Number(row.quantity));
    await tx.delete(traceEvents).where(eq(traceEvents.shipmentId, row.id));
    await tellBatch(app, tx, await codeOf(tx, row.lotId));
  }

  /** A side's list at `base` and one shipment at `base/:id`, each route with its own access rule. */
  function sideReads<Q extends z.ZodType, I extends z.ZodType>(side: {
    base: string;
    access: { list: RouteAccess; detail: RouteAccess };
    summary: string;
    querystring: Q;
    item: I;
    page: (db: Db, actor: OwnerRef, query: z.infer<Q>) => Promise<{ items: z.infer<I>[]; meta: ListMeta }>;
    present: (db: Db, actor: OwnerRef, id: number) => Promise<z.infer<I>>;
  }) {
    const tags = ['shipments'];
    r.get(
      side.base,
      {
        config: { access: side.access.list },
        schema: {
          tags,
          summary: side.summary,
          querystring: side.querystring,
          response: { 200: listEnvelope('shipments', side.item), ...errors },
        },
      },
      async (req) => {
        // The type provider does not resolve a generic schema's output: the query is Q's, validated.
        const { items, meta } = await side.page(app.db, producerScope(req), req.query as z.infer<Q>);
        return { data: { shipments: items }, meta };
      },
    );
    r.get(
      `${side.base}/:id`,
      {
        config: { access: side.access.detail },
        schema: { tags, params: idParam, response: { 200: envelope('shipment', side.item), ...errors } },
      },
      async (req) => ({ data: { shipment: await side.present(app.db, producerScope(req), req.params.id) } }),
    );
  }

  /** A move of a sent shipment with a reason that undoes it (the sender's cancel, the receiver's refusal). */
  function reasonedMove<I extends z.ZodType>(route: {
    path: string;
    access: RouteAccess;
    summary: string;
    item: I;
    workflow: typeof senderWorkflow;
    present: (tx: Tx, actor: OwnerRef, id: number) => Promise<z.infer<I>>;
    move: Pick<Move<typeof shipments, ShipmentStatus>, 'to' | 'action' | 'guard' | 'check'>;
  }) {
    r.post(
      route.path,
      {
        config: { access: route.access },
        schema: {
          tags: ['shipments'],
          summary: route.summary,
          params: idParam,
          body: shipmentReasonInput,
          response: { 200: envelope('shipment', route.item), ...errors },
        },
      },
      async (req) => {
        const actor = producerScope(req);
        const moved = await app.events.transaction(async (tx, emit) => {
          const m = await transitionIn(tx, emit, route.workflow, {
            ...route.move,
            id: req.params.id,
            actor: actorOfRequest(req, 'own'),
            reason: req.body.reason,
            event: movedEvent(actor, route.move.to),
          });
          return { shipment: await route.present(tx, actor, m.after.id), code: await codeOf(tx, m.after.lotId) };
        });
        invalidateBatch(app, moved.code);
        return { data: { shipment: moved.shipment } };
      },
    );
  }

  // ---------- sender ----------

  sideReads({
    base: '/api/v1/shipments',
    access: { list: 'user', detail: 'user' },
    summary: 'The producer’s shipments (filters: status, partner, lot, shipping date range; q: lot code, partner, document number)',
    querystring: shipmentListQuery,
    item: shipmentSchema,
    page: pageOutgoing,
    present: oneOutgoing,
  });

  r.post(
    '/api/v1/shipments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shipments'],
        summary: 'Ship a quantity of one of the producer’s lots to one of its partners (409 quantity_exceeds_remaining, unit_mismatch)',
        body: shipmentInput,
        response: { 201: out, ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const b = req.body;
      let code = '';
      const created = await app.events.transaction(async (tx, emit) => {
        await assertProducerWritable(tx, actor.producerId);
        const [lot] = await tx
          .select()
          .from(traceabilities)
          .where(and(eq(traceabilities.id, b.lot_id), ownedBy(traceabilities, actor)))
          .limit(1);
        // Another producer's lot is not found (ADR 036 §5).
        if (!lot) throw notFound();
        if (lot.heldAt || lot.recalledAt) throw conflict('lot_not_shippable');
        if (b.unit !== lot.unit) throw conflict('unit_mismatch', { unit: lot.unit });
        const [partner] = await tx
          .select()
          .from(tradingPartners)
          .where(and(eq(tradingPartners.id, b.partner_id), ownedBy(tradingPartners, actor)))
          .limit(1);
        if (!partner) throw unprocessable('invalidPartner', {}, 'partner_id');
        const from = await ownLocation(tx, actor, b.from_location_id, 'from_location_id');
        const [row] = await tx
          .insert(shipments)
          .values({
            platform: actor.platform,
            producerId: actor.producerId,
            lotId: lot.id,
            quantity: b.quantity,
            unit: b.unit,
            fromLocationId: from?.id ?? null,
            partnerId: partner.id,
            receiverProducerId: partner.linkedProducerId,
            destination: b.destination,
            shippedOn: b.shipped_on,
            documentType: b.document_type,
            documentNumber: b.document_number,
            carrier: b.carrier,
            senderNote: b.note,
            status: 'sent',
            createdBy: actor.userId,
          })
          .returning();
        await takeFromLot(tx, lot.id, b.quantity);
        await tx.insert(chainEdges).values({
          platform: actor.platform,
          fromLotId: lot.id,
          toLotId: null,
          kind: 'shipment',
          sourceId: row.id,
          partnerId: partner.id,
          quantity: b.quantity,
          unit: b.unit,
          occurredOn: b.shipped_on,
        });
        await tx.insert(traceEvents).values({
          traceabilityId: lot.id,
          step: 'shipping',
          occurredAt: eventTime(b.shipped_on),
          place: from?.name ?? null,
          locationId: from?.id ?? null,
          shipmentId: row.id,
          position: await nextPosition(tx, lot.id),
          createdBy: actor.userId,
        });
        await recordActivity(tx, {
          subjectType: 'shipment',
          subjectId: row.id,
          platform: row.platform,
          actorId: actor.userId,
          action: 'create',
          to: 'sent',
          diff: { lot_id: lot.id, quantity: b.quantity, unit: b.unit, partner_id: partner.id },
        });
        await audit(tx, lot, actor.userId, 'ship', { shipment_id: row.id, quantity: b.quantity, unit: b.unit });
        code = lot.publicCode;
        await tellBatch(app, tx, code);
        if (partner.linkedProducerId) {
          emit({
            type: 'shipment.sent',
            platform: actor.platform,
            shipmentId: row.id,
            producerId: actor.producerId,
            receiverProducerId: partner.linkedProducerId,
            actorId: actor.userId,
          });
        }
        return oneOutgoing(tx, actor, row.id);
      });
      invalidateBatch(app, code);
      return reply.status(201).send({ data: { shipment: created } });
    },
  );

  reasonedMove({
    path: '/api/v1/shipments/:id/cancel',
    access: 'user',
    summary: 'Cancel a sent shipment with a reason (a received one: 409 shipment_already_received)',
    item: shipmentSchema,
    workflow: senderWorkflow,
    present: oneOutgoing,
    move: {
      to: 'cancelled',
      action: 'cancel',
      guard: (row) => {
        if (row.status === 'received') throw conflict('shipment_already_received');
      },
      check: async (tx, row) => undo(tx, row),
    },
  });

  // ---------- receiver ----------

  sideReads({
    base: '/api/v1/shipments/incoming',
    access: { list: 'user', detail: 'user' },
    summary: 'Shipments sent to the producer by its partners (its inbox; filter: status)',
    querystring: incomingListQuery,
    item: incomingShipment,
    page: pageIncoming,
    present: oneIncoming,
  });

  r.post(
    '/api/v1/shipments/incoming/:id/receive',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shipments'],
        summary: 'Receive a shipment into a new draft lot of one of the producer’s products (409 lot_taken, unit_mismatch)',
        params: idParam,
        body: receiveInput,
        response: { 200: inc, ...errors },
      },
    },
    async (req) => {
      const actor: ProducerScope = producerScope(req);
      const b = req.body;
      try {
        const result = await app.events.transaction(async (tx, emit) => {
          const m = await transitionIn(tx, emit, receiverWorkflow, {
            id: req.params.id,
            to: 'received',
            actor: actorOfRequest(req, 'own'),
            action: 'receive',
            fields: async (tx2, row) => {
              if (b.received_on < row.shippedOn)
                throw unprocessable('receivedBeforeShipped', { shipped_on: row.shippedOn }, 'received_on');
              const [product] = await tx2
                .select({ id: products.id, unit: products.unit })
                .from(products)
                .where(and(eq(products.id, b.product_id), ownedBy(products, actor)))
                .limit(1);
              if (!product) throw unprocessable('invalidProduct', {}, 'product_id');
              if (product.unit !== row.unit) throw conflict('unit_mismatch', { unit: row.unit });
              const loc = await ownLocation(tx2, actor, b.receiver_location_id, 'receiver_location_id');
              const [lot] = await tx2
                .insert(traceabilities)
                .values({
                  platform: actor.platform,
                  producerId: actor.producerId,
                  productId: product.id,
                  lotCode: b.lot_code,
                  publicCode: publicCode(),
                  productionDate: b.received_on,
                  quantity: b.received_quantity,
                  unit: row.unit,
                  status: 'draft',
                })
                .returning();
              await tx2
                .update(chainEdges)
                .set({ toLotId: lot.id })
                .where(and(eq(chainEdges.kind, 'shipment'), eq(chainEdges.sourceId, row.id)));
              await tx2.insert(traceEvents).values({
                traceabilityId: lot.id,
                step: 'receiving',
                occurredAt: eventTime(b.received_on),
                place: loc?.name ?? null,
                locationId: loc?.id ?? null,
                shipmentId: row.id,
                position: 0,
                createdBy: actor.userId,
              });
              await audit(tx2, lot, actor.userId, 'receive', { shipment_id: row.id, lot_code: b.lot_code });
              return {
                receivedLotId: lot.id,
                receivedQuantity: b.received_quantity,
                receivedOn: b.received_on,
                receiverLocationId: loc?.id ?? null,
                receiverNote: b.note,
              };
            },
            diff: () => ({ received_quantity: b.received_quantity, lot_code: b.lot_code }),
            event: movedEvent(actor, 'received'),
          });
          return oneIncoming(tx, actor, m.after.id);
        });
        return { data: { shipment: result } };
      } catch (err) {
        if (isUniqueViolation(err, 'traceabilities_producer_lot_uq')) throw conflict('lot_taken', { lot: b.lot_code });
        throw err;
      }
    },
  );

  reasonedMove({
    path: '/api/v1/shipments/incoming/:id/refuse',
    access: 'user',
    summary: 'Refuse a shipment with a reason (what it took goes back to the sender’s lot)',
    item: incomingShipment,
    workflow: receiverWorkflow,
    present: oneIncoming,
    move: {
      to: 'refused',
      action: 'refuse',
      check: async (tx, row, from) => {
        if (from === 'sent') await undo(tx, row);
      },
    },
  });
}
