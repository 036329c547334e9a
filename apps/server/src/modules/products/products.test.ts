import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
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
const fieldErrors = (res: Parameters<typeof json>[0]) =>
  json(res).meta.errors?.map((e: { field: string }) => e.field) ?? [];

describe('create and read', () => {
  it('creates a draft with money, a public code and a QR URL; reads it back', async () => {
    const gtin = withCheckDigit('893460000001');
    const res = await inject(a, 'POST', '/api/v1/products', {
      ...productBody(cat.leaf, { product_type_id: cat.typeId, gtin, tax_rate: 5, discount_price: { cents: 30000 } }),
      name_en: 'Organic choy sum',
      origin_province_code: '68',
      origin_country: 'VN',
      certificates: [
        { name: 'VietGAP', issuer: 'Trung tâm Chứng nhận Phù hợp', number: 'VG-123', valid_until: '2027-12-31' },
      ],
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
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${p.id}`,
      headers: { ...as(a), host: 'dtrack.localhost:3000' },
    });
    expect(json(res).data.product.qr_url).toBe(`http://dtrack.localhost:3000/trace/p/${p.public_code}`);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${p.id}`,
      headers: { ...as(a), host: 'evil.example' },
    });
    expect(json(forged).data.product.qr_url).toBe(`${t.config.publicUrl}/trace/p/${p.public_code}`);
  });

  it('validates fields with translated messages', async () => {
    const bad = await inject(a, 'POST', '/api/v1/products', {
      category_id: cat.leaf,
      unit: 'Tấn',
      price: { cents: -5 },
      tax_rate: 7,
      gtin: '8934600000012',
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual(expect.arrayContaining(['name', 'unit', 'price.cents', 'tax_rate', 'gtin']));
    const msgs = json(bad).meta.errors.map((e: { message: string }) => e.message);
    expect(msgs).toContain('Vui lòng nhập tên sản phẩm.');
    expect(msgs).toContain('Mã GTIN không hợp lệ: cần 8, 12, 13 hoặc 14 chữ số và đúng số kiểm tra.');
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: as(a, 'en'),
      payload: productBody(cat.leaf, { gtin: '12345670' }),
    });
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
    const res = await inject(
      a,
      'POST',
      '/api/v1/products',
      productBody(cat.leaf, { price: { cents: 1000 }, discount_price: { cents: 1001 } }),
    );
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([
      { field: 'discount_price', message: 'Giá khuyến mãi không được lớn hơn giá bán.' },
    ]);
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
      .values({
        platform: 'dtrack',
        userId: b.user.id,
        kind: 'image',
        storageKey: 'x/b.png',
        contentType: 'image/png',
        byteSize: 1,
        filename: 'b.png',
      })
      .returning();
    const res = await inject(a, 'POST', '/api/v1/products', productBody(cat.leaf, { image_ids: [up.id] }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'image_ids.0', message: expect.any(String) }]);
    const ok = await inject(b, 'POST', '/api/v1/products', productBody(cat.leaf, { image_ids: [up.id] }));
    expect(json(ok).data.product.images).toEqual([{ id: up.id, url: '/uploads/x/b.png', thumbnail_url: null }]);
  });
});

describe('ownership and platform scoping', () => {
  it("producer B cannot read, change, delete or act on A's product (404); another platform neither", async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    for (const u of [b, foreign]) {
      expect((await inject(u, 'GET', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
      expect(
        (await inject(u, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { name: 'Hijack' }))).statusCode,
      ).toBe(404);
      expect((await inject(u, 'DELETE', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
      expect((await inject(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(404);
      expect((await inject(u, 'POST', `/api/v1/products/${p.id}/generate_sku`)).statusCode).toBe(404);
      expect((await inject(u, 'PUT', `/api/v1/products/${p.id}/sku`, { sku: 'X-1' })).statusCode).toBe(404);
      expect((await inject(u, 'GET', `/api/v1/products/${p.id}/qrcode`)).statusCode).toBe(404);
    }
    // The token of a foodmap user sent with Platform: dtrack is not a session there.
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${p.id}`,
      headers: headers('dtrack', foreign.token),
    });
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
    // Accent- and case-free in the name; the SKU, as typed (the stored search text: ADR 027).
    const byName = json(await inject(c, 'GET', `/api/v1/products?q=${encodeURIComponent('CAI BO')}`));
    expect(byName.data.products.map((p: { name: string }) => p.name)).toEqual(['Cải bó xôi']);
    expect(json(await inject(c, 'GET', '/api/v1/products?q=cai&sort=name')).data.products).toHaveLength(2);
    expect(json(await inject(c, 'GET', '/api/v1/products?q=%25')).data.products).toHaveLength(0);
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
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: headers('dtrack') })).statusCode,
    ).toBe(401);
  });
});
