import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;
let b: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db);
  b = await buildUser(t.db);
});
afterAll(() => t.close());

const inject = (u: Built, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });

describe('status cycle, update and delete', () => {
  it('register: draft → pending; pending again → 409; edit while pending → 409', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const reg = await inject(a, 'POST', `/api/v1/products/${p.id}/register`);
    expect(reg.statusCode).toBe(200);
    expect(json(reg).data.product).toMatchObject({ status: 'pending', submitted_at: expect.any(String) });
    const again = await inject(a, 'POST', `/api/v1/products/${p.id}/register`);
    expect(again.statusCode).toBe(409);
    expect(json(again).meta.code).toBe('transition_not_allowed');
    const edit = await inject(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { name: 'Đổi tên' }));
    expect(edit.statusCode).toBe(409);
    expect(json(edit).meta.code).toBe('product_under_review');
  });

  it('PUT replaces the fields; editing an approved product sends it back to draft', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf, { tax_rate: 10, name_en: 'Greens' }));
    const { products } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, p.id));
    const res = await inject(
      a,
      'PUT',
      `/api/v1/products/${p.id}`,
      productBody(cat.leaf2, { name: 'Tôm thẻ', unit: 'Hộp' }),
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data.product).toMatchObject({
      name: 'Tôm thẻ',
      unit: 'Hộp',
      tax_rate: null,
      name_en: null,
      status: 'draft',
      category_path: 'Thủy sản > Tôm',
    });
  });

  it('deletes a product (and its draft batches); refuses while a batch is published', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    await buildBatch(t.db, { productId: p.id, status: 'draft' });
    const q = await createProduct(t.app, a, productBody(cat.leaf));
    await buildBatch(t.db, { productId: q.id, status: 'published' });

    const refused = await inject(a, 'DELETE', `/api/v1/products/${q.id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta).toMatchObject({
      code: 'product_has_published_batches',
      message: 'Không thể xóa sản phẩm vì đã có 1 lô hàng được công bố truy xuất nguồn gốc.',
    });
    expect((await inject(a, 'GET', `/api/v1/products/${q.id}`)).statusCode).toBe(200);

    const ok = await inject(a, 'DELETE', `/api/v1/products/${p.id}`);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).meta.message).toBe('Đã xóa sản phẩm.');
    expect((await inject(a, 'GET', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
  });
});

describe('SKU and QR code', () => {
  it('PUT sku: unique per producer (409 sku_taken), free across producers', async () => {
    const p1 = await createProduct(t.app, a, productBody(cat.leaf));
    const p2 = await createProduct(t.app, a, productBody(cat.leaf));
    expect(json(await inject(a, 'PUT', `/api/v1/products/${p1.id}/sku`, { sku: ' RAU-01 ' })).data.product.sku).toBe(
      'RAU-01',
    );
    const taken = await inject(a, 'PUT', `/api/v1/products/${p2.id}/sku`, { sku: 'RAU-01' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).meta).toMatchObject({ code: 'sku_taken', errors: [{ field: 'sku' }] });
    expect((await inject(a, 'PUT', `/api/v1/products/${p1.id}/sku`, { sku: 'RAU-01' })).statusCode).toBe(200);
    const other = await createProduct(t.app, b, productBody(cat.leaf));
    expect((await inject(b, 'PUT', `/api/v1/products/${other.id}/sku`, { sku: 'RAU-01' })).statusCode).toBe(200);
    expect((await inject(a, 'PUT', `/api/v1/products/${p2.id}/sku`, { sku: 'có dấu' })).statusCode).toBe(422);
    const viaCreate = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { sku: 'RAU-01' }));
    expect(viaCreate.statusCode).toBe(409);
  });

  it('generate_sku gives unique category-code sequences', async () => {
    const c = await buildUser(t.db);
    const skus: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await createProduct(t.app, c, productBody(cat.leaf));
      const res = await inject(c, 'POST', `/api/v1/products/${p.id}/generate_sku`);
      expect(res.statusCode).toBe(200);
      skus.push(json(res).data.product.sku);
    }
    expect(skus).toEqual(['101-000001', '101-000002', '101-000003']);
    const p = await createProduct(t.app, c, productBody(cat.leaf));
    await inject(c, 'PUT', `/api/v1/products/${p.id}/sku`, { sku: '101-000041' });
    const q = await createProduct(t.app, c, productBody(cat.leaf));
    expect(json(await inject(c, 'POST', `/api/v1/products/${q.id}/generate_sku`)).data.product.sku).toBe('101-000042');
  });

  it('20 parallel generate_sku calls of one producer all succeed with distinct SKUs', async () => {
    const c = await buildUser(t.db);
    const list = [];
    for (let i = 0; i < 20; i++) list.push(await createProduct(t.app, c, productBody(cat.leaf)));
    const all = await Promise.all(list.map((p) => inject(c, 'POST', `/api/v1/products/${p.id}/generate_sku`)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const skus = all.map((r) => json(r).data.product.sku as string);
    expect(new Set(skus).size).toBe(20);
    expect([...skus].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `101-${String(i + 1).padStart(6, '0')}`));
  });

  it('QR code: a PNG attachment named qrcode.png', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const res = await inject(a, 'GET', `/api/v1/products/${p.id}/qrcode`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="qrcode.png"');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
