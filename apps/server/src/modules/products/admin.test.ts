import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@agrihub/contract';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let producer: Built;
let admin: Built;
let support: Built;
let foodmapAdmin: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  producer = await buildUser(t.db, { producer: { name: 'HTX Chè Mộc Châu' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
  support = await buildUser(t.db, { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'product' }] });
  foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

const call = (u: Built, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });

async function pendingProduct(name = 'Chè Shan Tuyết') {
  const p = await createProduct(t.app, producer, productBody(cat.leaf, { name }));
  await call(producer, 'POST', `/api/v1/products/${p.id}/register`);
  return p;
}

describe('admin products', () => {
  it('lists the platform products with producer names and filters', async () => {
    const p = await pendingProduct('Chè xanh Thái Nguyên');
    const other = await buildUser(t.db);
    await createProduct(t.app, other, productBody(cat.leaf2, { name: 'Tôm khô' }));
    const list = json(await call(admin, 'GET', '/api/v1/admin/products?sort=name'));
    expect(list.data.products.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Chè xanh Thái Nguyên', 'Tôm khô']),
    );
    expect(list.data.products.find((x: { id: number }) => x.id === p.id).producer_name).toBe('HTX Chè Mộc Châu');
    const byProducer = json(await call(admin, 'GET', `/api/v1/admin/products?producer_id=${other.producerId}`));
    expect(byProducer.data.products.map((x: { name: string }) => x.name)).toEqual(['Tôm khô']);
    const byStatus = json(await call(admin, 'GET', '/api/v1/admin/products?status=pending&q=thái'));
    expect(byStatus.data.products.map((x: { name: string }) => x.name)).toEqual(['Chè xanh Thái Nguyên']);
    const byCat = json(await call(admin, 'GET', `/api/v1/admin/products?category_id=${cat.leaf2}`));
    expect(byCat.meta.total_count).toBe(1);
    // Another platform's admin sees none of them, and gets 404 on one.
    expect(json(await call(foodmapAdmin, 'GET', '/api/v1/admin/products')).data.products).toEqual([]);
    expect((await call(foodmapAdmin, 'GET', `/api/v1/admin/products/${p.id}`)).statusCode).toBe(404);
    expect((await call(foodmapAdmin, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(404);
    expect(json(await call(admin, 'GET', `/api/v1/admin/products/${p.id}`)).data.product.status).toBe('pending');
  });

  it('approve: only pending → approved', async () => {
    const p = await pendingProduct();
    const res = await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.product).toMatchObject({
      status: 'approved',
      reviewed_at: expect.any(String),
      reject_reason: null,
    });
    expect(json(res).meta.message).toBe('Đã duyệt sản phẩm.');
    const again = await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(json(again).meta.code).toBe('transition_not_allowed');
    const draft = await createProduct(t.app, producer, productBody(cat.leaf));
    expect((await call(admin, 'POST', `/api/v1/admin/products/${draft.id}/approve`)).statusCode).toBe(409);
  });

  it('reject needs a reason; the producer fixes and registers again', async () => {
    const p = await pendingProduct();
    const none = await call(admin, 'POST', `/api/v1/admin/products/${p.id}/reject`, { reason: '  ' });
    expect(none.statusCode).toBe(422);
    expect(json(none).meta.errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do từ chối.' }]);
    expect(
      (await call(admin, 'POST', `/api/v1/admin/products/${p.id}/reject`, { reason: 'x'.repeat(501) })).statusCode,
    ).toBe(422);
    const res = await call(admin, 'POST', `/api/v1/admin/products/${p.id}/reject`, { reason: 'Thiếu ảnh sản phẩm' });
    expect(json(res).data.product).toMatchObject({ status: 'rejected', reject_reason: 'Thiếu ảnh sản phẩm' });
    expect(json(await call(producer, 'GET', `/api/v1/products/${p.id}`)).data.product.reject_reason).toBe(
      'Thiếu ảnh sản phẩm',
    );
    const again = await call(producer, 'POST', `/api/v1/products/${p.id}/register`);
    expect(json(again).data.product).toMatchObject({ status: 'pending', reject_reason: null });
  });

  it('abilities: read product lists but cannot approve (403); producers get 403 on /admin', async () => {
    const p = await pendingProduct();
    expect((await call(support, 'GET', '/api/v1/admin/products')).statusCode).toBe(200);
    expect((await call(support, 'GET', `/api/v1/admin/products/${p.id}`)).statusCode).toBe(200);
    const denied = await call(support, 'POST', `/api/v1/admin/products/${p.id}/approve`);
    expect(denied.statusCode).toBe(403);
    expect((await call(support, 'POST', `/api/v1/admin/products/${p.id}/reject`, { reason: 'Không' })).statusCode).toBe(
      403,
    );
    expect((await call(producer, 'GET', '/api/v1/admin/products')).statusCode).toBe(403);
    expect((await call(producer, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(403);
    const noAbility = await buildUser(t.db, { roles: ['purchasing'] });
    expect((await call(noAbility, 'GET', '/api/v1/admin/products')).statusCode).toBe(403);
  });
});

describe('admin products: a platform with more products than the count cap', () => {
  it(`counts the matches of q up to ${LIST_COUNT_CAP} and says there are more; fewer are counted exactly`, async () => {
    const owner = await buildUser(t.db, { platform: 'agrihub' });
    const agrihubAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    await t.db.execute(sql`
      insert into products (platform, producer_id, name, unit, public_code, status)
      select 'agrihub', ${owner.producerId}::int, case when g % 100 = 0 then 'Bưởi da xanh ' || g else 'Gạo ST25 ' || g end,
        'Kg', 'CAPPROD' || lpad(g::text, 9, '0'), 'pending'
      from generate_series(1, ${LIST_COUNT_CAP + 200}::int) g`);
    const rice = json(await call(agrihubAdmin, 'GET', '/api/v1/admin/products?q=gao'));
    expect(rice.meta).toEqual({ total_count: LIST_COUNT_CAP, total_capped: true, current_page: 1, per_page: 20 });
    expect(rice.data.products).toHaveLength(20);
    const pomelo = json(await call(agrihubAdmin, 'GET', '/api/v1/admin/products?q=bưởi&status=pending&per_page=50'));
    expect(pomelo.meta).toEqual({ total_count: 102, current_page: 1, per_page: 50 });
    expect(pomelo.data.products.every((p: { name: string }) => p.name.startsWith('Bưởi da xanh'))).toBe(true);
    const approved = json(await call(agrihubAdmin, 'GET', '/api/v1/admin/products?q=bưởi&status=approved'));
    expect(approved.meta.total_count).toBe(0);
  });
});
