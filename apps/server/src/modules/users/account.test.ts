import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (u: Built | null, payload: unknown, h = u ? as(u) : headers('dtrack')) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users', headers: h, payload: payload as object });

describe('PUT /api/v1/users', () => {
  it('saves locale, name and phone and answers with the user', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const res = await put(u, { locale: 'en', name: '  Trần Văn Đức ', phone: '091 234 5678' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.user).toMatchObject({ id: u.user.id, locale: 'en', name: 'Trần Văn Đức', phone: '+84912345678' });
    expect(body.meta.message).toBe('Cập nhật thông tin tài khoản thành công.');
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ locale: 'en', name: 'Trần Văn Đức' });
  });

  it('changes only the fields sent; phone can be cleared with null', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap' });
    await put(u, { phone: '0987654321' });
    const res = await put(u, { phone: null });
    expect(json(res).data.user).toMatchObject({ phone: null, name: u.user.name, locale: 'vi' });
  });

  it('refuses English on dtrack (vi only) with 422 locale_not_offered and keeps vi', async () => {
    const u = await buildUser(t.db, { platform: 'dtrack' });
    const res = await put(u, { locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toMatchObject({
      code: 'locale_not_offered',
      message: 'Nền tảng này chỉ hỗ trợ ngôn ngữ: vi.',
      errors: [{ field: 'locale', message: 'Nền tảng này chỉ hỗ trợ ngôn ngữ: vi.' }],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.locale).toBe('vi');
    expect((await put(u, { locale: 'vi' })).statusCode).toBe(200);
  });

  it('validates each field with a translated field message', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const cases: [unknown, string, string][] = [
      [{ locale: 'fr' }, 'locale', 'Ngôn ngữ không hợp lệ.'],
      [{ name: '   ' }, 'name', 'Vui lòng nhập tên.'],
      [{ name: 'x'.repeat(121) }, 'name', 'Tối đa 120 ký tự.'],
      [{ phone: '12ab' }, 'phone', 'Số điện thoại không hợp lệ.'],
      [{ email: 'other@example.vn' }, '(body)', 'Dữ liệu không hợp lệ, vui lòng kiểm tra lại các trường được đánh dấu.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const errors = json(res).meta.errors as { field: string; message: string }[];
      expect(errors.some((e) => e.field === field && (message === '' || e.message === message)), JSON.stringify(errors)).toBe(true);
    }
  });

  it('answers in English when the request locale is en', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const res = await put(u, { phone: 'nope' }, as(u, 'en'));
    expect(json(res).meta.errors[0].message).toBe('Invalid phone number.');
  });

  it('needs a live token of this platform', async () => {
    expect((await put(null, { name: 'A' })).statusCode).toBe(401);
    const u = await buildUser(t.db, { platform: 'foodmap' });
    expect((await put(u, { name: 'A' }, headers('agrihub', u.token))).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: as(u) });
    expect((await put(u, { name: 'A' })).statusCode).toBe(401);
  });
});
