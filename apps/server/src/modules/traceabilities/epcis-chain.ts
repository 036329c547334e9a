import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  locations,
  products,
  shipments,
  traceabilities,
  tradingPartners,
  transformationInputs,
} from '../../db/schema/index.js';
import { epcClassOf, partyUri, type EpcisChain } from './epcis.js';
import { linkGtinOf, type EventRow } from './presenter.js';

/**
 * The chain rows behind a lot's events (ADR 036 §2), read for its EPCIS document: the events'
 * locations, the shipments (sender and partner as parties), the transformations (input lots'
 * classes and quantities used). Three small queries by id; nothing for a lot without chain events.
 */
export async function loadEpcisChain(db: Db | Tx, base: string, events: EventRow[]): Promise<EpcisChain> {
  const ids = (pick: (e: EventRow) => number | null) => [
    ...new Set(events.map(pick).filter((x): x is number => x != null)),
  ];
  const locationIds = ids((e) => e.locationId);
  const shipmentIds = ids((e) => e.shipmentId);
  const transformationIds = ids((e) => e.transformationId);
  const chain: EpcisChain = { locations: new Map(), shipments: new Map(), transformations: new Map() };

  if (locationIds.length) {
    const rows = await db
      .select({ id: locations.id, gln: locations.gln })
      .from(locations)
      .where(inArray(locations.id, locationIds));
    for (const l of rows) chain.locations.set(l.id, l);
  }

  if (shipmentIds.length) {
    const rows = await db
      .select({
        id: shipments.id,
        senderId: shipments.producerId,
        quantity: shipments.quantity,
        receivedQuantity: shipments.receivedQuantity,
        partnerId: tradingPartners.id,
        partnerGln: tradingPartners.gln,
        linkedProducerId: tradingPartners.linkedProducerId,
      })
      .from(shipments)
      .innerJoin(tradingPartners, eq(tradingPartners.id, shipments.partnerId))
      .where(inArray(shipments.id, shipmentIds));
    for (const s of rows) {
      chain.shipments.set(s.id, {
        source: partyUri(base, { gln: null, producerId: s.senderId }),
        destination: partyUri(base, { gln: s.partnerGln, producerId: s.linkedProducerId, partnerId: s.partnerId }),
        quantity: Number(s.quantity),
        receivedQuantity: s.receivedQuantity == null ? null : Number(s.receivedQuantity),
      });
    }
  }

  if (transformationIds.length) {
    const rows = await db
      .select({
        transformationId: transformationInputs.transformationId,
        quantity: transformationInputs.quantity,
        unit: transformationInputs.unit,
        lotId: traceabilities.id,
        lotCode: traceabilities.lotCode,
        status: traceabilities.status,
        gtin14: traceabilities.gtin14,
        productGtin: products.gtin,
        productCode: products.publicCode,
      })
      .from(transformationInputs)
      .innerJoin(traceabilities, eq(traceabilities.id, transformationInputs.lotId))
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(inArray(transformationInputs.transformationId, transformationIds))
      .orderBy(transformationInputs.transformationId, transformationInputs.lotId);
    for (const r of rows) {
      const entry = chain.transformations.get(r.transformationId) ?? { inputs: [] };
      entry.inputs.push({
        epcClass: epcClassOf(linkGtinOf(r, r.productGtin), r.lotCode, r.productCode),
        quantity: Number(r.quantity),
        unit: r.unit,
      });
      chain.transformations.set(r.transformationId, entry);
    }
  }
  return chain;
}
