import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '@agrihub/contract';
import { recordActivity } from '../../lib/activity.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
let admin: Built;
let reader: Built;
let foodmapAdmin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
  reader = await buildUser(t.db, { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'producer' }] });
  foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

const history = async (u: Built, id: number) => {
  const res = await t.app.inject({ url: `/api/v1/admin/producers/${id}/history`, headers: as(u) });
  expect(res.statusCode).toBe(200);
  return json<{ data: { history: ActivityItem[] } }>(res).data.history;
};
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: as(admin), payload });
const moves = (h: ActivityItem[]) => h.map((x) => [x.action, x.from, x.to, x.note, x.user?.id ?? null]);

describe('GET /api/v1/admin/producers/{id}/history', () => {
  it('records approval, closing with the reason and reopening, single and bulk; newest first', async () => {
    const p = await buildUser(t.db, { producer: { status: 'pending' } });
    const id = p.producerId!;
    expect(await history(admin, id)).toEqual([]);
    expect((await put(`/api/v1/admin/producers/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
    const reason = 'Hồ sơ pháp lý hết hiệu lực';
    expect((await put(`/api/v1/admin/producers/${id}/status`, { status: 'closed', reason })).statusCode).toBe(200);
    // Unchanged status: no row.
    expect((await put(`/api/v1/admin/producers/${id}/status`, { status: 'closed', reason })).statusCode).toBe(200);
    const bulk = await put('/api/v1/admin/producers/bulk', { ids: [id], status: 'pending' });
    expect(json(bulk).data.updated).toBe(1);
    const bulkReason = 'Ngừng hoạt động';
    expect(
      json(await put('/api/v1/admin/producers/bulk', { ids: [id], status: 'closed', reason: bulkReason })).data.updated,
    ).toBe(1);

    const expected = [
      ['close', 'pending', 'closed', bulkReason, admin.user.id],
      ['reopen', 'closed', 'pending', null, admin.user.id],
      ['close', 'approved', 'closed', reason, admin.user.id],
      ['approve', 'pending', 'approved', null, admin.user.id],
    ];
    expect(moves(await history(admin, id))).toEqual(expected);
    expect(moves(await history(reader, id))).toEqual(expected);
  });

  it('shows internal notes to the back office; other platforms get 404, producers 403', async () => {
    const p = await buildUser(t.db);
    const id = p.producerId!;
    await recordActivity(t.db, {
      subjectType: 'producer',
      subjectId: id,
      platform: p.platform,
      actorId: admin.user.id,
      action: 'note',
      note: 'Ghi chú nội bộ',
      internal: true,
    });
    expect((await history(admin, id)).map((h) => [h.action, h.note, h.internal])).toEqual([
      ['note', 'Ghi chú nội bộ', true],
    ]);
    expect(
      (await t.app.inject({ url: `/api/v1/admin/producers/${id}/history`, headers: as(foodmapAdmin) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/admin/producers/${id}/history`, headers: as(p) })).statusCode).toBe(403);
  });
});
