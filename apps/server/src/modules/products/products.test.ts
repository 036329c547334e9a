import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { traceabilities } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, headers, json, type Built, type TestApp } from '../../../test/helper.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;
let b: Built;
let foreign: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  foreign = await buildUser(t.db, { platform: 'foodmap' });
});
afterAll(() => t.close());

const inject = (u: Built, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
const fieldErrors = (res: Parameters<typeof json>[0]) => json(res).meta.errors?.map((e: { field: string }) => e.field) ?? [];

describe('create and read', () => {
  it('creates a draft with money, a public code and a QR URL; reads it back', async () => {
    const gtin = withCheckDigit('893460000001');
    const res = await inject(a, 'POST', '/api/v1/products', {
      ...productBody(cat.leaf, { product_type_id: cat.typeId, gtin, tax_rate: 5, discount_price: { cents: 30000 } }),
      name_en: 'Organic choy sum',
      origin_province_code: '68',
      origin_country: 'VN',
      certificates: [{ name: 'VietGAP', issuer: 'Trung tâm Chứng nhận Phù hợp', number: 'VG-123', valid_until: '2027-12-31' }],
    });
    expect(res.statusCode).toBe(201);
    const p = json(res).data.product;
    expect(json(res).meta.message).toBe('Đã tạo sản phẩm.');
    expect(p).toMatchObject({
      status: 'draft',
      producer_id: a.producerId,
      category_path: 'Nông sản tươi > Rau ăn lá',
      category_path_en: 'Fresh produce > Leafy vegetables',
      price: { cents: 35000, currency_iso: 'VND' },
      discount_price: { cents: 30000, currency_iso: 'VND' },
      shipping_price: null,
      tax_rate: 5,
      gtin,
      certificates: [{ name: 'VietGAP', valid_until: '2027-12-31', file: null }],
      variants: [],
    });
    expect(p.public_code).toMatch(/^[A-Z2-9]{16}$/);
    expect(p.qr_url).toBe(`${t.config.publicUrl}/01/0${gtin}`);
    const got = await inject(a, 'GET', `/api/v1/products/${p.id}`);
    expect(json(got).data.product).toEqual(p);
  });

  it('without a GTIN the QR URL is /trace/p/{public_code}, on the platform host when called from it', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    expect(p.qr_url).toBe(`${t.config.publicUrl}/trace/p/${p.public_code}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${p.id}`, headers: { ...as(a), host: 'dtrack.localhost:3000' } });
    expect(json(res).data.product.qr_url).toBe(`http://dtrack.localhost:3000/trace/p/${p.public_code}`);
    const forged = await t.app.inject({ method: 'GET', url: `/api/v1/products/${p.id}`, headers: { ...as(a), host: 'evil.example' } });
    expect(json(forged).data.product.qr_url).toBe(`${t.config.publicUrl}/trace/p/${p.public_code}`);
  });

  it('validates fields with translated messages', async () => {
    const bad = await inject(a, 'POST', '/api/v1/products', { category_id: cat.leaf, unit: 'Tấn', price: { cents: -5 }, tax_rate: 7, gtin: '8934600000012' });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual(expect.arrayContaining(['name', 'unit', 'price.cents', 'tax_rate', 'gtin']));
    const msgs = json(bad).meta.errors.map((e: { message: string }) => e.message);
    expect(msgs).toContain('Vui lòng nhập tên sản phẩm.');
    expect(msgs).toContain('Mã GTIN không hợp lệ: cần 8, 12, 13 hoặc 14 chữ số và đúng số kiểm tra.');
    const en = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: as(a, 'en'), payload: productBody(cat.leaf, { gtin: '12345670' }) });
    // agrihub/foodmap offer English; dtrack forces Vietnamese — 12345670 is a valid GTIN-8 anyway.
    expect(en.statusCode).toBe(201);
  });

  it('accepts valid GTIN-8/12/13/14 and refuses a wrong check digit', async () => {
    for (const gtin of ['96385074', '036000291452', withCheckDigit('893460000002'), '10036000291459']) {
      expect((await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin }))).statusCode).toBe(201);
    }
    const good = withCheckDigit('893460000003');
    const wrong = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    const res = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { gtin: wrong }));
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual(['gtin']);
  });

  it('discount may not exceed the price', async () => {
    const res = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { price: { cents: 1000 }, discount_price: { cents: 1001 } }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'discount_price', message: 'Giá khuyến mãi không được lớn hơn giá bán.' }]);
  });

  it('only a leaf category; unknown category or product type → 422', async () => {
    const group = await inject(a, 'POST', '/api/v1/products', productBody(cat.group));
    expect(group.statusCode).toBe(422);
    expect(json(group).meta).toMatchObject({ code: 'categoryNotLeaf', errors: [{ field: 'category_id' }] });
    const unknown = await inject(a, 'POST', '/api/v1/products', productBody(999_999));
    expect(json(unknown).meta.code).toBe('invalidCategory');
    const type = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { product_type_id: 999_999 }));
    expect(json(type).meta.code).toBe('invalidProductType');
  });

  it('refuses upload ids of another producer', async () => {
    const { uploads } = await import('../../db/schema/index.js');
    const [up] = await t.db
      .insert(uploads)
      .values({ platform: 'dtrack', userId: b.user.id, kind: 'image', storageKey: 'x/b.png', contentType: 'image/png', byteSize: 1, filename: 'b.png' })
      .returning();
    const res = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { image_ids: [up!.id] }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'image_ids.0', message: expect.any(String) }]);
    const ok = await inject(b, 'POST', '/api/v1/products', productBody(cat.leaf, { image_ids: [up!.id] }));
    expect(json(ok).data.product.images).toEqual([{ id: up!.id, url: '/uploads/x/b.png', thumbnail_url: null }]);
  });
});

describe('ownership and platform scoping', () => {
  it("producer B cannot read, change, delete or act on A's product (404); another platform neither", async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    for (const u of [b, foreign]) {
      expect((await inject(u, 'GET', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
      expect((await inject(u, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { name: 'Hijack' }))).statusCode).toBe(404);
      expect((await inject(u, 'DELETE', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
      expect((await inject(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(404);
      expect((await inject(u, 'POST', `/api/v1/products/${p.id}/generate_sku`)).statusCode).toBe(404);
      expect((await inject(u, 'PUT', `/api/v1/products/${p.id}/sku`, { sku: 'X-1' })).statusCode).toBe(404);
      expect((await inject(u, 'GET', `/api/v1/products/${p.id}/qrcode`)).statusCode).toBe(404);
    }
    // The token of a foodmap user sent with Platform: dtrack is not a session there.
    const cross = await t.app.inject({ method: 'GET', url: `/api/v1/products/${p.id}`, headers: headers('dtrack', foreign.token) });
    expect(cross.statusCode).toBe(401);
    expect(json(await inject(a, 'GET', `/api/v1/products/${p.id}`)).data.product.name).toBe('Rau cải ngọt hữu cơ');
  });

  it('lists only own products, with search, filters, paging and sort', async () => {
    const c = await buildUser(t.db);
    await createProduct(t.app, c, productBody(cat.leaf, { name: 'Cải bó xôi', sku: 'CBX-1' }));
    await createProduct(t.app, c, productBody(cat.leaf2, { name: 'Tôm sú' }));
    const third = await createProduct(t.app, c, productBody(cat.leaf, { name: 'Bắp cải tím' }));
    await inject(c, 'POST', `/api/v1/products/${third.id}/register`);
    await createProduct(t.app, b, productBody(cat.leaf, { name: 'Cải của B' }));

    const all = json(await inject(c, 'GET', '/api/v1/products?sort=name'));
    expect(all.data.products.map((p: { name: string }) => p.name)).toEqual(['Bắp cải tím', 'Cải bó xôi', 'Tôm sú']);
    expect(all.meta).toEqual({ total_count: 3, current_page: 1, per_page: 20 });
    const q = json(await inject(c, 'GET', '/api/v1/products?q=cbx'));
    expect(q.data.products.map((p: { name: string }) => p.name)).toEqual(['Cải bó xôi']);
    const byCat = json(await inject(c, 'GET', `/api/v1/products?category_id=${cat.leaf2}`));
    expect(byCat.data.products.map((p: { name: string }) => p.name)).toEqual(['Tôm sú']);
    const pending = json(await inject(c, 'GET', '/api/v1/products?status=pending'));
    expect(pending.data.products.map((p: { name: string }) => p.name)).toEqual(['Bắp cải tím']);
    const page2 = json(await inject(c, 'GET', '/api/v1/products?per_page=2&page=2&sort=-name'));
    expect(page2.data.products.map((p: { name: string }) => p.name)).toEqual(['Bắp cải tím']);
    expect(page2.meta.total_count).toBe(3);
    // producer_id is an admin filter: a producer cannot use it to see others' products.
    const sneaky = json(await inject(c, 'GET', `/api/v1/products?producer_id=${b.producerId}`));
    expect(sneaky.data.products).toHaveLength(3);
    expect((await inject(c, 'GET', '/api/v1/products?status=bogus')).statusCode).toBe(422);
  });

  it('a user without a producer (administrator) has no products: 403', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect((await inject(admin, 'GET', '/api/v1/products')).statusCode).toBe(403);
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: headers('dtrack') })).statusCode).toBe(401);
  });
});

describe('status cycle, update and delete', () => {
  it('register: draft → pending; pending again → 409; edit while pending → 409', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const reg = await inject(a, 'POST', `/api/v1/products/${p.id}/register`);
    expect(reg.statusCode).toBe(200);
    expect(json(reg).data.product).toMatchObject({ status: 'pending', submitted_at: expect.any(String) });
    const again = await inject(a, 'POST', `/api/v1/products/${p.id}/register`);
    expect(again.statusCode).toBe(409);
    expect(json(again).meta.code).toBe('invalid_transition');
    const edit = await inject(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { name: 'Đổi tên' }));
    expect(edit.statusCode).toBe(409);
    expect(json(edit).meta.code).toBe('product_under_review');
  });

  it('PUT replaces the fields; editing an approved product sends it back to draft', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf, { tax_rate: 10, name_en: 'Greens' }));
    const { products } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, p.id));
    const res = await inject(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf2, { name: 'Tôm thẻ', unit: 'Hộp' }));
    expect(res.statusCode).toBe(200);
    expect(json(res).data.product).toMatchObject({ name: 'Tôm thẻ', unit: 'Hộp', tax_rate: null, name_en: null, status: 'draft', category_path: 'Thủy sản > Tôm' });
  });

  it('deletes a product (and its draft batches); refuses while a batch is published', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    await t.db.insert(traceabilities).values({ platform: 'dtrack', producerId: a.producerId!, productId: p.id, lotCode: `D-${p.id}`, publicCode: `DRAFT${p.id}`, productionDate: '2025-01-01', quantity: 10, unit: 'Kg' });
    const q = await createProduct(t.app, a, productBody(cat.leaf));
    await t.db.insert(traceabilities).values({ platform: 'dtrack', producerId: a.producerId!, productId: q.id, lotCode: `P-${q.id}`, publicCode: `PUB${q.id}`, productionDate: '2025-01-01', quantity: 10, unit: 'Kg', status: 'published', publishedAt: new Date() });

    const refused = await inject(a, 'DELETE', `/api/v1/products/${q.id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).meta).toMatchObject({ code: 'product_has_published_batches', message: 'Không thể xóa sản phẩm vì đã có 1 lô hàng được công bố truy xuất nguồn gốc.' });
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
    expect(json(await inject(a, 'PUT', `/api/v1/products/${p1.id}/sku`, { sku: ' RAU-01 ' })).data.product.sku).toBe('RAU-01');
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

  it('QR code: a PNG attachment named qrcode.png', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const res = await inject(a, 'GET', `/api/v1/products/${p.id}/qrcode`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="qrcode.png"');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
