import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { todayInVietnam } from '@agrihub/contract';
import {
  activity,
  chainEdges,
  locations,
  shipments,
  traceEvents,
  traceabilities,
  tradingPartners,
  transformationInputs,
} from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
let a: Built;
let b: Built;
let productId: number;
let otherProductId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId!, name: 'Cà phê rang' })).id;
  otherProductId = (await buildProduct(t.db, { producerId: b.producerId! })).id;
});
afterAll(() => t.close());

let lotSeq = 0;
const lot = (overrides: Parameters<typeof buildBatch>[1] = {}) =>
  buildBatch(t.db, { productId, status: 'draft', quantity: 100, unit: 'Kg', ...overrides });

const body = (inputs: { lot_id: number; quantity: number; unit?: string }[], extra: Record<string, unknown> = {}) => ({
  output: {
    product_id: productId,
    lot_code: `RANG-${++lotSeq}`,
    quantity: 80,
    unit: 'Kg',
    production_date: '2025-06-01',
    ...((extra.output as object) ?? {}),
  },
  inputs,
  transformed_on: '2025-06-01',
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'output')),
});

const create = (u: Built, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transformations', headers: as(u), payload: payload as object });

const used = async (id: number) =>
  (await t.db.select({ u: traceabilities.usedQuantity }).from(traceabilities).where(eq(traceabilities.id, id)))[0].u;

async function countsOf(lotCode: string) {
  const out = await t.db.select().from(traceabilities).where(eq(traceabilities.lotCode, lotCode));
  return { lots: out.length };
}

describe('POST /api/v1/transformations', () => {
  it('makes a draft lot from two lots in one go: quantities taken, edges, inputs, the processing event, history', async () => {
    const [loc] = await t.db
      .insert(locations)
      .values({
        platform: a.platform,
        producerId: a.producerId!,
        kind: 'processing_plant',
        name: 'Xưởng rang Cầu Đất',
        provinceCode: '68',
      })
      .returning();
    const x = await lot({ lotCode: 'CHIN-1', quantity: 60 });
    const y = await lot({ lotCode: 'CHIN-2', quantity: 50.5 });
    const res = await create(
      a,
      body(
        [
          { lot_id: x.id, quantity: 60, unit: 'Kg' },
          { lot_id: y.id, quantity: 40.25 },
        ],
        { location_id: loc.id, note: 'Rang mẻ sáng', output: { lot_code: 'RANG-A', quantity: 80.125 } },
      ),
    );
    expect(res.statusCode).toBe(201);
    const tr = json(res).data.transformation;
    expect(tr).toMatchObject({
      transformed_on: '2025-06-01',
      location: { id: loc.id, name: 'Xưởng rang Cầu Đất' },
      note: 'Rang mẻ sáng',
      output: { lot_code: 'RANG-A', quantity: 80.125, unit: 'Kg', product: { id: productId, name: 'Cà phê rang' } },
      inputs: [
        { lot_id: x.id, lot_code: 'CHIN-1', quantity: 60, unit: 'Kg' },
        { lot_id: y.id, lot_code: 'CHIN-2', quantity: 40.25, unit: 'Kg' },
      ],
    });
    expect(tr.yield).toBeCloseTo(80.125 / 100.25, 4);
    expect(await used(x.id)).toBe(60);
    expect(await used(y.id)).toBe(40.25);

    const [out] = await t.db.select().from(traceabilities).where(eq(traceabilities.id, tr.output.lot_id));
    expect(out).toMatchObject({ status: 'draft', producerId: a.producerId, quantity: 80.125, usedQuantity: 0 });
    const edges = await t.db.select().from(chainEdges).where(eq(chainEdges.sourceId, tr.id));
    expect(edges.map((e) => [e.kind, e.fromLotId, e.toLotId, e.quantity, e.occurredOn]).sort()).toEqual(
      [
        ['transformation', x.id, out.id, 60, '2025-06-01'],
        ['transformation', y.id, out.id, 40.25, '2025-06-01'],
      ].sort(),
    );
    const ins = await t.db.select().from(transformationInputs).where(eq(transformationInputs.transformationId, tr.id));
    expect(ins).toHaveLength(2);
    const events = await t.db.select().from(traceEvents).where(eq(traceEvents.traceabilityId, out.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      step: 'processing',
      locationId: loc.id,
      transformationId: tr.id,
      place: 'Xưởng rang Cầu Đất',
    });
    expect(new Date(events[0].occurredAt).toISOString()).toBe('2025-06-01T01:00:00.000Z');

    const history = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'traceability'), inArray(activity.subjectId, [out.id, x.id, y.id])));
    expect(history.map((h) => [h.subjectId, h.action]).sort()).toEqual(
      [
        [out.id, 'transform'],
        [x.id, 'transform_input'],
        [y.id, 'transform_input'],
      ].sort(),
    );

    // The batch page of the new lot shows it as an ordinary batch with its processing event.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${out.id}`, headers: as(a) });
    expect(json(page).data.traceability.events.map((e: { step: string }) => e.step)).toEqual(['processing']);
  });

  it('accepts a lot received from a partner as an input (it is the producer’s own lot)', async () => {
    const farm = await lot({ productId: otherProductId, quantity: 30 });
    const received = await lot({ lotCode: 'NHAN-1', quantity: 29.5 });
    const [partner] = await t.db
      .insert(tradingPartners)
      .values({ platform: b.platform, producerId: b.producerId!, name: 'HTX', linkedProducerId: a.producerId })
      .returning();
    await t.db.insert(shipments).values({
      platform: b.platform,
      producerId: b.producerId!,
      lotId: farm.id,
      quantity: 30,
      unit: 'Kg',
      partnerId: partner.id,
      receiverProducerId: a.producerId,
      shippedOn: '2025-05-01',
      status: 'received',
      receivedLotId: received.id,
      receivedQuantity: 29.5,
      receivedOn: '2025-05-02',
    });
    const lots = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations/input_lots?q=nhan', headers: as(a) }),
    ).data.lots;
    expect(lots).toEqual([expect.objectContaining({ id: received.id, received: true, remaining: 29.5, unit: 'Kg' })]);
    const res = await create(a, body([{ lot_id: received.id, quantity: 29.5 }]));
    expect(res.statusCode).toBe(201);
    expect(await used(received.id)).toBe(29.5);
  });

  it('refuses a lot code the producer already uses (409 lot_taken on output.lot_code), taking nothing', async () => {
    const x = await lot();
    await lot({ lotCode: 'DA-CO' });
    const res = await create(a, body([{ lot_id: x.id, quantity: 5 }], { output: { lot_code: 'DA-CO' } }));
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({ code: 'lot_taken', errors: [{ field: 'output.lot_code' }] });
    expect(await used(x.id)).toBe(0);
  });

  it('refuses more than an input has left, naming the input (409 on inputs.<i>.quantity); nothing is kept', async () => {
    const x = await lot({ quantity: 10 });
    const y = await lot({ quantity: 10, usedQuantity: 7 });
    const res = await create(
      a,
      body(
        [
          { lot_id: x.id, quantity: 10 },
          { lot_id: y.id, quantity: 3.001 },
        ],
        { output: { lot_code: 'QUA-TAY' } },
      ),
    );
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'quantity_exceeds_remaining',
      errors: [{ field: 'inputs.1.quantity', message: expect.stringContaining('3') }],
    });
    expect(await used(x.id)).toBe(0);
    expect(await used(y.id)).toBe(7);
    expect(await countsOf('QUA-TAY')).toEqual({ lots: 0 });
    expect(
      await t.db
        .select()
        .from(chainEdges)
        .where(inArray(chainEdges.fromLotId, [x.id, y.id])),
    ).toEqual([]);
  });

  it('answers 404 for another producer’s lot as an input, and creates nothing', async () => {
    const mine = await lot();
    const theirs = await lot({ productId: otherProductId });
    const res = await create(
      a,
      body(
        [
          { lot_id: mine.id, quantity: 1 },
          { lot_id: theirs.id, quantity: 1 },
        ],
        { output: { lot_code: 'CUA-NGUOI' } },
      ),
    );
    expect(res.statusCode).toBe(404);
    expect(json(res).meta.errors).toEqual([{ field: 'inputs.1.lot_id', message: expect.any(String) }]);
    expect(await countsOf('CUA-NGUOI')).toEqual({ lots: 0 });
    expect(await used(theirs.id)).toBe(0);
  });

  it('refuses an input unit other than the lot’s (409 unit_mismatch)', async () => {
    const x = await lot({ unit: 'Thùng', quantity: 5 });
    const res = await create(a, body([{ lot_id: x.id, quantity: 1, unit: 'Kg' }]));
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({ code: 'unit_mismatch', errors: [{ field: 'inputs.0.unit' }] });
    expect(await used(x.id)).toBe(0);
  });

  it('refuses inputs on hold or recalled (409 input_lot_unavailable)', async () => {
    const held = await lot({ status: 'published', heldAt: new Date(), holdReason: 'Kiểm tra' });
    const recalled = await lot({ status: 'published', recalledAt: new Date(), recallReason: 'Nhiễm' });
    for (const x of [held, recalled]) {
      const res = await create(a, body([{ lot_id: x.id, quantity: 1 }]));
      expect(res.statusCode).toBe(409);
      expect(json(res).meta).toMatchObject({ code: 'input_lot_unavailable', errors: [{ field: 'inputs.0.lot_id' }] });
      expect(await used(x.id)).toBe(0);
    }
    const lots = json(await t.app.inject({ method: 'GET', url: '/api/v1/transformations/input_lots', headers: as(a) }))
      .data.lots as { id: number }[];
    expect(lots.map((l) => l.id)).not.toContain(held.id);
    expect(lots.map((l) => l.id)).not.toContain(recalled.id);
  });

  it('refuses another producer’s product or location for the output (422)', async () => {
    const x = await lot();
    const [theirLoc] = await t.db
      .insert(locations)
      .values({ platform: b.platform, producerId: b.producerId!, kind: 'warehouse', name: 'Kho', provinceCode: '01' })
      .returning();
    const p = await create(a, body([{ lot_id: x.id, quantity: 1 }], { output: { product_id: otherProductId } }));
    expect(p.statusCode).toBe(422);
    expect(json(p).meta.errors).toEqual([{ field: 'output.product_id', message: expect.any(String) }]);
    const l = await create(a, body([{ lot_id: x.id, quantity: 1 }], { location_id: theirLoc.id }));
    expect(l.statusCode).toBe(422);
    expect(json(l).meta.errors).toEqual([{ field: 'location_id', message: expect.any(String) }]);
    expect(await used(x.id)).toBe(0);
  });

  it('validates the body: 1..50 distinct inputs, quantities with ≤ 3 decimals, no future date', async () => {
    const x = await lot();
    const fields = async (payload: unknown) => {
      const res = await create(a, payload);
      expect(res.statusCode).toBe(422);
      return (json(res).meta.errors as { field: string }[]).map((e) => e.field);
    };
    expect(await fields(body([]))).toContain('inputs');
    const many = await Promise.all(Array.from({ length: 51 }, () => lot({ quantity: 1 })));
    expect(await fields(body(many.map((m) => ({ lot_id: m.id, quantity: 1 }))))).toContain('inputs');
    expect(
      await fields(
        body([
          { lot_id: x.id, quantity: 1 },
          { lot_id: x.id, quantity: 2 },
        ]),
      ),
    ).toContain('inputs.1.lot_id');
    expect(await fields(body([{ lot_id: x.id, quantity: 1.0001 }]))).toContain('inputs.0.quantity');
    expect(await fields(body([{ lot_id: x.id, quantity: 0 }]))).toContain('inputs.0.quantity');
    expect(await fields(body([{ lot_id: x.id, quantity: 1 }], { output: { quantity: -1 } }))).toContain(
      'output.quantity',
    );
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await fields(body([{ lot_id: x.id, quantity: 1 }], { transformed_on: tomorrow }))).toContain(
      'transformed_on',
    );
    expect(await used(x.id)).toBe(0);
    // 50 inputs, today, 3 decimals: accepted.
    const fifty = many.slice(0, 50).map((m) => ({ lot_id: m.id, quantity: 0.001 }));
    const ok = await create(a, body(fifty, { transformed_on: todayInVietnam() }));
    expect(ok.statusCode).toBe(201);
    expect(json(ok).data.transformation.inputs).toHaveLength(50);
  });

  it('shows no yield when an input’s unit differs from the output’s', async () => {
    const x = await lot({ quantity: 10 });
    const y = await lot({ quantity: 10, unit: 'Túi' });
    const res = await create(
      a,
      body([
        { lot_id: x.id, quantity: 5 },
        { lot_id: y.id, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).data.transformation.yield).toBeNull();
  });
});

describe('two transformations at the same time on the same input', () => {
  it('cannot both take the last kilo: exactly one succeeds, the others leave no lot, edge or event', async () => {
    const x = await lot({ quantity: 10 });
    const codes = ['DUA-1', 'DUA-2', 'DUA-3', 'DUA-4'];
    const results = await Promise.all(
      codes.map((code) => create(a, body([{ lot_id: x.id, quantity: 10 }], { output: { lot_code: code } }))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(json(r).meta).toMatchObject({
        code: 'quantity_exceeds_remaining',
        errors: [{ field: 'inputs.0.quantity' }],
      });
    }
    expect(await used(x.id)).toBe(10);
    const outs = await t.db.select().from(traceabilities).where(inArray(traceabilities.lotCode, codes));
    expect(outs).toHaveLength(1);
    const edges = await t.db.select().from(chainEdges).where(eq(chainEdges.fromLotId, x.id));
    expect(edges).toEqual([expect.objectContaining({ toLotId: outs[0].id, quantity: 10 })]);
    const events = await t.db
      .select()
      .from(traceEvents)
      .where(
        inArray(
          traceEvents.traceabilityId,
          outs.map((o) => o.id),
        ),
      );
    expect(events).toHaveLength(1);
    const rows = await t.db.select().from(transformationInputs).where(eq(transformationInputs.lotId, x.id));
    expect(rows).toHaveLength(1);
  });

  it('splits a lot between parallel transformations only as far as it goes', async () => {
    const x = await lot({ quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(a, body([{ lot_id: x.id, quantity: 3 }], { output: { lot_code: `CHIA-${i}` } })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await used(x.id)).toBe(9);
  });
});

describe('GET /api/v1/transformations and /{id}', () => {
  it('lists only the producer’s own, sorted by date, paged; reads one; 404 for another’s', async () => {
    const u = await buildUser(t.db);
    const p = await buildProduct(t.db, { producerId: u.producerId! });
    const mk = async (day: string, code: string) => {
      const x = await buildBatch(t.db, { productId: p.id, status: 'draft', quantity: 5 });
      const res = await create(u, {
        output: { product_id: p.id, lot_code: code, quantity: 4, unit: 'Kg', production_date: day },
        inputs: [{ lot_id: x.id, quantity: 5 }],
        transformed_on: day,
      });
      expect(res.statusCode).toBe(201);
      return json(res).data.transformation;
    };
    const t1 = await mk('2025-01-10', 'L-A');
    const t2 = await mk('2025-03-10', 'L-B');
    const t3 = await mk('2025-02-10', 'L-C');
    const page1 = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations?per_page=2', headers: as(u) }),
    );
    expect(page1.data.transformations.map((x: { id: number }) => x.id)).toEqual([t2.id, t3.id]);
    expect(page1.meta).toMatchObject({ total_count: 3, current_page: 1, per_page: 2 });
    const page2 = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations?per_page=2&page=2', headers: as(u) }),
    );
    expect(page2.data.transformations.map((x: { id: number }) => x.id)).toEqual([t1.id]);
    const asc = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations?sort=transformed_on', headers: as(u) }),
    );
    expect(asc.data.transformations.map((x: { id: number }) => x.id)).toEqual([t1.id, t3.id, t2.id]);
    const q = json(await t.app.inject({ method: 'GET', url: '/api/v1/transformations?q=l-c', headers: as(u) }));
    expect(q.data.transformations.map((x: { id: number }) => x.id)).toEqual([t3.id]);

    const one = await t.app.inject({ method: 'GET', url: `/api/v1/transformations/${t1.id}`, headers: as(u) });
    expect(json(one).data.transformation).toMatchObject({ id: t1.id, yield: 0.8, output: { lot_code: 'L-A' } });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/transformations/${t1.id}`, headers: as(a) });
    expect(theirs.statusCode).toBe(404);
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations?per_page=100', headers: as(a) }),
    );
    expect(list.data.transformations.map((x: { id: number }) => x.id)).not.toContain(t1.id);
  });

  it('refuses a user without a producer (403)', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/transformations', headers: as(admin) });
    expect(res.statusCode).toBe(403);
  });

  it('lists usable input lots with what is left, never another producer’s', async () => {
    const u = await buildUser(t.db);
    const p = await buildProduct(t.db, { producerId: u.producerId!, name: 'Cà phê nhân' });
    const x = await buildBatch(t.db, {
      productId: p.id,
      status: 'draft',
      quantity: 12.5,
      usedQuantity: 2.25,
      lotCode: 'NV-1',
    });
    await buildBatch(t.db, { productId: p.id, status: 'draft', quantity: 3, usedQuantity: 3, lotCode: 'NV-HET' });
    await buildBatch(t.db, { productId: otherProductId, status: 'draft', lotCode: 'NV-KHAC' });
    const lots = json(await t.app.inject({ method: 'GET', url: '/api/v1/transformations/input_lots', headers: as(u) }))
      .data.lots;
    expect(lots).toEqual([
      {
        id: x.id,
        lot_code: 'NV-1',
        product: { id: p.id, name: 'Cà phê nhân' },
        quantity: 12.5,
        remaining: 10.25,
        unit: 'Kg',
        production_date: '2025-03-01',
        received: false,
      },
    ]);
    const byProduct = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/transformations/input_lots?q=ca%20phe', headers: as(u) }),
    ).data.lots;
    expect(byProduct).toHaveLength(1);
  });
});
