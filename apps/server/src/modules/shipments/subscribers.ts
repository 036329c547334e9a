import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import { producers, products, shipments, traceabilities } from '../../db/schema/index.js';
import { deliver, producerAccounts } from '../notifications/deliver.js';

/** Deep links of the web app (apps/web/src/config/paths.ts). */
const LINKS = {
  incoming: (id: number) => `/incoming-shipments/${id}`,
  outgoing: (id: number) => `/shipments/${id}`,
};

/** `2025-03-01` → `01/03/2025`. */
const day = (d: string | null) => (d ? d.split('-').reverse().join('/') : '');

/** What a notification of a shipment says: names, lot code, quantities and dates both sides see. */
async function shipmentOf(app: FastifyInstance, platform: PlatformKey, id: number) {
  const [r] = await app.db
    .select({
      s: shipments,
      lot: traceabilities.lotCode,
      product: products.name,
      sender: producers.name,
    })
    .from(shipments)
    .innerJoin(traceabilities, eq(traceabilities.id, shipments.lotId))
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .innerJoin(producers, eq(producers.id, shipments.producerId))
    .where(and(eq(shipments.id, id), eq(shipments.platform, platform)));
  if (!r) return null;
  let receiver = '';
  if (r.s.receiverProducerId) {
    const [p] = await app.db.select({ name: producers.name }).from(producers).where(eq(producers.id, r.s.receiverProducerId));
    receiver = p?.name ?? '';
  }
  return {
    row: r.s,
    params: {
      sender: r.sender,
      receiver,
      lot: r.lot,
      product: r.product,
      quantity: String(Number(r.s.quantity)),
      unit: r.s.unit,
      shipped_on: day(r.s.shippedOn),
      received: r.s.receivedQuantity == null ? '' : String(Number(r.s.receivedQuantity)),
      received_on: day(r.s.receivedOn),
    },
  };
}

/**
 * Notifications of shipments (ADR 036): the receiving producer's accounts hear of an incoming
 * shipment and of its cancellation, the sender's of its receipt or refusal (with the reason) —
 * in-app and by mail, through the shared delivery and its switches (kind `shipments`).
 */
export default async function shipmentSubscribers(app: FastifyInstance) {
  app.events.on('shipment.sent', async (e) => {
    const s = await shipmentOf(app, e.platform, e.shipmentId);
    if (!s) return;
    await deliver(app, await producerAccounts(app, e.platform, e.receiverProducerId), {
      platform: e.platform,
      type: 'shipment.incoming',
      params: s.params,
      link: LINKS.incoming(e.shipmentId),
    });
  });
  app.events.on('shipment.moved', async (e) => {
    const s = await shipmentOf(app, e.platform, e.shipmentId);
    if (!s) return;
    if (e.to === 'cancelled') {
      if (!e.receiverProducerId) return;
      await deliver(app, await producerAccounts(app, e.platform, e.receiverProducerId), {
        platform: e.platform,
        type: 'shipment.cancelled',
        params: { ...s.params, reason: e.reason ?? '' },
        link: LINKS.incoming(e.shipmentId),
      });
      return;
    }
    if (e.to !== 'received' && e.to !== 'refused') return;
    await deliver(app, await producerAccounts(app, e.platform, e.producerId), {
      platform: e.platform,
      type: e.to === 'received' ? 'shipment.received' : 'shipment.refused',
      params: { ...s.params, reason: e.reason ?? '' },
      link: LINKS.outgoing(e.shipmentId),
    });
  });
}
