import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '@agrihub/contract';
import { recordActivity } from '../../lib/activity.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;
let other: Built;
let admin: Built;
let foodmapAdmin: Built;
beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db);
  other = await buildUser(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
  foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

const inject = (u: Built, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
const history = async (u: Built, url: string) => {
  const res = await inject(u, 'GET', url);
  expect(res.statusCode).toBe(200);
  return json<{ data: { history: ActivityItem[] } }>(res).data.history;
};
const moves = (h: ActivityItem[]) => h.map((x) => [x.action, x.from, x.to, x.note, x.user?.id ?? null]);

describe('product history (GET /api/v1/products/{id}/history, /api/v1/admin/products/{id}/history)', () => {
  it('records submit, reject with the reason, edit back to draft, submit, approve; newest first', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    expect(await history(a, `/api/v1/products/${p.id}/history`)).toEqual([]);

    expect((await inject(a, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
    const reason = 'Ảnh sản phẩm chưa rõ nét';
    expect((await inject(admin, 'POST', `/api/v1/admin/products/${p.id}/reject`, { reason })).statusCode).toBe(200);
    const edit = await inject(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf, { name: 'Rau cải mới' }));
    expect(edit.statusCode).toBe(200);
    expect((await inject(a, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
    expect((await inject(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(200);
    // An edit of an approved product sends it back to draft too.
    expect((await inject(a, 'PUT', `/api/v1/products/${p.id}`, productBody(cat.leaf))).statusCode).toBe(200);

    const expected = [
      ['back_to_draft', 'approved', 'draft', null, a.user.id],
      ['approve', 'pending', 'approved', null, admin.user.id],
      ['submit', 'draft', 'pending', null, a.user.id],
      ['back_to_draft', 'rejected', 'draft', null, a.user.id],
      ['reject', 'pending', 'rejected', reason, admin.user.id],
      ['submit', 'draft', 'pending', null, a.user.id],
    ];
    const own = await history(a, `/api/v1/products/${p.id}/history`);
    expect(moves(own)).toEqual(expected);
    expect(own[1].user).toEqual({ id: admin.user.id, name: admin.user.name, staff: true });
    expect(moves(await history(admin, `/api/v1/admin/products/${p.id}/history`))).toEqual(expected);
  });

  it('an internal note is shown to the back office only, never to the producer', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    await inject(a, 'POST', `/api/v1/products/${p.id}/register`);
    await recordActivity(t.db, {
      subjectType: 'product',
      subjectId: p.id,
      platform: a.platform,
      actorId: admin.user.id,
      action: 'note',
      note: 'Ghi chú nội bộ: kiểm tra lại giấy phép',
      internal: true,
    });
    const adminView = await history(admin, `/api/v1/admin/products/${p.id}/history`);
    expect(adminView.map((h) => [h.action, h.internal])).toEqual([
      ['note', true],
      ['submit', false],
    ]);
    const own = await history(a, `/api/v1/products/${p.id}/history`);
    expect(own.map((h) => h.action)).toEqual(['submit']);
    expect(JSON.stringify(own)).not.toContain('nội bộ');
  });

  it("another producer's product and another platform's admin get 404; a producer gets 403 on the admin route", async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    expect((await inject(other, 'GET', `/api/v1/products/${p.id}/history`)).statusCode).toBe(404);
    expect((await inject(foodmapAdmin, 'GET', `/api/v1/admin/products/${p.id}/history`)).statusCode).toBe(404);
    expect((await inject(a, 'GET', `/api/v1/admin/products/${p.id}/history`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/v1/products/${p.id}/history`, headers: { platform: 'dtrack' } })).statusCode,
    ).toBe(401);
  });
});
