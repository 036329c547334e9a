import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  locations,
  producers,
  products,
  shipments,
  traceabilities,
  tradingPartners,
  transformationInputs,
} from '../../db/schema/index.js';
import { epcClassOf, locationUri, partyUri, type EpcisChain } from './epcis.js';
import { linkGtinOf, type EventRow } from './presenter.js';

/** A producer's GS1 company prefix length (ADR 038; null: the default). */
export async function prefixLengthOf(db: Db | Tx, producerId: number): Promise<number | null> {
  const [p] = await db
    .select({ n: producers.gs1CompanyPrefixLength })
    .from(producers)
    .where(eq(producers.id, producerId))
    .limit(1);
  return p?.n ?? null;
}

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
      .select({
        id: locations.id,
        gln: locations.gln,
        prefixLength: producers.gs1CompanyPrefixLength,
        certifications: locations.certifications,
      })
      .from(locations)
      .innerJoin(producers, eq(producers.id, locations.producerId))
      .where(inArray(locations.id, locationIds));
    for (const l of rows) chain.locations.set(l.id, l);
  }

  if (shipmentIds.length) {
    const fromLocation = alias(locations, 'from_location');
    const toLocation = alias(locations, 'to_location');
    const sender = alias(producers, 'sender');
    const receiver = alias(producers, 'receiver');
    const rows = await db
      .select({
        id: shipments.id,
        senderId: shipments.producerId,
        senderPrefix: sender.gs1CompanyPrefixLength,
        quantity: shipments.quantity,
        receivedQuantity: shipments.receivedQuantity,
        partnerId: tradingPartners.id,
        partnerGln: tradingPartners.gln,
        linkedProducerId: tradingPartners.linkedProducerId,
        receiverPrefix: receiver.gs1CompanyPrefixLength,
        fromId: fromLocation.id,
        fromGln: fromLocation.gln,
        toId: toLocation.id,
        toGln: toLocation.gln,
      })
      .from(shipments)
      .innerJoin(tradingPartners, eq(tradingPartners.id, shipments.partnerId))
      .innerJoin(sender, eq(sender.id, shipments.producerId))
      .leftJoin(receiver, eq(receiver.id, tradingPartners.linkedProducerId))
      .leftJoin(fromLocation, eq(fromLocation.id, shipments.fromLocationId))
      .leftJoin(toLocation, eq(toLocation.id, shipments.receiverLocationId))
      .where(inArray(shipments.id, shipmentIds));
    for (const s of rows) {
      chain.shipments.set(s.id, {
        source: partyUri(base, { gln: null, producerId: s.senderId }),
        destination: partyUri(base, {
          gln: s.partnerGln,
          producerId: s.linkedProducerId,
          partnerId: s.partnerId,
          prefixLength: s.receiverPrefix,
        }),
        fromLocation:
          s.fromId == null ? null : locationUri(base, { id: s.fromId, gln: s.fromGln, prefixLength: s.senderPrefix }),
        toLocation:
          s.toId == null ? null : locationUri(base, { id: s.toId, gln: s.toGln, prefixLength: s.receiverPrefix }),
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
        prefixLength: producers.gs1CompanyPrefixLength,
      })
      .from(transformationInputs)
      .innerJoin(traceabilities, eq(traceabilities.id, transformationInputs.lotId))
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .innerJoin(producers, eq(producers.id, traceabilities.producerId))
      .where(inArray(transformationInputs.transformationId, transformationIds))
      .orderBy(transformationInputs.transformationId, transformationInputs.lotId);
    for (const r of rows) {
      const entry = chain.transformations.get(r.transformationId) ?? { inputs: [] };
      entry.inputs.push({
        epcClass: epcClassOf(linkGtinOf(r, r.productGtin), r.lotCode, r.productCode, r.prefixLength),
        quantity: Number(r.quantity),
        unit: r.unit,
      });
      chain.transformations.set(r.transformationId, entry);
    }
  }
  return chain;
}
