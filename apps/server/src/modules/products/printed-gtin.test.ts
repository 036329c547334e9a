import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { products, traceabilities } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { approveProduct, buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { addEvent, createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

/**
 * Issue 25: a printed Digital Link always opens its owner's batch. A GTIN printed on a published
 * batch stays its producer's, and `/01/{gtin}/10/{lot}` resolves by the batch that printed it.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;
let b: Built;
let admin: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db, { producer: { name: 'HTX Chè Mộc Châu', status: 'approved' } });
  b = await buildUser(t.db, { producer: { name: 'Công ty Thương mại B', status: 'approved' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: Built, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
const scan = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'dtrack.localhost:3000' } });
const opens = async (url: string) => {
  const res = await scan(url);
  return res.statusCode === 307 ? res.headers.location : res.statusCode;
};

/** A product of `u` with `gtin` (or none), submitted and approved through the API. */
async function approvedProduct(u: Built, gtin: string | null, name = 'Chè Shan tuyết') {
  const p = await createProduct(t.app, u, productBody(cat.leaf, { name, gtin }));
  expect((await call(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
  expect((await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(200);
  return p;
}

describe('a printed Digital Link always opens its owner’s batch (issue 25)', () => {
  it('replays the hijack: A cannot drop the GTIN, B cannot take it, and A’s link keeps opening A’s batch', async () => {
    const gtin = '8936045010013';
    expect(withCheckDigit('893604501001')).toBe(gtin);
    const lot = 'DT-LOT-001';
    const link = `/01/${gtin}/10/${lot}`;
    const pa = await approvedProduct(a, gtin);
    const genuine = await publishedBatch(t, a, pa.id, ['planting'], { lot_code: lot });
    expect(await opens(link)).toBe(`http://dtrack.localhost:3000/trace/${genuine.public_code}`);

    // 1. A removes the GTIN in a draft edit: refused, in Vietnamese, on the GTIN field.
    const drop = await call(a, 'PUT', `/api/v1/products/${pa.id}`, productBody(cat.leaf, { gtin: null }));
    expect(drop.statusCode).toBe(409);
    expect(json(drop).meta).toMatchObject({
      code: 'gtin_printed',
      message: expect.stringContaining(`Không thể đổi hoặc bỏ mã GTIN ${gtin}`),
      errors: [{ field: 'gtin', message: expect.stringContaining('lô hàng đã công bố') }],
    });
    // 2. B saves the same GTIN on its own product: refused, naming no one.
    const take = await call(b, 'POST', '/api/v1/products', productBody(cat.leaf, { name: 'Chè B', gtin }));
    expect(take.statusCode).toBe(409);
    expect(json(take).meta.code).toBe('gtin_taken');
    expect(take.body).not.toContain('HTX Chè Mộc Châu');

    // 3. Even if A's product had lost the GTIN (as it could before this rule) and B's product
    // held it, approved, B can neither save it nor publish a batch with it, and A's link stays.
    await t.db.update(products).set({ gtin: null, gtin14: null }).where(eq(products.id, pa.id));
    const retake = await call(b, 'POST', '/api/v1/products', productBody(cat.leaf, { name: 'Chè B', gtin }));
    expect(json(retake).meta.code).toBe('gtin_taken');
    const held = await buildProduct(t.db, { producerId: b.producerId!, name: 'Chè B', gtin });
    const copy = await createBatch(t, b, held.id, { lot_code: lot });
    await addEvent(t, b, copy.id);
    const publish = await call(b, 'POST', `/api/v1/traceabilities/${copy.id}/publish`);
    expect(publish.statusCode).toBe(409);
    expect(json(publish).meta.code).toBe('gtin_taken');
    // As the hijack left it: B's batch with the same lot, published later behind the API.
    await t.db
      .update(traceabilities)
      .set({ status: 'published', publishedAt: new Date(Date.now() + 60_000) })
      .where(eq(traceabilities.id, copy.id));
    // A batch recording A's GTIN and lot for anyone else is refused by the database itself.
    const c = await buildProduct(t.db, { gtin: null });
    await expect(buildBatch(t.db, { productId: c.id, lotCode: lot, gtin14: `0${gtin}` })).rejects.toThrow();

    expect(await opens(link)).toBe(`http://dtrack.localhost:3000/trace/${genuine.public_code}`);
    expect(await opens(`/01/0${gtin}/10/${lot}`)).toBe(`http://dtrack.localhost:3000/trace/${genuine.public_code}`);
    // B's product holding the digits is no product link either.
    expect(await opens(`/01/${gtin}`)).toBe(404);
    // A may take its GTIN back: it stays A's.
    await t.db.update(products).set({ gtin14: null }).where(eq(products.id, held.id));
    expect((await call(a, 'PUT', `/api/v1/products/${pa.id}`, productBody(cat.leaf, { gtin }))).statusCode).toBe(200);
  });

  it('A keeps a GTIN its published batch printed: a change is refused as a removal is, other edits save', async () => {
    const gtin = withCheckDigit('893604501002');
    const p = await approvedProduct(a, gtin, 'Chè búp');
    const batch = await publishedBatch(t, a, p.id, ['planting'], { lot_code: 'KEEP-1' });
    const other = withCheckDigit('893604501003');
    const change = await call(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin: other }));
    expect(change.statusCode).toBe(409);
    expect(json(change).meta).toMatchObject({
      code: 'gtin_printed',
      message: expect.stringContaining(`Không thể đổi hoặc bỏ mã GTIN ${gtin}`),
    });
    // The same GTIN (in any of its forms) with another name saves, and the link still opens the batch.
    const renamed = await call(
      a,
      'PUT',
      `/api/v1/products/${p.id}`,
      productBody(cat.leaf, { gtin: `0${gtin}`, name: 'Chè búp mới' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await opens(`/01/${gtin}/10/KEEP-1`)).toBe(`http://dtrack.localhost:3000/trace/${batch.public_code}`);
    // A product whose batches are all drafts may still change its GTIN.
    const free = await approvedProduct(a, withCheckDigit('893604501004'), 'Chè xanh');
    await createBatch(t, a, free.id, { lot_code: 'DRAFT-1' });
    const moved = await call(a, 'PUT', `/api/v1/products/${free.id}`, productBody(cat.leaf, { gtin: other }));
    expect(moved.statusCode).toBe(200);
  });

  it('B never takes a GTIN A printed, even once the batch is recalled and A closed; B’s own GTINs work', async () => {
    const gtin = withCheckDigit('893604501005');
    const p = await approvedProduct(a, gtin, 'Chè ô long');
    const batch = await publishedBatch(t, a, p.id, ['planting'], { lot_code: 'RC-1' });
    expect(
      (await call(a, 'POST', `/api/v1/traceabilities/${batch.id}/recall`, { reason: 'Lỗi bao bì' })).statusCode,
    ).toBe(200);
    // The product cannot be deleted to free it either.
    expect(json(await call(a, 'DELETE', `/api/v1/products/${p.id}`)).meta.code).toBe('product_has_published_batches');
    const taken = async () =>
      json(await call(b, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin }))).meta.code;
    expect(await taken()).toBe('gtin_taken');
    // Nor once A's product has let it go (as a draft edit could before this rule; behind the API now).
    await t.db.update(products).set({ gtin: null, gtin14: null }).where(eq(products.id, p.id));
    expect(await taken()).toBe('gtin_taken');
    const closed = await call(admin, 'PUT', `/api/v1/admin/producers/${a.producerId}/status`, {
      status: 'closed',
      reason: 'Ngừng hoạt động',
    });
    expect(closed.statusCode).toBe(200);
    expect(await taken()).toBe('gtin_taken');
    // The recalled batch's link still opens its page (which says the producer is gone).
    expect(await opens(`/01/${gtin}/10/RC-1`)).toBe(`http://dtrack.localhost:3000/trace/${batch.public_code}`);

    // B's own GTIN, even with the same lot code, is B's link.
    const own = withCheckDigit('893604501006');
    const pb = await approvedProduct(b, own, 'Chè B');
    const mine = await publishedBatch(t, b, pb.id, ['planting'], { lot_code: 'RC-1' });
    expect(await opens(`/01/${own}/10/RC-1`)).toBe(`http://dtrack.localhost:3000/trace/${mine.public_code}`);
    expect(await opens(`/01/${own}`)).toBe(`http://dtrack.localhost:3000/trace/p/${pb.public_code}`);
  });

  it('a batch’s QR link carries the GTIN it printed: one published before its product had a GTIN keeps /trace', async () => {
    const u = await buildUser(t.db);
    const p = await approvedProduct(u, null, 'Rau cải');
    const early = await publishedBatch(t, u, p.id, ['planting'], { lot_code: 'EARLY-1' });
    const gtin = withCheckDigit('893604501007');
    expect((await call(u, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin }))).statusCode).toBe(200);
    await approveProduct(t.db, p.id);
    const late = await publishedBatch(t, u, p.id, ['planting'], { lot_code: 'LATE-1' });
    const traceUrl = async (id: number) =>
      json(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/traceabilities/${id}`,
          headers: { ...as(u), host: 'dtrack.localhost:3000' },
        }),
      ).data.traceability.trace_url;
    expect(await traceUrl(early.id)).toBe(`http://dtrack.localhost:3000/trace/${early.public_code}`);
    expect(await traceUrl(late.id)).toBe(`http://dtrack.localhost:3000/01/0${gtin}/10/LATE-1`);
    expect(await opens(`/01/${gtin}/10/LATE-1`)).toBe(`http://dtrack.localhost:3000/trace/${late.public_code}`);
  });
});
