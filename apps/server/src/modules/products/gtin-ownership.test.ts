import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { products, traceabilities } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { addEvent, createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

/** Issue 7 finding 2: a GTIN belongs to one product (so one producer) per platform; the resolver follows only its owner. */
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;
let admin: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db, { producer: { name: 'HTX Chè Mộc Châu', status: 'approved' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

const call = (u: Built, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, locale = 'vi') =>
  t.app.inject({ method, url, headers: as(u, locale), ...(payload ? { payload } : {}) });
const scan = (url: string, host = 'dtrack.localhost:3000') => t.app.inject({ method: 'GET', url, headers: { host } });

/** A product of `u` approved by the administrator through the API. */
async function approvedProduct(u: Built, gtin: string, name = 'Chè Shan tuyết') {
  const p = await createProduct(t.app, u, productBody(cat.leaf, { name, gtin }));
  expect((await call(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
  const ok = await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`);
  expect(ok.statusCode).toBe(200);
  return json(ok).data.product as { id: number; public_code: string; gtin: string };
}

describe('GS1 Digital Link hijack (issue 7, finding 2)', () => {
  it('a pending producer cannot take another producer’s GTIN, and a row that has it anyway is never followed', async () => {
    const gtin = withCheckDigit('893604500001');
    const owned = await approvedProduct(a, gtin);
    const lot = 'L-2025/07';
    const genuine = await publishedBatch(t, a, owned.id, ['planting'], { lot_code: lot });

    // The attacker: a pending producer.
    const b = await buildUser(t.db, { producer: { name: 'Kẻ giả mạo', status: 'pending' } });
    const refused = await call(b, 'POST', '/api/v1/products', productBody(cat.leaf, { name: 'Hàng nhái', gtin }));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta).toMatchObject({
      code: 'gtin_taken',
      message: expect.stringContaining('đã được đăng ký bởi một đơn vị sản xuất khác'),
      errors: [{ field: 'gtin', message: expect.stringContaining(gtin) }],
    });
    expect(JSON.stringify(json(refused))).not.toContain('HTX Chè Mộc Châu');
    const padded = await call(b, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin: `0${gtin}` }));
    expect(json(padded).meta.code).toBe('gtin_taken');
    // Through an update too.
    const mine = await createProduct(t.app, b, productBody(cat.leaf, { name: 'Hàng nhái' }));
    const update = await call(b, 'PUT', `/api/v1/products/${mine.id}`, productBody(cat.leaf, { gtin }));
    expect(update.statusCode).toBe(409);
    expect(json(update).meta.code).toBe('gtin_taken');

    // Old data: B's row carries the GTIN (inserted behind the API), even approved, with a newer
    // published batch of the same lot, and B later approved: the link still goes to A's batch.
    const fake = await buildProduct(t.db, { producerId: b.producerId!, name: 'Hàng nhái', gtin, gtin14: null });
    await buildBatch(t.db, {
      productId: fake.id,
      lotCode: lot,
      productionDate: '2025-07-01',
      status: 'published',
      publishedAt: new Date(Date.now() + 60_000),
    });
    for (const status of ['pending', 'approved'] as const) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/producers/${b.producerId}/status`,
        headers: as(admin),
        payload: { status },
      });
      for (const url of [`/01/0${gtin}/10/${encodeURIComponent(lot)}`, `/01/${gtin}/10/${encodeURIComponent(lot)}`]) {
        const res = await scan(url);
        expect(res.statusCode, `${url} with B ${status}`).toBe(307);
        expect(res.headers.location).toBe(`http://dtrack.localhost:3000/trace/${genuine.public_code}`);
      }
      const product = await scan(`/01/${gtin}`);
      expect(product.headers.location).toBe(`http://dtrack.localhost:3000/trace/p/${owned.public_code}`);
    }
    // And the old row cannot be submitted nor approved with the GTIN it does not own.
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, fake.id));
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${fake.id}/register`,
      headers: as(b),
    });
    expect(json(submit).meta.code).toBe('gtin_taken');
    await t.db.update(products).set({ status: 'pending' }).where(eq(products.id, fake.id));
    const approve = await call(admin, 'POST', `/api/v1/admin/products/${fake.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(json(approve).meta.code).toBe('gtin_taken');
  });

  it('one product per GTIN: the producer’s own second product is refused, naming the first', async () => {
    const gtin = withCheckDigit('893604500002');
    await createProduct(t.app, a, productBody(cat.leaf, { name: 'Chè búp', gtin }));
    const again = await call(a, 'POST', '/api/v1/products', productBody(cat.leaf, { name: 'Chè búp 2', gtin }));
    expect(again.statusCode).toBe(409);
    expect(json(again).meta).toMatchObject({ code: 'gtin_taken_own', message: expect.stringContaining('Chè búp') });
    // Saving the product with its own GTIN is fine; a GTIN-8 and its GTIN-14 form are the same GTIN.
    const short = withCheckDigit('9638507');
    const p = await createProduct(t.app, a, productBody(cat.leaf, { name: 'Mứt', gtin: short }));
    expect((await call(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin: short }))).statusCode).toBe(
      200,
    );
    const padded = await call(a, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin: `000000${short}` }));
    expect(json(padded).meta.code).toBe('gtin_taken_own');
    // Another platform is another GTIN register.
    const f = await buildUser(t.db, { platform: 'foodmap' });
    expect((await call(f, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin }))).statusCode).toBe(201);
  });

  it('a GTIN freed by its product (changed or deleted) can be taken', async () => {
    const gtin = withCheckDigit('893604500003');
    const p = await createProduct(t.app, a, productBody(cat.leaf, { gtin }));
    expect((await call(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin: null }))).statusCode).toBe(
      200,
    );
    const c = await buildUser(t.db);
    expect((await call(c, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin }))).statusCode).toBe(201);
  });

  it('the database refuses a second owner even past the check (unique index)', async () => {
    const gtin = withCheckDigit('893604500004');
    await createProduct(t.app, a, productBody(cat.leaf, { gtin }));
    const c = await buildUser(t.db);
    await expect(
      t.db.insert(products).values({
        platform: 'dtrack',
        producerId: c.producerId!,
        name: 'X',
        unit: 'Kg',
        gtin,
        gtin14: `0${gtin}`,
        publicCode: randomBytes(8).toString('hex').toUpperCase(),
      }),
    ).rejects.toThrow();
  });

  it('only the approved version’s GTIN resolves: a GTIN changed in an unreviewed edit does not', async () => {
    const gtin = withCheckDigit('893604500005');
    const next = withCheckDigit('893604500006');
    const p = await approvedProduct(a, gtin);
    const batch = await publishedBatch(t, a, p.id, ['planting'], { lot_code: 'EDIT-1' });
    expect((await scan(`/01/${gtin}/10/EDIT-1`)).headers.location).toBe(`http://dtrack.localhost:3000/trace/${batch.public_code}`);
    // A GTIN a published batch printed does not change at all (issue 25, ADR 030) …
    const printed = await call(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin: next }));
    expect(json(printed).meta.code).toBe('gtin_printed');
    // … one no batch printed does, and resolves nothing until approved: nor does a batch published meanwhile.
    const q = await approvedProduct(a, withCheckDigit('893604500010'), 'Chè khác');
    expect((await call(a, 'PUT', `/api/v1/products/${q.id}`, productBody(cat.leaf, { gtin: next }))).statusCode).toBe(
      200,
    );
    await publishedBatch(t, a, q.id, ['planting'], { lot_code: 'EDIT-2' });
    expect((await scan(`/01/${next}/10/EDIT-2`)).statusCode).toBe(404);
    expect((await scan(`/01/${next}`)).statusCode).toBe(404);
  });

  it('a draft batch or a batch of a product that is not approved is never a link target', async () => {
    const gtin = withCheckDigit('893604500007');
    const p = await createProduct(t.app, a, productBody(cat.leaf, { gtin }));
    const draft = await createBatch(t, a, p.id, { lot_code: 'NOPE-1' });
    await addEvent(t, a, draft.id);
    await t.db.update(traceabilities).set({ status: 'published' }).where(eq(traceabilities.id, draft.id));
    expect((await scan(`/01/${gtin}/10/NOPE-1`)).statusCode).toBe(404);
    expect((await scan(`/01/${gtin}`)).statusCode).toBe(404);
  });
});

describe('admin GTIN verification', () => {
  it('an administrator marks the GTIN verified; changing the GTIN clears it; no GTIN → 409', async () => {
    const gtin = withCheckDigit('893604500008');
    const p = await createProduct(t.app, a, productBody(cat.leaf, { gtin }));
    expect(p.gtin_verified).toBe(false);
    const url = `/api/v1/admin/products/${p.id}/gtin_verification`;
    const res = await call(admin, 'PUT', url, { verified: true });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.product).toMatchObject({ gtin_verified: true, updated_at: p.updated_at });
    expect(json(res).meta.message).toBe('Đã xác minh mã GTIN.');
    // The producer cannot verify its own GTIN.
    expect((await call(a, 'PUT', url, { verified: true })).statusCode).toBe(403);
    const same = await call(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin, name: 'Đổi tên' }));
    expect(json(same).data.product.gtin_verified).toBe(true);
    const changed = await call(
      a,
      'PUT',
      `/api/v1/products/${p.id}`,
      productBody(cat.leaf, { gtin: withCheckDigit('893604500009') }),
    );
    expect(json(changed).data.product.gtin_verified).toBe(false);
    const none = await createProduct(t.app, a, productBody(cat.leaf));
    const refused = await call(admin, 'PUT', `/api/v1/admin/products/${none.id}/gtin_verification`, { verified: true });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta.code).toBe('gtin_not_owned');
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    const other = await t.app.inject({
      method: 'PUT',
      url,
      headers: headers('foodmap', foodmapAdmin.token),
      payload: { verified: false },
    });
    expect(other.statusCode).toBe(404);
  });
});
