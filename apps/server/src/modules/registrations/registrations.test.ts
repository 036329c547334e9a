import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { producers, users } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATION_RATE_LIMIT_PER_HOUR: '2' });
});
afterAll(() => t.close());

const register = (platform: string, payload: object, remoteAddress = `10.40.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/v1/registrations', headers: { platform, locale: 'vi' }, payload, remoteAddress });
let n = 0;
const valid = (over: Record<string, unknown> = {}) => ({
  email: `dangky${++n}@example.vn`,
  password: 'Dangky@1',
  name: 'Võ Thị Hoa',
  phone: '0912345678',
  producer: { name: 'HTX Chè Tân Cương', producer_type: 'cooperative', business_fields: ['cultivate'] },
  ...over,
});
const login = (platform: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

describe('POST /api/v1/registrations', () => {
  it('creates a pending producer and its user (no roles) on the request platform; the user can log in', async () => {
    const body = valid({ email: '  Hoa.Vo@Example.VN ' });
    const res = await register('agrihub', body);
    expect(res.statusCode).toBe(201);
    const out = json(res);
    expect(out.meta.message).toBe('Đăng ký thành công. Tài khoản của bạn đang chờ quản trị viên phê duyệt.');
    expect(out.data.user).toMatchObject({ email: 'hoa.vo@example.vn', platform: 'agrihub', roles: [], abilities: [], name: 'Võ Thị Hoa', locale: 'vi', isOldUser: false });
    const [p] = await t.db.select().from(producers).where(eq(producers.id, out.data.user.producer_id));
    expect(p).toMatchObject({ platform: 'agrihub', status: 'pending', name: 'HTX Chè Tân Cương', producerType: 'cooperative', businessFields: ['cultivate'] });
    const [u] = await t.db.select().from(users).where(eq(users.id, out.data.user.id));
    expect(u.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login('agrihub', 'hoa.vo@example.vn', 'Dangky@1')).statusCode).toBe(200);
    expect((await login('dtrack', 'hoa.vo@example.vn', 'Dangky@1')).statusCode).toBe(401);
  });

  it('keeps dtrack accounts in Vietnamese even when en is asked', async () => {
    const res = await register('dtrack', valid({ locale: 'en' }));
    expect(json(res).data.user.locale).toBe('vi');
    const res2 = await register('foodmap', valid({ locale: 'en' }));
    expect(json(res2).data.user.locale).toBe('en');
  });

  it('refuses an email already registered on the platform with 409 email_taken, creating nothing', async () => {
    const existing = await buildUser(t.db, { platform: 'foodmap' });
    const before = (await t.db.select().from(producers).where(eq(producers.platform, 'foodmap'))).length;
    const res = await register('foodmap', valid({ email: existing.user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toEqual({
      code: 'email_taken',
      message: 'Email này đã được đăng ký.',
      errors: [{ field: 'email', message: 'Email này đã được đăng ký.' }],
    });
    expect((await t.db.select().from(producers).where(eq(producers.platform, 'foodmap'))).length).toBe(before);
    // The same email is free on another platform.
    expect((await register('dtrack', valid({ email: existing.user.email }))).statusCode).toBe(201);
    const rows = await t.db.select().from(users).where(and(eq(users.email, existing.user.email)));
    expect(rows.map((r) => r.platform).sort()).toEqual(['dtrack', 'foodmap']);
  });

  it('validates every field with a translated message', async () => {
    const lengthMsg = 'Mật khẩu phải từ 6 đến 18 ký tự.';
    const cases: [object, string, string][] = [
      [valid({ email: 'bad' }), 'email', 'Email không hợp lệ.'],
      [valid({ email: '' }), 'email', 'Vui lòng nhập email.'],
      [valid({ password: '12345' }), 'password', lengthMsg],
      [valid({ password: 'x'.repeat(19) }), 'password', lengthMsg],
      [valid({ name: ' ' }), 'name', 'Vui lòng nhập tên.'],
      [valid({ phone: '12' }), 'phone', 'Số điện thoại không hợp lệ.'],
      [valid({ locale: 'fr' }), 'locale', 'Ngôn ngữ không hợp lệ.'],
      [valid({ producer: { name: '', producer_type: 'cooperative' } }), 'producer.name', 'Vui lòng nhập tên đơn vị sản xuất.'],
      [valid({ producer: { name: 'A', producer_type: 'farm' } }), 'producer.producer_type', 'Vui lòng chọn loại hình đơn vị.'],
      [valid({ producer: { name: 'A', producer_type: 'household', business_fields: ['mining'] } }), 'producer.business_fields.0', 'Lĩnh vực kinh doanh không hợp lệ.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await register('dtrack', payload);
      expect(res.statusCode, field).toBe(422);
      expect(json(res).meta.errors, field).toContainEqual({ field, message });
    }
  });

  it('is rate-limited per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await register('dtrack', valid(), '10.41.0.1')).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('requires the Platform header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/registrations', payload: valid() });
    expect(res.statusCode).toBe(400);
    expect(json(res).meta.code).toBe('platform_required');
  });
});
