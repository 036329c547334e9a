import { afterAll, beforeAll, expect, it } from 'vitest';
import { producerOems, purchaseOrders } from '../../db/schema/index.js';
import { as, buildUser, createNodeApp, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';

/**
 * Purchase-order numbers under load (issue 25): parallel creations on two server nodes each get a
 * PO-<year>-<n> of their own, with no 500 (the counter row of the platform and year is taken in the
 * creating transaction). On PostgreSQL the second node has its own pool; PGlite serves one process,
 * so there the two apps share it.
 */
let a: TestApp;
let b: TestApp;
let buyer: Built;
let oemId: number;

beforeAll(async () => {
  a = await createTestApp();
  b = await createNodeApp(a);
  buyer = await buildUser(a.db, {
    roles: ['purchasing'],
    abilities: (['read', 'create'] as const).map((action) => ({ action, subject: 'purchase_order' as const })),
  });
  const [oem] = await a.db
    .insert(producerOems)
    .values({ platform: 'dtrack', name: 'Công ty TNHH Nông sản Phú Thịnh' })
    .returning();
  oemId = oem.id;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const create = (node: TestApp, orderDate: string) =>
  node.app.inject({
    method: 'POST',
    url: '/api/v1/admin/purchase_orders',
    headers: as(buyer),
    payload: {
      supplier_type: 'oem',
      supplier_id: oemId,
      order_date: orderDate,
      delivery_date: '2099-12-31',
      delivery_place: 'Kho DTrack Long Biên',
      lines: [{ description: 'Gạo ST25 túi 5 kg', unit: 'Túi', quantity: 40, unit_price: 210_000, vat_rate: 5 }],
    },
  });

it('numbers 30 parallel creations on two nodes without a 500, then continues after any stored order', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => create(i % 2 ? b : a, '2077-06-01')));
  expect(answers.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
  const codes = answers.map((r) => json(r).data.purchase_order.code as string).sort();
  expect(codes).toEqual(Array.from({ length: 30 }, (_, i) => `PO-2077-${String(i + 1).padStart(6, '0')}`));
  // An order numbered before the counter existed (or by the demo seed) is never numbered again.
  const [first] = await a.db.select().from(purchaseOrders).limit(1);
  const { id: _id, ...copy } = first;
  await a.db.insert(purchaseOrders).values({ ...copy, code: 'PO-2078-000007', year: 2078, seq: 7 });
  const next = await create(a, '2078-01-02');
  expect(next.statusCode, next.body).toBe(201);
  expect(json(next).data.purchase_order.code).toBe('PO-2078-000008');
  expect(json(await create(b, '2077-12-31')).data.purchase_order.code).toBe('PO-2077-000031');
});
