import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';

/** The own notifications: list (paged, unread filter), unread count, mark one or all read. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `n` notifications of `u`, the newest last (one minute apart). */
async function give(u: Built, n: number) {
  const start = Date.UTC(2026, 0, 1, 8);
  return t.db
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        platform: u.platform,
        userId: u.user.id,
        type: 'product.approved',
        params: { product: `Sản phẩm ${i + 1}` },
        link: `/products/${i + 1}`,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning();
}

const get = (u: Built, url: string, locale = 'vi') => t.app.inject({ method: 'GET', url, headers: as(u, locale) });
const post = (u: Built, url: string) => t.app.inject({ method: 'POST', url, headers: as(u) });
const unread = async (u: Built) => json(await get(u, '/api/v1/notifications/unread-count')).data.unread_count;

describe('notifications API', () => {
  it('lists the own notifications newest first, paged, in the caller’s language', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    await give(u, 5);
    const first = await get(u, '/api/v1/notifications?page=1&per_page=2');
    expect(first.statusCode).toBe(200);
    expect(json(first).meta).toEqual({ total_count: 5, current_page: 1, per_page: 2 });
    expect(json(first).data.notifications.map((n: { title: string; body: string }) => n.body)).toEqual([
      'Sản phẩm "Sản phẩm 5" đã được quản trị viên duyệt và hiển thị công khai.',
      'Sản phẩm "Sản phẩm 4" đã được quản trị viên duyệt và hiển thị công khai.',
    ]);
    expect(json(first).data.notifications[0]).toEqual({
      id: expect.any(Number),
      type: 'product.approved',
      title: 'Sản phẩm đã được duyệt',
      body: expect.any(String),
      link: '/products/5',
      read: false,
      read_at: null,
      created_at: '2026-01-01T08:04:00.000Z',
    });
    const last = json(await get(u, '/api/v1/notifications?page=3&per_page=2', 'en'));
    expect(last.data.notifications).toHaveLength(1);
    expect(last.data.notifications[0]).toMatchObject({ title: 'Product approved', link: '/products/1' });
  });

  it('counts, filters and marks read: one, then all', async () => {
    const u = await buildUser(t.db);
    const [oldest, , newest] = await give(u, 3);
    expect(await unread(u)).toBe(3);

    const one = await post(u, `/api/v1/notifications/${newest.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(json(one).data.notification).toMatchObject({ id: newest.id, read: true, read_at: expect.any(String) });
    expect(await unread(u)).toBe(2);
    // Marking it again keeps the first time it was read.
    const again = await post(u, `/api/v1/notifications/${newest.id}/read`);
    expect(json(again).data.notification.read_at).toBe(json(one).data.notification.read_at);

    const onlyUnread = json(await get(u, '/api/v1/notifications?unread=true'));
    expect(onlyUnread.meta.total_count).toBe(2);
    expect(onlyUnread.data.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, false]);
    expect(json(await get(u, '/api/v1/notifications?unread=false')).meta.total_count).toBe(3);

    const all = await post(u, '/api/v1/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(json(all)).toEqual({ data: { updated: 2 }, meta: { message: 'Đã đánh dấu 2 thông báo là đã đọc.' } });
    expect(await unread(u)).toBe(0);
    expect(json(await get(u, '/api/v1/notifications?unread=true')).data.notifications).toEqual([]);
    expect(json(await post(u, '/api/v1/notifications/read-all')).data.updated).toBe(0);
    expect(oldest.readAt).toBeNull();
  });

  it('never shows, counts or marks another user’s notifications (404 for their ids)', async () => {
    const me = await buildUser(t.db);
    const colleague = await buildUser(t.db);
    const onAnotherPlatform = await buildUser(t.db, { platform: 'foodmap' });
    const [theirs] = await give(colleague, 1);
    const [foreign] = await give(onAnotherPlatform, 1);
    expect(json(await get(me, '/api/v1/notifications')).data.notifications).toEqual([]);
    expect(await unread(me)).toBe(0);
    for (const id of [theirs.id, foreign.id, 2_000_000_000]) {
      const res = await post(me, `/api/v1/notifications/${id}/read`);
      expect(res.statusCode).toBe(404);
      expect(json(res).meta.code).toBe('not_found');
    }
    expect(json(await post(me, '/api/v1/notifications/read-all')).data.updated).toBe(0);
    expect(await unread(colleague)).toBe(1);
    expect(await unread(onAnotherPlatform)).toBe(1);
  });

  it('refuses bad input with a 422 in the caller’s language and strangers with a 401', async () => {
    const u = await buildUser(t.db);
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'page=abc', 'unread=yes']) {
      const res = await get(u, `/api/v1/notifications?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(json(res).meta.message, query).toMatch(/[ạ-ỹ]|không|Số/);
    }
    expect((await post(u, '/api/v1/notifications/abc/read')).statusCode).toBe(422);
    expect((await post(u, '/api/v1/notifications/99999999999/read')).statusCode).toBe(422);
    for (const url of ['/api/v1/notifications', '/api/v1/notifications/unread-count']) {
      expect((await t.app.inject({ method: 'GET', url, headers: headers('dtrack') })).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: headers('dtrack') }))
        .statusCode,
    ).toBe(401);
  });
});
