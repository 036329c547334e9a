import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, type TestApp } from '../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../test/factories.js';

/**
 * One request scope (lib/scope): a producer reaches only what its producer owns on the request's
 * platform (ownedBy), an administrator what belongs to the platform (platformOf). Anything else is
 * "not found", so ids of other producers or platforms reveal nothing.
 */
let t: TestApp;
let a: Built;
let b: Built;
let adminHere: Built;
let adminElsewhere: Built;
let productOfB: number;
let batchOfB: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  adminHere = await buildUser(t.db, { roles: ['admin'] });
  adminElsewhere = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  productOfB = (await buildProduct(t.db, { producerId: b.producerId!, status: 'draft' })).id;
  batchOfB = (await buildBatch(t.db, { productId: productOfB, status: 'draft' })).id;
});
afterAll(() => t.close());

const call = (u: Built, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });

describe("another producer's records", () => {
  const urls: Record<string, () => string> = {
    product: () => `/api/v1/products/${productOfB}`,
    batch: () => `/api/v1/traceabilities/${batchOfB}`,
    'batch EPCIS': () => `/api/v1/traceabilities/${batchOfB}/epcis`,
    producer: () => `/api/v1/producers/${b.producerId}`,
  };
  it.each([
    ['GET', 'product'],
    ['DELETE', 'product'],
    ['GET', 'batch'],
    ['DELETE', 'batch'],
    ['GET', 'batch EPCIS'],
    ['GET', 'producer'],
    ['PUT', 'producer'],
  ] as const)("%s of b's %s is 404 for producer a", async (method, what) => {
    const res = await call(a, method, urls[what](), method === 'PUT' ? { name: 'Đổi tên' } : undefined);
    expect(res.statusCode).toBe(404);
    expect(json(res).meta.code).toBe('not_found');
  });

  it("a batch cannot name another producer's product", async () => {
    const res = await call(a, 'POST', '/api/v1/traceabilities', {
      product_id: productOfB,
      lot_code: 'LO-SCOPE-1',
      production_date: '2025-03-01',
      quantity: 1,
      unit: 'Kg',
      production_base: { name: 'Đồi chè', address: 'Xã Tân Lập', province_code: '14' },
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors[0].field).toBe('product_id');
  });

  it('lists only the own records', async () => {
    await buildProduct(t.db, { producerId: a.producerId!, name: 'Sản phẩm của A' });
    const list = json(await call(a, 'GET', '/api/v1/products')).data.products;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Sản phẩm của A']);
    const producers = json(await call(a, 'GET', '/api/v1/producers')).data.producers;
    expect(producers.map((p: { id: number }) => p.id)).toEqual([a.producerId]);
  });
});

describe('administrators', () => {
  it("reach every producer's records of their platform and none of another platform", async () => {
    expect((await call(adminHere, 'GET', `/api/v1/admin/products/${productOfB}`)).statusCode).toBe(200);
    expect((await call(adminHere, 'GET', `/api/v1/admin/producers/${b.producerId}`)).statusCode).toBe(200);
    expect((await call(adminElsewhere, 'GET', `/api/v1/admin/products/${productOfB}`)).statusCode).toBe(404);
    expect((await call(adminElsewhere, 'GET', `/api/v1/admin/producers/${b.producerId}`)).statusCode).toBe(404);
    expect((await call(adminElsewhere, 'GET', `/api/v1/producers/${b.producerId}`)).statusCode).toBe(404);
    const theirs = json(await call(adminElsewhere, 'GET', '/api/v1/admin/products')).data.products;
    expect(theirs).toEqual([]);
  });

  it('have no producer scope: the producer routes answer 403', async () => {
    for (const url of ['/api/v1/products', '/api/v1/traceabilities', `/api/v1/products/${productOfB}`]) {
      const res = await call(adminHere, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("may edit a closed producer's business information, which its own accounts may not", async () => {
    const closed = await buildUser(t.db, { producer: { status: 'closed' } });
    const own = await call(closed, 'PUT', `/api/v1/producers/${closed.producerId}`, { name: 'HTX đã đóng' });
    expect(own.statusCode).toBe(403);
    expect(json(own).meta.code).toBe('producer_closed_readonly');
    const byAdmin = await call(adminHere, 'PUT', `/api/v1/producers/${closed.producerId}`, { name: 'HTX đã đóng' });
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin).data.producer.name).toBe('HTX đã đóng');
  });
});
