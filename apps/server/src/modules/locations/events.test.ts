import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, traceEvents } from '../../db/schema/index.js';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { eventBody } from '../traceabilities/batch-api.test-helper.js';

/** GET /api/v1/locations/:id/events: what happened at one of the producer's locations. */
let t: TestApp;
let a: Built;
let b: Built;
let admin: Built;
let otherAdmin: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, { producer: { name: 'HTX Cà phê Cầu Đất' } });
  b = await buildUser(t.db, { producer: { name: 'Công ty Rang xay Đà Lạt' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
  otherAdmin = await buildUser(t.db, { roles: ['admin'], platform: 'foodmap' });
});
afterAll(() => t.close());

const call = (u: Built, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as never, url, headers: as(u), ...(payload ? { payload } : {}) });

async function location(u: Built, name: string) {
  const [l] = await t.db
    .insert(locations)
    .values({ platform: u.platform, producerId: u.producerId!, kind: 'warehouse', name, provinceCode: '68' })
    .returning();
  return l.id;
}

async function lotOf(u: Built, name: string) {
  const product = await buildProduct(t.db, { producerId: u.producerId!, name, unit: 'Kg' });
  return buildBatch(t.db, { productId: product.id, quantity: 100, unit: 'Kg', status: 'draft' });
}

async function addEvent(u: Built, batchId: number, step: string, occurredAt: string, locationId: number | null) {
  const res = await call(
    u,
    'POST',
    `/api/v1/traceabilities/${batchId}/events`,
    eventBody(step, { occurred_at: occurredAt, location_id: locationId }),
  );
  if (res.statusCode !== 201) throw new Error(`add event: ${res.statusCode} ${res.body}`);
}

interface Row {
  id: number;
  step: string;
  occurred_at: string;
  batch: { id: number; lot_code: string; product_name: string };
  source: string | null;
  shipment_id: number | null;
  transformation_id: number | null;
}
const page = async (u: Built, url: string) => {
  const res = await call(u, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { events: Row[] }; meta: Record<string, unknown> }>(res);
};

describe('events at a location', () => {
  it('lists the events of the producer’s lots at the location, newest first, paged, with their batch and source', async () => {
    const here = await location(a, 'Kho Cầu Đất');
    const elsewhere = await location(a, 'Lô đồi số 2');
    const cherry = await lotOf(a, 'Cà phê quả tươi');
    const green = await lotOf(a, 'Cà phê nhân');
    await addEvent(a, cherry.id, 'harvesting', '2025-03-01T08:00:00+07:00', here);
    await addEvent(a, green.id, 'storing', '2025-03-05T08:00:00+07:00', here);
    await addEvent(a, cherry.id, 'caring', '2025-03-03T08:00:00+07:00', here);
    // Another location's event and one with no location are not listed.
    await addEvent(a, cherry.id, 'planting', '2025-03-04T08:00:00+07:00', elsewhere);
    await addEvent(a, green.id, 'packing', '2025-03-06T08:00:00+07:00', null);

    // A shipment from here to producer b, received by b at its own warehouse.
    const partner = json(await call(a, 'POST', '/api/v1/partners', { linked_producer_id: b.producerId })).data.partner
      .id;
    const shipped = await call(a, 'POST', '/api/v1/shipments', {
      lot_id: green.id,
      quantity: 40,
      unit: 'Kg',
      partner_id: partner,
      from_location_id: here,
      shipped_on: '2025-03-10',
      document_type: 'delivery_note',
      document_number: 'PX-001',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipmentId = json(shipped).data.shipment.id as number;
    const theirWarehouse = await location(b, 'Xưởng rang Đà Lạt');
    const productB = await buildProduct(t.db, { producerId: b.producerId!, name: 'Cà phê nhân Cầu Đất', unit: 'Kg' });
    const received = await call(b, 'POST', `/api/v1/shipments/incoming/${shipmentId}/receive`, {
      product_id: productB.id,
      lot_code: `NHAN-${shipmentId}`,
      received_quantity: 40,
      received_on: '2025-03-11',
      receiver_location_id: theirWarehouse,
    });
    expect(received.statusCode, received.body).toBe(200);

    const all = await page(a, `/api/v1/locations/${here}/events`);
    expect(all.meta).toMatchObject({ total_count: 4, current_page: 1 });
    expect(all.data.events.map((e) => e.step)).toEqual(['shipping', 'storing', 'caring', 'harvesting']);
    expect(all.data.events[0]).toMatchObject({
      batch: { id: green.id, lot_code: green.lotCode, product_name: 'Cà phê nhân' },
      source: 'shipment',
      shipment_id: shipmentId,
      transformation_id: null,
    });
    expect(all.data.events[3]).toMatchObject({
      step: 'harvesting',
      occurred_at: '2025-03-01T01:00:00.000Z',
      batch: { id: cherry.id, lot_code: cherry.lotCode, product_name: 'Cà phê quả tươi' },
      source: null,
      shipment_id: null,
    });

    const second = await page(a, `/api/v1/locations/${here}/events?page=2&per_page=3`);
    expect(second.meta).toMatchObject({ total_count: 4, current_page: 2, per_page: 3 });
    expect(second.data.events.map((e) => e.step)).toEqual(['harvesting']);
    const first = await page(a, `/api/v1/locations/${here}/events?per_page=3`);
    expect(first.data.events.map((e) => e.step)).toEqual(['shipping', 'storing', 'caring']);

    // The receiver sees the receipt at its own warehouse.
    const theirs = await page(b, `/api/v1/locations/${theirWarehouse}/events`);
    expect(theirs.data.events).toEqual([
      expect.objectContaining({ step: 'receiving', source: 'receipt', shipment_id: shipmentId }),
    ]);
    expect(theirs.data.events[0].batch.lot_code).toBe(`NHAN-${shipmentId}`);

    // Only the producer's own lots are listed, even if another's event named this location.
    const [foreignEvent] = await t.db
      .insert(traceEvents)
      .values({
        traceabilityId: (await lotOf(b, 'Cà phê rang')).id,
        step: 'storing',
        occurredAt: new Date('2025-04-01T00:00:00Z'),
        locationId: here,
      })
      .returning();
    const after = await page(a, `/api/v1/locations/${here}/events`);
    expect(after.meta.total_count).toBe(4);
    expect(after.data.events.map((e) => e.id)).not.toContain(foreignEvent.id);

    // The administrator reads the same page of the platform's location; another platform's does not.
    const adminPage = await page(admin, `/api/v1/admin/locations/${here}/events`);
    expect(adminPage.data.events.map((e) => e.id)).toEqual(all.data.events.map((e) => e.id));
    expect((await call(otherAdmin, 'GET', `/api/v1/admin/locations/${here}/events`)).statusCode).toBe(404);
    expect((await call(a, 'GET', `/api/v1/admin/locations/${here}/events`)).statusCode).toBe(403);
  });

  it('an empty location answers an empty page', async () => {
    const l = await location(a, 'Cửa hàng Đà Lạt');
    const res = await page(a, `/api/v1/locations/${l}/events`);
    expect(res.data.events).toEqual([]);
    expect(res.meta).toMatchObject({ total_count: 0, current_page: 1 });
  });

  it('answers 404 for another producer’s location or an unknown one, 401 anonymous, 422 on bad paging', async () => {
    const theirs = await location(b, 'Kho Pleiku');
    expect((await call(a, 'GET', `/api/v1/locations/${theirs}/events`)).statusCode).toBe(404);
    expect((await call(a, 'GET', '/api/v1/locations/2000000000/events')).statusCode).toBe(404);
    expect((await call(b, 'GET', `/api/v1/locations/${theirs}/events`)).statusCode).toBe(200);
    const anon = await t.app.inject({
      method: 'GET',
      url: `/api/v1/locations/${theirs}/events`,
      headers: { platform: 'dtrack' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await call(b, 'GET', `/api/v1/locations/${theirs}/events?per_page=0`)).statusCode).toBe(422);
    expect((await call(admin, 'GET', `/api/v1/locations/${theirs}/events`)).statusCode).toBe(403);
  });
});
