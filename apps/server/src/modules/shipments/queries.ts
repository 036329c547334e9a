import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { alias, type PgSelect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  receiptDifference,
  type IncomingListQuery,
  type IncomingShipment,
  type Shipment,
  type ShipmentDocumentType,
  type ShipmentListQuery,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { locations, producers, products, shipments, traceabilities, tradingPartners } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { pagePlan } from '../../lib/list.js';
import type { OwnerRef } from '../../lib/scope.js';
import { textSearch } from '../../lib/search.js';

type Row = typeof shipments.$inferSelect;
const iso = (v: Date | string) => new Date(v).toISOString();

/** What both sides read of the row. */
function shared(s: Row) {
  return {
    id: s.id,
    status: s.status,
    quantity: Number(s.quantity),
    unit: s.unit,
    shipped_on: s.shippedOn,
    document_type: (s.documentType as ShipmentDocumentType | null) ?? null,
    document_number: s.documentNumber,
    carrier: s.carrier,
    received_quantity: s.receivedQuantity == null ? null : Number(s.receivedQuantity),
    difference: s.receivedQuantity == null ? null : receiptDifference(Number(s.quantity), Number(s.receivedQuantity)),
    received_on: s.receivedOn,
    refusal_reason: s.refusalReason,
    cancel_reason: s.cancelReason,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}

const linked = alias(producers, 'linked_producer');
const receivedLot = alias(traceabilities, 'received_lot');

type Page = { limit: number; offset: number; orderBy: SQL[] };

/** Shipments with their lot's code and product, and `fields` (from tables the caller joins). */
function withLot<F extends SelectedFields>(db: Db | Tx, fields: F) {
  return db
    .select({ s: shipments, lotCode: traceabilities.lotCode, productName: products.name, ...fields })
    .from(shipments)
    .innerJoin(traceabilities, eq(traceabilities.id, shipments.lotId))
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .$dynamic();
}

/** `q` under `where`, cut to `page` when one is given. */
function within<Q extends PgSelect>(q: Q, where: SQL | undefined, page?: Page) {
  const w = q.where(where);
  return page ? w.orderBy(...page.orderBy).limit(page.limit).offset(page.offset) : w;
}

/** The sender's shipments matching `where`, with its lot (and what is left), location and partner. */
export async function loadOutgoing(db: Db | Tx, where: SQL | undefined, page?: Page): Promise<Shipment[]> {
  const q = withLot(db, {
    lotQuantity: traceabilities.quantity,
    lotUsed: traceabilities.usedQuantity,
    fromName: locations.name,
    partnerName: tradingPartners.name,
    linkedName: linked.name,
  })
    .innerJoin(tradingPartners, eq(tradingPartners.id, shipments.partnerId))
    .leftJoin(linked, eq(linked.id, tradingPartners.linkedProducerId))
    .leftJoin(locations, eq(locations.id, shipments.fromLocationId));
  const rows = await within(q, where, page);
  return rows.map((r) => ({
    ...shared(r.s),
    lot: {
      id: r.s.lotId,
      lot_code: r.lotCode,
      product_name: r.productName,
      remaining_quantity: Math.round((Number(r.lotQuantity) - Number(r.lotUsed)) * 1000) / 1000,
    },
    from_location: r.s.fromLocationId ? { id: r.s.fromLocationId, name: r.fromName ?? '' } : null,
    partner: { id: r.s.partnerId, name: r.linkedName ?? r.partnerName, on_platform: r.s.receiverProducerId != null },
    destination: r.s.destination,
    note: r.s.senderNote,
  }));
}

const sender = alias(producers, 'sender');

/**
 * The receiver's shipments matching `where`: the shipped lot's code and product, the sender's name
 * and the shared fields, with its own lot, location and note — never the sender's note, location,
 * lot id or what is left of it.
 */
export async function loadIncoming(db: Db | Tx, where: SQL | undefined, page?: Page): Promise<IncomingShipment[]> {
  const q = withLot(db, { senderName: sender.name, receivedLotCode: receivedLot.lotCode, locationName: locations.name })
    .innerJoin(sender, eq(sender.id, shipments.producerId))
    .leftJoin(receivedLot, eq(receivedLot.id, shipments.receivedLotId))
    .leftJoin(locations, eq(locations.id, shipments.receiverLocationId));
  const rows = await within(q, where, page);
  return rows.map((r) => ({
    ...shared(r.s),
    lot: { lot_code: r.lotCode, product_name: r.productName },
    sender: { name: r.senderName },
    received_lot: r.s.receivedLotId ? { id: r.s.receivedLotId, lot_code: r.receivedLotCode ?? '' } : null,
    receiver_location: r.s.receiverLocationId ? { id: r.s.receiverLocationId, name: r.locationName ?? '' } : null,
    note: r.s.receiverNote,
  }));
}

export const senderScope = (actor: OwnerRef) =>
  and(eq(shipments.platform, actor.platform), eq(shipments.producerId, actor.producerId))!;
export const receiverScope = (actor: OwnerRef) =>
  and(eq(shipments.platform, actor.platform), eq(shipments.receiverProducerId, actor.producerId))!;

const sortOf = (sort: string) => {
  const down = sort.startsWith('-');
  const col = sort.replace(/^-/, '') === 'shipped_on' ? shipments.shippedOn : shipments.createdAt;
  return down ? [desc(col), desc(shipments.id)] : [asc(col), asc(shipments.id)];
};

type PageQuery = { page: number; per_page: number; sort: string };

/** One page of a side's list: `load`'s items under `where`, counted over the lot and `join` (a table `where` reads). */
async function pageOf<T>(
  db: Db,
  query: PageQuery,
  where: SQL | undefined,
  join: [table: PgTable, on: SQL],
  load: (db: Db, where: SQL | undefined, page: Page) => Promise<T[]>,
) {
  const plan = pagePlan(query);
  const [total] = await db
    .select({ n: count() })
    .from(shipments)
    .innerJoin(traceabilities, eq(traceabilities.id, shipments.lotId))
    .innerJoin(...join)
    .where(where);
  const items = await load(db, where, { ...plan, orderBy: sortOf(query.sort) });
  return { items, meta: plan.meta(total?.n) };
}

/** One page of the sender's list (q: lot code, partner name, document number). */
export function pageOutgoing(db: Db, actor: OwnerRef, query: ShipmentListQuery & PageQuery) {
  const where = and(
    senderScope(actor),
    query.status ? eq(shipments.status, query.status) : undefined,
    query.partner_id ? eq(shipments.partnerId, Number(query.partner_id)) : undefined,
    query.lot_id ? eq(shipments.lotId, Number(query.lot_id)) : undefined,
    query.from ? gte(shipments.shippedOn, query.from) : undefined,
    query.to ? lte(shipments.shippedOn, query.to) : undefined,
    query.q ? textSearch(query.q, traceabilities.lotCode, tradingPartners.name, shipments.documentNumber) : undefined,
  );
  return pageOf(db, query, where, [tradingPartners, eq(tradingPartners.id, shipments.partnerId)], loadOutgoing);
}

/** One page of the receiver's inbox (q: lot code, sender's name, document number). */
export function pageIncoming(db: Db, actor: OwnerRef, query: IncomingListQuery & PageQuery) {
  const where = and(
    receiverScope(actor),
    query.status ? eq(shipments.status, query.status) : undefined,
    query.q ? textSearch(query.q, traceabilities.lotCode, sender.name, shipments.documentNumber) : undefined,
  );
  return pageOf(db, query, where, [sender, eq(sender.id, shipments.producerId)], loadIncoming);
}

/** One shipment of a side's view (`load` under `scope`), or 404. */
const oneOf =
  <T>(load: (db: Db | Tx, where: SQL | undefined) => Promise<T[]>, scope: (actor: OwnerRef) => SQL) =>
  async (db: Db | Tx, actor: OwnerRef, id: number): Promise<T> => {
    const [s] = await load(db, and(eq(shipments.id, id), scope(actor)));
    if (!s) throw notFound();
    return s;
  };
export const oneOutgoing = oneOf(loadOutgoing, senderScope);
export const oneIncoming = oneOf(loadIncoming, receiverScope);
