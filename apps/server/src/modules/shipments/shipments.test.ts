import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { todayInVietnam } from '@agrihub/contract';
import { activity, chainEdges, locations, shipments, traceEvents, traceabilities } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/**
 * Shipments and receipts (ADR 036 §2, §5): the lot's remaining quantity, the transitions, the new
 * lot of a receipt, what each side sees, and who else reaches nothing.
 */
let t: TestApp;
let a: Built; // sender
let b: Built; // receiver (a partner on the platform)
let c: Built; // a third producer
let foreign: Built; // another platform
let partnerB: number;
let outside: number;
let locA: number;
let locB: number;
let productB: number;

const SENDER_NOTE = 'GHI CHÚ NỘI BỘ BÊN GỬI: giá 85.000đ/kg';
const RECEIVER_NOTE = 'GHI CHÚ BÊN NHẬN: kho 2';

const call = (u: Built, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as never, url, headers: as(u), ...(payload ? { payload } : {}) });

async function location(u: Built, name: string) {
  const [l] = await t.db
    .insert(locations)
    .values({ platform: u.platform, producerId: u.producerId!, kind: 'warehouse', name, provinceCode: '68' })
    .returning();
  return l.id;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, { producer: { name: 'HTX Cà phê Cầu Đất' } });
  b = await buildUser(t.db, { producer: { name: 'Công ty Rang xay Đà Lạt' } });
  c = await buildUser(t.db);
  foreign = await buildUser(t.db, { platform: 'agrihub' });
  partnerB = json(await call(a, 'POST', '/api/v1/partners', { linked_producer_id: b.producerId })).data.partner.id;
  outside = json(await call(a, 'POST', '/api/v1/partners', { name: 'Cửa hàng Sài Gòn' })).data.partner.id;
  locA = await location(a, 'Kho Cầu Đất');
  locB = await location(b, 'Xưởng rang Đà Lạt');
  productB = (await buildProduct(t.db, { producerId: b.producerId!, name: 'Cà phê nhân', unit: 'Kg' })).id;
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

async function lotOf(u: Built, quantity = 100, unit = 'Kg') {
  const product = await buildProduct(t.db, { producerId: u.producerId!, name: 'Cà phê quả tươi', unit });
  return buildBatch(t.db, { productId: product.id, quantity, unit, status: 'draft' });
}

const ship = (lotId: number, quantity: number, extra: object = {}) =>
  call(a, 'POST', '/api/v1/shipments', {
    lot_id: lotId,
    quantity,
    unit: 'Kg',
    partner_id: partnerB,
    from_location_id: locA,
    shipped_on: '2025-03-10',
    document_type: 'delivery_note',
    document_number: 'PX-001',
    carrier: 'Xe tải 49C-12345',
    note: SENDER_NOTE,
    ...extra,
  });

const remaining = async (lotId: number) => {
  const [l] = await t.db.select().from(traceabilities).where(eq(traceabilities.id, lotId));
  return Number(l.quantity) - Number(l.usedQuantity);
};

const receive = (id: number, extra: object = {}) =>
  call(b, 'POST', `/api/v1/shipments/incoming/${id}/receive`, {
    product_id: productB,
    lot_code: `NHAN-${id}`,
    received_quantity: 39.5,
    received_on: '2025-03-11',
    receiver_location_id: locB,
    note: RECEIVER_NOTE,
    ...extra,
  });

describe('shipping', () => {
  it('takes the quantity, writes the edge and the shipping event in one go, and tells the receiver', async () => {
    const lot = await lotOf(a);
    const res = await ship(lot.id, 40);
    expect(res.statusCode).toBe(201);
    const s = json(res).data.shipment;
    expect(s).toMatchObject({
      status: 'sent',
      quantity: 40,
      unit: 'Kg',
      lot: { id: lot.id, lot_code: lot.lotCode, remaining_quantity: 60 },
      from_location: { id: locA, name: 'Kho Cầu Đất' },
      partner: { id: partnerB, name: 'Công ty Rang xay Đà Lạt', on_platform: true },
      note: SENDER_NOTE,
    });
    expect(await remaining(lot.id)).toBe(60);
    const edges = await t.db.select().from(chainEdges).where(eq(chainEdges.sourceId, s.id));
    expect(edges).toMatchObject([{ kind: 'shipment', fromLotId: lot.id, toLotId: null, partnerId: partnerB, quantity: 40, unit: 'Kg', occurredOn: '2025-03-10' }]);
    const [ev] = await t.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, s.id));
    expect(ev).toMatchObject({ traceabilityId: lot.id, step: 'shipping', locationId: locA, place: 'Kho Cầu Đất' });
    expect(new Date(ev.occurredAt).toISOString()).toBe('2025-03-10T01:00:00.000Z');
    // The batch shows what is left.
    const batch = json(await call(a, 'GET', `/api/v1/traceabilities/${lot.id}`)).data.traceability;
    expect(batch.remaining_quantity).toBe(60);
    await t.app.events.drain();
    const got = json(await call(b, 'GET', '/api/v1/notifications')).data.notifications;
    expect(got[0]).toMatchObject({ type: 'shipment.incoming', link: `/incoming-shipments/${s.id}` });
    expect(got[0].body).toContain('HTX Cà phê Cầu Đất');
    expect(got[0].body).not.toContain(SENDER_NOTE);
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to)).toEqual([b.user.email]);
    expect(JSON.stringify(mails)).not.toContain('85.000');
  });

  it('refuses more than is left (409) and leaves nothing behind', async () => {
    const lot = await lotOf(a, 10);
    const res = await ship(lot.id, 10.001);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('quantity_exceeds_remaining');
    expect(await remaining(lot.id)).toBe(10);
    expect(await t.db.select().from(shipments).where(eq(shipments.lotId, lot.id))).toEqual([]);
    expect(await t.db.select().from(chainEdges).where(eq(chainEdges.fromLotId, lot.id))).toEqual([]);
    expect(await t.db.select().from(traceEvents).where(eq(traceEvents.traceabilityId, lot.id))).toEqual([]);
  });

  it('lets one of two parallel shipments of the last kilos win', async () => {
    const lot = await lotOf(a, 30);
    const [r1, r2] = await Promise.all([ship(lot.id, 20), ship(lot.id, 20)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    expect(await remaining(lot.id)).toBe(10);
    expect(await t.db.select().from(shipments).where(eq(shipments.lotId, lot.id))).toHaveLength(1);
    expect(await t.db.select().from(chainEdges).where(eq(chainEdges.fromLotId, lot.id))).toHaveLength(1);
  });

  it('refuses a unit other than the lot’s, a future date, a held lot, another producer’s lot, partner or location', async () => {
    const lot = await lotOf(a);
    const unit = await ship(lot.id, 1, { unit: 'Thùng' });
    expect(unit.statusCode).toBe(409);
    expect(json(unit).meta.code).toBe('unit_mismatch');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await ship(lot.id, 1, { shipped_on: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(json(future).meta.errors[0]).toMatchObject({ field: 'shipped_on' });
    expect((await ship(lot.id, 1, { shipped_on: todayInVietnam() })).statusCode).toBe(201);
    const theirs = await lotOf(c);
    expect((await ship(theirs.id, 1)).statusCode).toBe(404);
    const cPartner = json(await call(c, 'POST', '/api/v1/partners', { name: 'Đối tác của C' })).data.partner.id;
    expect((await ship(lot.id, 1, { partner_id: cPartner })).statusCode).toBe(422);
    expect((await ship(lot.id, 1, { from_location_id: locB })).statusCode).toBe(422);
    await t.db.update(traceabilities).set({ status: 'published', heldAt: new Date() }).where(eq(traceabilities.id, lot.id));
    const held = await ship(lot.id, 1);
    expect(json(held).meta.code).toBe('lot_not_shippable');
    expect(await remaining(lot.id)).toBe(99);
  });

  it('ships to an outside party: an edge to no lot, and nobody’s inbox', async () => {
    const lot = await lotOf(a);
    const res = await ship(lot.id, 5, { partner_id: outside });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.shipment.partner).toMatchObject({ name: 'Cửa hàng Sài Gòn', on_platform: false });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, json(res).data.shipment.id));
    expect(row.receiverProducerId).toBeNull();
  });
});

describe('receiving', () => {
  it('creates the receiver’s draft lot with the received quantity, points the edge at it and tells the sender', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 40)).data.shipment.id;
    await t.app.events.drain();
    await clearOutbox(t);
    const res = await receive(id);
    expect(res.statusCode).toBe(200);
    const s = json(res).data.shipment;
    expect(s).toMatchObject({
      status: 'received',
      quantity: 40,
      received_quantity: 39.5,
      difference: -0.5,
      received_on: '2025-03-11',
      receiver_location: { id: locB, name: 'Xưởng rang Đà Lạt' },
      note: RECEIVER_NOTE,
    });
    const [newLot] = await t.db.select().from(traceabilities).where(eq(traceabilities.id, s.received_lot.id));
    expect(newLot).toMatchObject({
      producerId: b.producerId,
      productId: productB,
      lotCode: `NHAN-${id}`,
      quantity: 39.5,
      unit: 'Kg',
      status: 'draft',
    });
    const [edge] = await t.db.select().from(chainEdges).where(eq(chainEdges.sourceId, id));
    expect(edge).toMatchObject({ fromLotId: lot.id, toLotId: newLot.id });
    const [ev] = await t.db.select().from(traceEvents).where(eq(traceEvents.traceabilityId, newLot.id));
    expect(ev).toMatchObject({ step: 'receiving', locationId: locB, shipmentId: id });
    // The sender's lot keeps what it shipped taken.
    expect(await remaining(lot.id)).toBe(60);
    const acts = await t.db.select().from(activity).where(and(eq(activity.subjectType, 'shipment'), eq(activity.subjectId, id)));
    expect(acts.map((x) => x.action).sort()).toEqual(['create', 'receive']);
    await t.app.events.drain();
    const got = json(await call(a, 'GET', '/api/v1/notifications')).data.notifications;
    expect(got[0]).toMatchObject({ type: 'shipment.received', link: `/shipments/${id}` });
    expect(got[0].body).not.toContain(RECEIVER_NOTE);
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).toEqual([a.user.email]);
    // Twice: 409; cancel after receipt: 409 shipment_already_received.
    expect((await receive(id, { lot_code: 'KHAC-1' })).statusCode).toBe(409);
    const cancel = await call(a, 'POST', `/api/v1/shipments/${id}/cancel`, { reason: 'Nhầm' });
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel).meta.code).toBe('shipment_already_received');
    expect((await call(b, 'POST', `/api/v1/shipments/incoming/${id}/refuse`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('refuses a lot code taken, a product of another unit, a date before shipping or in the future — leaving it sent', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 10)).data.shipment.id;
    const taken = await buildBatch(t.db, { productId: productB, status: 'draft' });
    const clash = await receive(id, { lot_code: taken.lotCode });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).meta.code).toBe('lot_taken');
    const boxes = (await buildProduct(t.db, { producerId: b.producerId!, unit: 'Thùng' })).id;
    expect(json(await receive(id, { product_id: boxes })).meta.code).toBe('unit_mismatch');
    expect((await receive(id, { received_on: '2025-03-09' })).statusCode).toBe(422);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await receive(id, { received_on: tomorrow })).statusCode).toBe(422);
    expect((await receive(id, { receiver_location_id: locA })).statusCode).toBe(422);
    const notMine = (await buildProduct(t.db, { producerId: c.producerId!, unit: 'Kg' })).id;
    expect((await receive(id, { product_id: notMine })).statusCode).toBe(422);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, id));
    expect(row).toMatchObject({ status: 'sent', receivedLotId: null });
    expect(await t.db.select().from(traceabilities).where(eq(traceabilities.lotCode, `NHAN-${id}`))).toEqual([]);
  });

  it('refusal gives the quantity back, drops the edge and the event, keeps the reason and tells the sender', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 25)).data.shipment.id;
    expect((await call(b, 'POST', `/api/v1/shipments/incoming/${id}/refuse`, { reason: ' ' })).statusCode).toBe(422);
    const res = await call(b, 'POST', `/api/v1/shipments/incoming/${id}/refuse`, { reason: 'Hàng bị ẩm' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.shipment).toMatchObject({ status: 'refused', refusal_reason: 'Hàng bị ẩm' });
    expect(await remaining(lot.id)).toBe(100);
    expect(await t.db.select().from(chainEdges).where(eq(chainEdges.sourceId, id))).toEqual([]);
    expect(await t.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, id))).toEqual([]);
    await t.app.events.drain();
    const got = json(await call(a, 'GET', '/api/v1/notifications')).data.notifications;
    expect(got[0]).toMatchObject({ type: 'shipment.refused' });
    expect(got[0].body).toContain('Hàng bị ẩm');
    expect((await receive(id)).statusCode).toBe(409);
    expect((await call(a, 'POST', `/api/v1/shipments/${id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('cancellation by the sender gives back the quantity and tells the receiver; only the sender cancels', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 25)).data.shipment.id;
    expect((await call(b, 'POST', `/api/v1/shipments/${id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call(a, 'POST', `/api/v1/shipments/incoming/${id}/receive`, {})).statusCode).toBe(422);
    expect((await call(a, 'POST', `/api/v1/shipments/incoming/${id}/refuse`, { reason: 'x' })).statusCode).toBe(404);
    await t.app.events.drain();
    const res = await call(a, 'POST', `/api/v1/shipments/${id}/cancel`, { reason: 'Khách đổi ngày' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.shipment).toMatchObject({ status: 'cancelled', cancel_reason: 'Khách đổi ngày' });
    expect(await remaining(lot.id)).toBe(100);
    expect(await t.db.select().from(chainEdges).where(eq(chainEdges.sourceId, id))).toEqual([]);
    expect(await t.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, id))).toEqual([]);
    await t.app.events.drain();
    const got = json(await call(b, 'GET', '/api/v1/notifications')).data.notifications;
    expect(got[0]).toMatchObject({ type: 'shipment.cancelled', link: `/incoming-shipments/${id}` });
    expect((await receive(id)).statusCode).toBe(409);
  });
});

describe('visibility', () => {
  it('shows each side its own view, and nothing to a third producer or another platform', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 40)).data.shipment.id;
    await receive(id);
    // The sender: its note, never the receiver's note, lot or location.
    const out = json(await call(a, 'GET', `/api/v1/shipments/${id}`)).data.shipment;
    expect(out.note).toBe(SENDER_NOTE);
    expect(out).toMatchObject({ received_quantity: 39.5, difference: -0.5 });
    const outText = JSON.stringify(out);
    expect(outText).not.toContain(RECEIVER_NOTE);
    expect(outText).not.toContain(`NHAN-${id}`);
    expect(outText).not.toContain('Xưởng rang');
    expect(out).not.toHaveProperty('received_lot');
    // The receiver: the shared shipment, never the sender's note, location, lot id or what is left.
    const inc = json(await call(b, 'GET', `/api/v1/shipments/incoming/${id}`)).data.shipment;
    expect(inc).toMatchObject({
      lot: { lot_code: lot.lotCode, product_name: 'Cà phê quả tươi' },
      sender: { name: 'HTX Cà phê Cầu Đất' },
      quantity: 40,
      document_type: 'delivery_note',
      document_number: 'PX-001',
      carrier: 'Xe tải 49C-12345',
      shipped_on: '2025-03-10',
      note: RECEIVER_NOTE,
    });
    const incText = JSON.stringify(inc);
    expect(incText).not.toContain(SENDER_NOTE);
    expect(incText).not.toContain('Kho Cầu Đất');
    expect(inc.lot).not.toHaveProperty('remaining_quantity');
    expect(inc.lot).not.toHaveProperty('id');
    // The receiver's inbox holds only what was sent to it; its own outgoing list is empty of A's.
    const inbox = json(await call(b, 'GET', '/api/v1/shipments/incoming?status=received')).data.shipments;
    expect(inbox.every((s: { sender: { name: string } }) => s.sender.name === 'HTX Cà phê Cầu Đất')).toBe(true);
    expect(JSON.stringify(inbox)).not.toContain(SENDER_NOTE);
    expect(json(await call(b, 'GET', '/api/v1/shipments')).data.shipments).toEqual([]);
    expect((await call(b, 'GET', `/api/v1/shipments/${id}`)).statusCode).toBe(404);
    // A third producer: 404 everywhere.
    expect((await call(c, 'GET', `/api/v1/shipments/${id}`)).statusCode).toBe(404);
    expect((await call(c, 'GET', `/api/v1/shipments/incoming/${id}`)).statusCode).toBe(404);
    expect(json(await call(c, 'GET', '/api/v1/shipments/incoming')).data.shipments).toEqual([]);
    // Another platform (without batches): the gate refuses before any row is read.
    for (const url of [`/api/v1/shipments/${id}`, `/api/v1/shipments/incoming/${id}`, '/api/v1/shipments/incoming']) {
      expect([403, 404]).toContain((await call(foreign, 'GET', url)).statusCode);
    }
    expect((await call(c, 'POST', `/api/v1/shipments/incoming/${id}/refuse`, { reason: 'x' })).statusCode).toBe(404);
  });

  it('lists the sender’s shipments by status, partner and date', async () => {
    const lot = await lotOf(a);
    const id = json(await ship(lot.id, 1, { shipped_on: '2024-12-31', document_number: 'HD-2024-99' })).data.shipment.id;
    const byDate = json(await call(a, 'GET', '/api/v1/shipments?from=2024-12-01&to=2024-12-31')).data.shipments;
    expect(byDate.map((s: { id: number }) => s.id)).toEqual([id]);
    const byQ = json(await call(a, 'GET', '/api/v1/shipments?q=hd-2024')).data.shipments;
    expect(byQ.map((s: { id: number }) => s.id)).toEqual([id]);
    const byPartner = json(await call(a, 'GET', `/api/v1/shipments?partner_id=${outside}`)).data.shipments;
    expect(byPartner.every((s: { partner: { id: number } }) => s.partner.id === outside)).toBe(true);
    const cancelled = json(await call(a, 'GET', '/api/v1/shipments?status=cancelled&per_page=100'));
    expect(cancelled.data.shipments.every((s: { status: string }) => s.status === 'cancelled')).toBe(true);
    expect(cancelled.meta.total_count).toBe(cancelled.data.shipments.length);
  });

  it('refuses to delete a partner with shipments (409)', async () => {
    const res = await call(a, 'DELETE', `/api/v1/partners/${partnerB}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('partner_has_shipments');
  });
});
