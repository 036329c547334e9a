import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { batchBody, createBatch } from '../traceabilities/batch-api.test-helper.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

/** Issue 7: optimistic concurrency on product and batch saves (`updated_at` the client read). */
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db, { platform: 'agrihub' }); // a platform with English
});
afterAll(() => t.close());

const put = (url: string, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url, headers: as(a, locale), payload });

describe('PUT /api/v1/products/{id} with updated_at', () => {
  it('a save from a stale read answers 409 stale_update and overwrites nothing', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf, { name: 'Rau cải' }));
    const url = `/api/v1/products/${p.id}`;
    // Two people opened the form at p.updated_at; the first saves.
    const first = await put(url, productBody(cat.leaf, { name: 'Rau cải ngọt', updated_at: p.updated_at }));
    expect(first.statusCode).toBe(200);
    const saved = json(first).data.product;
    expect(saved.updated_at).not.toBe(p.updated_at);
    // The second, from the same read, is refused.
    const second = await put(url, productBody(cat.leaf, { name: 'Rau muống', updated_at: p.updated_at }));
    expect(second.statusCode).toBe(409);
    expect(json(second).meta).toMatchObject({ code: 'stale_update', message: expect.stringContaining('tải lại') });
    const en = await put(url, productBody(cat.leaf, { name: 'Rau muống', updated_at: p.updated_at }), 'en');
    expect(json(en).meta.message).toContain('Someone else changed this record');
    const now = json(await t.app.inject({ method: 'GET', url, headers: as(a) })).data.product;
    expect(now).toMatchObject({ name: 'Rau cải ngọt', updated_at: saved.updated_at });
    // After a reload it goes through; a client that sends no updated_at is not checked.
    expect(
      (await put(url, productBody(cat.leaf, { name: 'Rau muống', updated_at: saved.updated_at }))).statusCode,
    ).toBe(200);
    expect((await put(url, productBody(cat.leaf, { name: 'Rau dền' }))).statusCode).toBe(200);
    const bad = await put(url, productBody(cat.leaf, { updated_at: 'hôm qua' }));
    expect(bad.statusCode).toBe(422);
    expect(json(bad).meta.errors[0]).toMatchObject({ field: 'updated_at' });
  });

  it('back-to-back saves never share an updated_at (each stale read is caught)', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const url = `/api/v1/products/${p.id}`;
    let seen = p.updated_at;
    const values = new Set<string>([seen]);
    for (let i = 0; i < 5; i++) {
      const res = await put(url, productBody(cat.leaf, { name: `Rau ${i}`, updated_at: seen }));
      expect(res.statusCode).toBe(200);
      seen = json(res).data.product.updated_at;
      values.add(seen);
    }
    expect(values.size).toBe(6);
  });
});

// Batches are DTrack's (contract GATES.batches): its producer saves them.
describe('PUT /api/v1/traceabilities/{id} with updated_at', () => {
  it('a save from a stale read answers 409 stale_update and overwrites nothing', async () => {
    const d = await buildUser(t.db, { platform: 'dtrack' });
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: as(d), payload });
    const product = await buildProduct(t.db, { producerId: d.producerId! });
    const b = await createBatch(t, d, product.id, { lot_code: 'CC-1' });
    const read = json(await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${b.id}`, headers: as(d) })).data
      .traceability;
    const url = `/api/v1/traceabilities/${b.id}`;
    const first = await put(url, batchBody(product.id, { lot_code: 'CC-1', quantity: 7, updated_at: read.updated_at }));
    expect(first.statusCode).toBe(200);
    const second = await put(
      url,
      batchBody(product.id, { lot_code: 'CC-1', quantity: 9, updated_at: read.updated_at }),
    );
    expect(second.statusCode).toBe(409);
    expect(json(second).meta.code).toBe('stale_update');
    const now = json(await t.app.inject({ method: 'GET', url, headers: as(d) })).data.traceability;
    expect(now.quantity).toBe(7);
    expect(
      (await put(url, batchBody(product.id, { lot_code: 'CC-1', quantity: 9, updated_at: now.updated_at }))).statusCode,
    ).toBe(200);
    expect((await put(url, batchBody(product.id, { lot_code: 'CC-1', quantity: 11 }))).statusCode).toBe(200);
  });
});
