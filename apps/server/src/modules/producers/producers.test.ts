import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSION_DENIED_MESSAGE } from '@agrihub/contract';
import { producers, users } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (u: Built, id: number | null, h = as(u)) => t.app.inject({ url: `/api/v1/producers/${id}`, headers: h });
const put = (u: Built, id: number | null, payload: object, h = as(u)) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/producers/${id}`, headers: h, payload });
const support = (platform: Built['platform'] = 'dtrack') =>
  buildUser(t.db, { platform, roles: ['customer_support'], abilities: [{ action: 'read', subject: 'producer' }] });

const profile = {
  name: 'HTX Nông nghiệp Xanh Mộc Châu',
  producer_type: 'cooperative',
  business_fields: ['cultivate', 'breed'],
  tax_code: '5500123456',
  representative: 'Nguyễn Văn An',
  phone: '0212 3866 780',
  email: 'lienhe@mocchau.vn',
  website: 'https://mocchau.vn',
  province_code: '14',
  address: 'Tiểu khu 4, xã Mộc Châu',
  description: 'Chè và rau an toàn.',
};

describe('GET/PUT /api/v1/producers/{id}', () => {
  it('a producer reads and updates its own business information', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const read = await get(u, u.producerId);
    expect(read.statusCode).toBe(200);
    expect(json(read).data.producer).toMatchObject({ id: u.producerId, status: 'approved' });
    const res = await put(u, u.producerId, profile);
    expect(res.statusCode).toBe(200);
    // The phone is stored in E.164 (spec §5 / DESIGN §8), whatever way it was typed.
    expect(json(res).data.producer).toMatchObject({ ...profile, phone: '+842123866780', id: u.producerId });
    expect(json(res).meta.message).toBe('Cập nhật thông tin doanh nghiệp thành công.');
    const [row] = await t.db.select().from(producers).where(eq(producers.id, u.producerId!));
    expect(row).toMatchObject({ taxCode: '5500123456', provinceCode: '14', representative: 'Nguyễn Văn An' });
  });

  it('cannot change its own approval status; cleared inputs become null', async () => {
    const u = await buildUser(t.db, { producer: { status: 'pending', taxCode: '5500123456' } });
    const res = await put(u, u.producerId, { status: 'approved', tax_code: '', province_code: '', email: '' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.producer).toMatchObject({
      status: 'pending',
      tax_code: null,
      province_code: null,
      email: null,
    });
  });

  it('another producer’s id or another platform’s producer → 404, nothing changed', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    const foreign = await buildUser(t.db, { platform: 'foodmap' });
    expect((await get(me, other.producerId)).statusCode).toBe(404);
    expect((await get(me, foreign.producerId)).statusCode).toBe(404);
    const res = await put(me, other.producerId, { name: 'Chiếm quyền' });
    expect(res.statusCode).toBe(404);
    expect(json(res).meta.code).toBe('not_found');
    const [row] = await t.db.select().from(producers).where(eq(producers.id, other.producerId!));
    expect(row.name).not.toBe('Chiếm quyền');
    expect((await get(me, 999999)).statusCode).toBe(404);
    // An admin of dtrack does not reach a foodmap producer either.
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect((await get(admin, foreign.producerId)).statusCode).toBe(404);
    expect((await put(admin, foreign.producerId, { name: 'X' })).statusCode).toBe(404);
  });

  it('administrators: read with read producer, update with update producer, else 403', async () => {
    const p = await buildUser(t.db);
    const s = await support();
    expect((await get(s, p.producerId)).statusCode).toBe(200);
    const denied = await put(s, p.producerId, { name: 'Sửa bởi hỗ trợ' });
    expect(denied.statusCode).toBe(403);
    expect(json(denied).meta.message).toBe(PERMISSION_DENIED_MESSAGE);
    const purchasing = await buildUser(t.db, { roles: ['purchasing'] });
    expect((await get(purchasing, p.producerId)).statusCode).toBe(403);
    const editor = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'update', subject: 'producer' }],
    });
    expect((await put(editor, p.producerId, { name: 'Sửa bởi quản trị' })).statusCode).toBe(200);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect(json(await put(admin, p.producerId, { representative: 'Bà Lan' })).data.producer).toMatchObject({
      name: 'Sửa bởi quản trị',
      representative: 'Bà Lan',
    });
  });

  it('validates each field', async () => {
    const u = await buildUser(t.db);
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'Vui lòng nhập tên đơn vị sản xuất.'],
      [{ name: 'x'.repeat(201) }, 'name', 'Tối đa 200 ký tự.'],
      [{ producer_type: 'farm' }, 'producer_type', 'Loại hình đơn vị không hợp lệ.'],
      [{ business_fields: ['mining'] }, 'business_fields.0', 'Lĩnh vực kinh doanh không hợp lệ.'],
      [{ tax_code: '12345' }, 'tax_code', 'Mã số thuế phải gồm 10 hoặc 13 chữ số.'],
      [{ phone: 'abc' }, 'phone', 'Số điện thoại không hợp lệ.'],
      [{ email: 'a@b' }, 'email', 'Email không hợp lệ.'],
      [{ province_code: '99' }, 'province_code', 'Tỉnh/thành phố không hợp lệ.'],
      [{ description: 'x'.repeat(5001) }, 'description', 'Tối đa 5000 ký tự.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(u, u.producerId, payload);
      expect(res.statusCode, field).toBe(422);
      expect(json(res).meta.errors, field).toContainEqual({ field, message });
    }
    expect((await get(u, 0)).statusCode).toBe(422);
  });

  it('needs a live token of this platform', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap' });
    expect((await get(u, u.producerId, headers('foodmap'))).statusCode).toBe(401);
    expect((await get(u, u.producerId, headers('dtrack', u.token))).statusCode).toBe(401);
    expect((await put(u, u.producerId, { name: 'A' }, headers('foodmap'))).statusCode).toBe(401);
  });
});

describe('GET /api/v1/producers', () => {
  it('gives a producer only its own producer, and a user without one an empty list', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    await buildUser(t.db, { platform: 'agrihub' });
    const body = json(await t.app.inject({ url: '/api/v1/producers', headers: as(u) }));
    expect(body.data.producers.map((p: { id: number }) => p.id)).toEqual([u.producerId]);
    expect(body.meta).toEqual({ total_count: 1, current_page: 1, per_page: 20 });
    const none = await buildUser(t.db, { platform: 'agrihub', producer: false });
    expect(json(await t.app.inject({ url: '/api/v1/producers', headers: as(none) })).data.producers).toEqual([]);
  });

  it('gives administrators with read producer the platform’s producers, paged and filtered', async () => {
    const platform = 'foodmap';
    const a = await buildUser(t.db, {
      platform,
      producer: { name: 'Cơ sở Nước mắm Phú Quốc', status: 'pending', producerType: 'production_base' },
    });
    await buildUser(t.db, { platform, producer: { name: 'HTX Tôm Cà Mau', status: 'approved' } });
    await buildUser(t.db, { platform: 'dtrack', producer: { name: 'Cơ sở Nước mắm Nam Ô' } });
    const s = await support(platform);
    const list = async (qs: string) => json(await t.app.inject({ url: `/api/v1/producers?${qs}`, headers: as(s) }));
    const byName = await list('q=n%C6%B0%E1%BB%9Bc%20m%E1%BA%AFm');
    expect(byName.data.producers.map((p: { id: number }) => p.id)).toEqual([a.producerId]);
    expect((await list('status=pending')).data.producers.every((p: { status: string }) => p.status === 'pending')).toBe(
      true,
    );
    const paged = await list('per_page=1&page=2');
    expect(paged.data.producers).toHaveLength(1);
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect(paged.meta.total_count).toBeGreaterThanOrEqual(2);
    const all = await list('per_page=100');
    expect(all.data.producers.length).toBe(all.meta.total_count);
    const badStatus = await t.app.inject({ url: '/api/v1/producers?status=done', headers: as(s) });
    expect(badStatus.statusCode).toBe(422);
    const purchasing = await buildUser(t.db, { platform, roles: ['purchasing'] });
    expect((await t.app.inject({ url: '/api/v1/producers', headers: as(purchasing) })).statusCode).toBe(403);
  });
});

describe('POST /api/v1/producers', () => {
  it('a user without a producer creates one (pending) and is linked to it; a second time → 409', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub', producer: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/producers',
      headers: as(u),
      payload: { name: 'Hộ kinh doanh Cà phê Cầu Đất', producer_type: 'household', province_code: '68' },
    });
    expect(res.statusCode).toBe(201);
    const p = json(res).data.producer;
    expect(p).toMatchObject({ status: 'pending', producer_type: 'household', province_code: '68' });
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.producerId).toBe(p.id);
    const [pr] = await t.db.select().from(producers).where(eq(producers.id, p.id));
    expect(pr.platform).toBe('agrihub');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/producers',
      headers: as(u),
      payload: { name: 'Khác', producer_type: 'household' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).meta).toMatchObject({
      code: 'producer_exists',
      message: 'Tài khoản này đã có đơn vị sản xuất.',
    });
  });

  it('validates name and type, and refuses administrators', async () => {
    const u = await buildUser(t.db, { producer: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/producers', headers: as(u), payload: { name: '' } });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Vui lòng nhập tên đơn vị sản xuất.' },
        { field: 'producer_type', message: 'Vui lòng chọn loại hình đơn vị.' },
      ]),
    );
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/producers',
          headers: as(admin),
          payload: { name: 'A', producer_type: 'household' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v1/producers/{id}/gtin-prefixes', () => {
  const prefixes = (u: Built, id: number | null, length: string | number) =>
    t.app.inject({ url: `/api/v1/producers/${id}/gtin-prefixes?length=${length}`, headers: as(u) });

  it('lists the company prefixes a length makes of the producer’s GTINs, most products first', async () => {
    const u = await buildUser(t.db, { platform: 'dtrack' });
    const { buildProduct } = await import('../../../test/factories.js');
    const { withCheckDigit } = await import('@agrihub/contract');
    for (const body of ['893604503001', '893604503002', '893604599001']) {
      await buildProduct(t.db, { producerId: u.producerId!, gtin: withCheckDigit(body) });
    }
    await buildProduct(t.db, { producerId: u.producerId!, gtin: null });
    // One licence 8936045: every length up to 9 gives one prefix.
    const r7 = await prefixes(u, u.producerId, 7);
    expect(r7.statusCode, r7.body).toBe(200);
    const seven = json(r7).data.gtin_prefixes;
    expect(seven).toEqual({ length: 7, products: 3, prefixes: [{ prefix: '8936045', products: 3 }] });
    // Too long a length splits the licence: the producer is told by the count of prefixes.
    const ten = json(await prefixes(u, u.producerId, 10)).data.gtin_prefixes;
    expect(ten).toEqual({
      length: 10,
      products: 3,
      prefixes: [
        { prefix: '8936045030', products: 2 },
        { prefix: '8936045990', products: 1 },
      ],
    });
  });

  it('refuses a length outside 6–12 and another producer’s prefixes', async () => {
    const u = await buildUser(t.db, { platform: 'dtrack' });
    const other = await buildUser(t.db, { platform: 'dtrack' });
    for (const bad of [5, 13, 'x', '']) {
      const res = await prefixes(u, u.producerId, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.body).toContain('6 đến 12');
    }
    expect((await prefixes(u, other.producerId, 7)).statusCode).toBe(404);
    const empty = json(await prefixes(other, other.producerId, 8)).data.gtin_prefixes;
    expect(empty).toEqual({ length: 8, products: 0, prefixes: [] });
  });
});
