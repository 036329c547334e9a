import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { catalogFixture, createProduct, productBody } from '../products/test-support.js';
import { addEvent, batchBody, createBatch, publishedBatch } from './batch-api.test-helper.js';

/**
 * Issue 7 finding 3: approval gates publication (contract publication.ts, ADR 007). Only an approved
 * producer publishes, only batches of an approved product are public, the public pages show the
 * last approved version, and closing a producer takes its pages down.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let admin: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: Built, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
const batchPage = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/traceabilities/${code}`, headers: headers('dtrack') });
const productPage = (code: string, locale = 'vi') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/products/${code}`,
    headers: headers('dtrack', undefined, locale),
  });
const setProducer = (u: Built, status: 'pending' | 'approved' | 'closed') =>
  call(admin, 'PUT', `/api/v1/admin/producers/${u.producerId}/status`, {
    status,
    ...(status === 'closed' ? { reason: 'Vi phạm quy định' } : {}),
  });
const review = (id: number, to: 'approve' | 'reject') =>
  call(admin, 'POST', `/api/v1/admin/products/${id}/${to}`, to === 'reject' ? { reason: 'Thiếu ảnh' } : undefined);
const publish = (u: Built, id: number) => call(u, 'POST', `/api/v1/traceabilities/${id}/publish`);

async function draftBatchWithEvent(u: Built, productId: number) {
  const b = await createBatch(t, u, productId);
  await addEvent(t, u, b.id);
  return b;
}

describe('only an approved producer publishes', () => {
  it('a pending producer drafts products and batches and submits for review, but publishes nothing', async () => {
    const u = await buildUser(t.db, { producer: { status: 'pending' } });
    const p = await createProduct(t.app, u, productBody(cat.leaf, { gtin: withCheckDigit('893604600001') }));
    expect((await call(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    const b = await draftBatchWithEvent(u, p.id);

    const refused = await publish(u, b.id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta).toMatchObject({
      code: 'publish_producer_not_approved',
      message: expect.stringContaining('chưa được duyệt'),
    });
    expect((await batchPage(b.public_code)).statusCode).toBe(404);
    expect((await productPage(p.public_code)).statusCode).toBe(404);

    expect((await setProducer(u, 'approved')).statusCode).toBe(200);
    expect((await publish(u, b.id)).statusCode).toBe(200);
    expect((await batchPage(b.public_code)).statusCode).toBe(200);
    expect((await productPage(p.public_code)).statusCode).toBe(200);
  });
});

describe('only an approved product’s batches are public', () => {
  it('publishing a batch of a product never approved (draft, pending, rejected) is refused', async () => {
    const u = await buildUser(t.db);
    const p = await createProduct(t.app, u, productBody(cat.leaf));
    const b = await draftBatchWithEvent(u, p.id);
    const draft = await publish(u, b.id);
    expect(draft.statusCode).toBe(409);
    expect(json(draft).meta).toMatchObject({
      code: 'publish_product_not_approved',
      message: expect.stringContaining('Sản phẩm của lô hàng chưa được duyệt'),
    });
    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    expect(json(await publish(u, b.id)).meta.code).toBe('publish_product_not_approved');
    await review(p.id, 'reject');
    expect(json(await publish(u, b.id)).meta.code).toBe('publish_product_not_approved');
    // The batch page of the producer shows why (the web disables Publish with the same rule).
    const seen = json(await call(u, 'GET', `/api/v1/traceabilities/${b.id}`)).data.traceability;
    expect(seen.product.approved_at).toBeNull();
    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    await review(p.id, 'approve');
    const ok = await publish(u, b.id);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.traceability.product.approved_at).toEqual(expect.any(String));
  });

  it('the public lookup refuses published batches of a product without an approved version (old data)', async () => {
    const product = await buildProduct(t.db, { status: 'draft' });
    const row = await buildBatch(t.db, { productId: product.id, status: 'published' });
    expect((await batchPage(row.publicCode)).statusCode).toBe(404);
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
    // "approved" with no approved version is not enough either: the warmer skips it too.
    t.app.traceCache.clear();
    await t.app.traceWarmer.preload();
    expect(t.app.traceCache.peek(row.publicCode)).toBeUndefined();
    expect((await batchPage(row.publicCode)).statusCode).toBe(404);
    expect((await productPage(product.publicCode)).statusCode).toBe(404);
  });
});

describe('the public pages show the last approved version while an edit waits for review', () => {
  it('an edit (back to draft), a rejection and a new approval', async () => {
    const u = await buildUser(t.db);
    const body = productBody(cat.leaf, { name: 'Chè Shan tuyết', description: 'Bản đã duyệt' });
    const p = await createProduct(t.app, u, body);
    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    await review(p.id, 'approve');
    const b = await publishedBatch(t, u, p.id);
    expect(json(await batchPage(b.public_code)).data.traceability.product.name).toBe('Chè Shan tuyết');

    const edit = await call(u, 'PUT', `/api/v1/products/${p.id}`, {
      ...body,
      name: 'Chè chữa bách bệnh',
      description: 'Chưa duyệt',
    });
    expect(json(edit).data.product).toMatchObject({ status: 'draft', name: 'Chè chữa bách bệnh' });
    const shown = async () => ({
      batch: json(await batchPage(b.public_code)).data.traceability.product,
      product: json(await productPage(p.public_code)).data.product,
    });
    for (const step of ['draft', 'pending', 'rejected']) {
      if (step === 'pending') await call(u, 'POST', `/api/v1/products/${p.id}/register`);
      if (step === 'rejected') await review(p.id, 'reject');
      const { batch, product } = await shown();
      expect(batch, step).toMatchObject({ name: 'Chè Shan tuyết', description: 'Bản đã duyệt' });
      expect(product, step).toMatchObject({ name: 'Chè Shan tuyết', description: 'Bản đã duyệt' });
    }
    // The edited product keeps an approved version: its new batches may be published meanwhile.
    const second = await draftBatchWithEvent(u, p.id);
    expect((await publish(u, second.id)).statusCode).toBe(200);
    expect(json(await batchPage(second.public_code)).data.traceability.product.name).toBe('Chè Shan tuyết');

    await call(u, 'PUT', `/api/v1/products/${p.id}`, { ...body, name: 'Chè Shan tuyết cổ thụ' });
    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    await review(p.id, 'approve');
    const { batch, product } = await shown();
    expect(batch.name).toBe('Chè Shan tuyết cổ thụ');
    expect(product.name).toBe('Chè Shan tuyết cổ thụ');
  });
});

describe('closing a producer takes its public pages down; approving it again brings them back', () => {
  it('410 no_longer_available on the batch and product pages, nothing written while closed', async () => {
    const u = await buildUser(t.db);
    const gtin = withCheckDigit('893604600002');
    const p = await createProduct(t.app, u, productBody(cat.leaf, { gtin }));
    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    await review(p.id, 'approve');
    const b = await publishedBatch(t, u, p.id, ['planting'], { lot_code: 'CLOSE-1' });
    const draft = await draftBatchWithEvent(u, p.id);
    expect((await batchPage(b.public_code)).statusCode).toBe(200); // now cached

    expect((await setProducer(u, 'closed')).statusCode).toBe(200);
    const gone = await batchPage(b.public_code);
    expect(gone.statusCode).toBe(410);
    expect(json(gone).meta).toEqual({ code: 'no_longer_available', message: 'Sản phẩm này không còn được cung cấp.' });
    const goneProduct = await productPage(p.public_code);
    expect(goneProduct.statusCode).toBe(410);
    expect(json(goneProduct).meta.code).toBe('no_longer_available');
    // The printed QR codes still lead to the page, which says so.
    const link = await t.app.inject({
      method: 'GET',
      url: `/01/${gtin}/10/CLOSE-1`,
      headers: { host: 'dtrack.localhost' },
    });
    expect(link.headers.location).toBe(`http://dtrack.localhost/trace/${b.public_code}`);
    // The warmer does not bring the page back.
    t.app.traceCache.clear();
    await t.app.traceWarmer.preload();
    expect((await batchPage(b.public_code)).statusCode).toBe(410);

    // A closed producer writes nothing; it still reads.
    const writes: [Method, string, object?][] = [
      ['POST', '/api/v1/products', productBody(cat.leaf)],
      ['PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { gtin })],
      ['POST', `/api/v1/products/${p.id}/register`],
      ['PUT', `/api/v1/products/${p.id}/sku`, { sku: 'CLOSED-1' }],
      ['POST', `/api/v1/products/${p.id}/generate_sku`],
      ['DELETE', `/api/v1/products/${p.id}`],
      ['POST', '/api/v1/traceabilities', batchBody(p.id)],
      ['PUT', `/api/v1/traceabilities/${draft.id}`, batchBody(p.id)],
      ['POST', `/api/v1/traceabilities/${draft.id}/publish`],
      ['POST', `/api/v1/traceabilities/${b.id}/events`, { step: 'packing', occurred_at: '2025-07-01T08:00:00+07:00' }],
      ['POST', `/api/v1/traceabilities/${b.id}/hold`, { reason: 'x' }],
      ['DELETE', `/api/v1/traceabilities/${draft.id}`],
      ['PUT', `/api/v1/producers/${u.producerId}`, { name: 'HTX đã đóng' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(u, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(json(res).meta.code, `${method} ${url}`).toBe('producer_closed_readonly');
    }
    for (const url of ['/api/v1/images', '/api/v1/attachments']) {
      const file = multipart({ filename: 'a.png', contentType: 'image/png', data: Buffer.from('x') });
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...as(u), 'content-type': file.contentType },
        payload: file.payload,
      });
      expect(res.statusCode, url).toBe(403);
      expect(json(res).meta.code, url).toBe('producer_closed_readonly');
    }
    expect((await call(u, 'GET', '/api/v1/products')).statusCode).toBe(200);
    expect((await call(u, 'GET', `/api/v1/traceabilities/${b.id}`)).statusCode).toBe(200);

    // Reopened (pending): not public (404, not "gone"); approved again: back as it was.
    expect((await setProducer(u, 'pending')).statusCode).toBe(200);
    expect((await batchPage(b.public_code)).statusCode).toBe(404);
    expect((await productPage(p.public_code)).statusCode).toBe(404);
    expect((await setProducer(u, 'approved')).statusCode).toBe(200);
    expect((await batchPage(b.public_code)).statusCode).toBe(200);
    expect((await productPage(p.public_code)).statusCode).toBe(200);
  });

  it('a bulk close takes the pages down at once too', async () => {
    const u = await buildUser(t.db);
    const product = await buildProduct(t.db, { producerId: u.producerId! });
    const b = await publishedBatch(t, u, product.id);
    expect((await batchPage(b.public_code)).statusCode).toBe(200);
    const bulk = await call(admin, 'PUT', '/api/v1/admin/producers/bulk', {
      ids: [u.producerId],
      status: 'closed',
      reason: 'Ngừng hoạt động',
    });
    expect(bulk.statusCode).toBe(200);
    expect((await batchPage(b.public_code)).statusCode).toBe(410);
  });
});
