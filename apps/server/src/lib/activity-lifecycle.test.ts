import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, passwordResets } from '../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../test/helper.js';
import { buildBatch, buildUser, TEST_PASSWORD, type Built } from '../../test/factories.js';
import { catalogFixture, createProduct, productBody } from '../modules/products/test-support.js';
import { recordActivity, type ActivitySubject } from './activity.js';
import type { DomainEvent } from './domain-events.js';
import { sha256 } from './secrets.js';

let t: TestApp;
let owner: Built;
let admin: Built;
let category: number;
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
  category = (await catalogFixture(t.db)).leaf;
  t.app.events.on('user.password_changed', (e) => void events.push(e));
});
afterAll(() => t.close());

const rowsOf = async (type: ActivitySubject, id: number) =>
  t.db
    .select({ id: activity.id })
    .from(activity)
    .where(and(eq(activity.subjectType, type), eq(activity.subjectId, id)));
const note = (type: ActivitySubject, subjectId: number, action = 'note') =>
  recordActivity(t.db, { subjectType: type, subjectId, platform: 'dtrack', actorId: owner.user.id, action });
async function draftBatch(productId: number, lot: string) {
  const b = await buildBatch(t.db, { productId, lotCode: lot, status: 'draft' });
  await note('traceability', b.id, 'create');
  return b.id;
}

describe('history paging', () => {
  it('pages a history newest first with meta (page, per_page ≤ 100, total); bad paging is a 422', async () => {
    const p = await createProduct(t.app, owner, productBody(category));
    for (const action of ['a1', 'a2', 'a3']) await note('product', p.id, action);
    const page = async (u: Built, url: string) => {
      const res = await t.app.inject({ url, headers: as(u) });
      expect(res.statusCode, res.body).toBe(200);
      return json(res);
    };
    const own = await page(owner, `/api/v1/products/${p.id}/history?page=2&per_page=2`);
    expect(own.data.history.map((h: { action: string }) => h.action)).toEqual(['a1']);
    expect(own.meta).toEqual({ total_count: 3, current_page: 2, per_page: 2 });
    // Without paging: the whole history (up to 100 rows), as the web reads it.
    const all = await page(admin, `/api/v1/admin/products/${p.id}/history`);
    expect(all.data.history.map((h: { action: string }) => h.action)).toEqual(['a3', 'a2', 'a1']);
    expect(all.meta).toEqual({ total_count: 3, current_page: 1, per_page: 100 });
    const producer = await page(admin, `/api/v1/admin/producers/${owner.producerId}/history?per_page=1`);
    expect(producer.meta.total_count).toBe(0);

    const b = await draftBatch(p.id, 'LO-PAGE');
    await note('traceability', b, 'update');
    const batch = await page(owner, `/api/v1/traceabilities/${b}/history?per_page=1`);
    expect(batch.data.history.map((h: { action: string }) => h.action)).toEqual(['update']);
    expect(batch.meta).toEqual({ total_count: 2, current_page: 1, per_page: 1 });

    for (const q of ['per_page=101', 'per_page=0', 'page=0', 'page=x']) {
      const res = await t.app.inject({ url: `/api/v1/products/${p.id}/history?${q}`, headers: as(owner) });
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('a subject’s history goes with it', () => {
  it('deleting a draft batch deletes its activity rows in the same transaction', async () => {
    const p = await createProduct(t.app, owner, productBody(category, { name: 'Cà phê Buôn Ma Thuột' }));
    const gone = await draftBatch(p.id, 'LO-DEL-1');
    const kept = await draftBatch(p.id, 'LO-DEL-2');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/traceabilities/${gone}`, headers: as(owner) });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf('traceability', gone)).toEqual([]);
    expect(await rowsOf('traceability', kept)).toHaveLength(1);
  });

  it('deleting a product deletes its history and that of its draft batches', async () => {
    const p = await createProduct(t.app, owner, productBody(category, { name: 'Gạo ST25' }));
    const other = await createProduct(t.app, owner, productBody(category, { name: 'Tiêu Phú Quốc' }));
    const submit = await t.app.inject({ method: 'POST', url: `/api/v1/products/${p.id}/register`, headers: as(owner) });
    expect(submit.statusCode).toBe(200);
    await note('product', other.id);
    const batch = await draftBatch(p.id, 'LO-ST25');
    expect(await rowsOf('product', p.id)).toHaveLength(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}`, headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf('product', p.id)).toEqual([]);
    expect(await rowsOf('traceability', batch)).toEqual([]);
    expect(await rowsOf('product', other.id)).toHaveLength(1);
  });
});

describe('user.password_changed', () => {
  it('is told after a password change and after a reset, for that user only', async () => {
    const u = await buildUser(t.db);
    events.length = 0;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      headers: as(u),
      payload: { old_password: TEST_PASSWORD, password: 'Moi@12345' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      headers: { ...as(u), authorization: `Bearer ${json(changed).data.token.access_token}` },
      payload: { old_password: 'Sai@12345', password: 'Moi@123456' },
    });
    expect(wrong.statusCode).toBe(422);
    await t.app.events.drain();
    expect(events).toEqual([{ type: 'user.password_changed', platform: 'dtrack', userId: u.user.id }]);

    const token = 'reset-token-for-event-test';
    await t.db
      .insert(passwordResets)
      .values({ userId: u.user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3600_000) });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password',
      headers: { platform: 'dtrack' },
      payload: { token, password: 'Lai@12345' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.app.events.drain();
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ type: 'user.password_changed', platform: 'dtrack', userId: u.user.id });
  });
});
