import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producers, votes } from '../../db/schema/index.js';
import { as, headers, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';

let t: TestApp;
let a: Built;
let b: Built;
let batchA: { id: number; public_code: string };
let batchB: { id: number; public_code: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  batchA = await publishedBatch(t, a, (await buildProduct(t.db, { producerId: a.producerId! })).id);
  batchB = await publishedBatch(t, b, (await buildProduct(t.db, { producerId: b.producerId! })).id);
});
afterAll(() => t.close());

const vote = (payload: object, ip = '192.0.2.10', platform: 'dtrack' | 'foodmap' = 'dtrack') =>
  t.app.inject({ method: 'POST', url: '/api/v1/votes', headers: headers(platform), payload, remoteAddress: ip });
const lookup = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/traceabilities/${code}`, headers: headers('dtrack') });

describe('POST /api/v1/votes', () => {
  it('refuses a batch whose public page is down: its producer closed (or no longer approved) → 404', async () => {
    const batch = await buildBatch(t.db);
    expect((await vote({ code: batch.publicCode, rating: 4 }, '192.0.2.50')).statusCode).toBe(201);
    for (const status of ['closed', 'pending'] as const) {
      await t.db.update(producers).set({ status }).where(eq(producers.id, batch.producerId));
      expect((await vote({ code: batch.publicCode, rating: 4 }, '192.0.2.51')).statusCode, status).toBe(404);
    }
  });

  it('accepts a 1–5 rating with an optional comment, without login; the lookup shows the new average', async () => {
    expect(json(await lookup(batchA.public_code)).data.traceability.rating).toEqual({ average: null, count: 0 });
    const res = await vote({ code: batchA.public_code, rating: 5, comment: 'Chè thơm, nước xanh' }, '192.0.2.1');
    expect(res.statusCode).toBe(201);
    expect(json(res).data.vote).toMatchObject({
      rating: 5,
      comment: 'Chè thơm, nước xanh',
      traceability_id: batchA.id,
    });
    expect(json(res).meta.message).toBe('Cảm ơn bạn đã đánh giá!');
    // The answer carries the batch's ratings with the vote: the page updates its summary from it.
    expect(json(res).data.rating).toEqual({ average: 5, count: 1 });
    const second = await vote({ code: batchA.public_code, rating: 4 }, '192.0.2.2');
    expect(json(second).data.rating).toEqual({ average: 4.5, count: 2 });
    expect(json(await lookup(batchA.public_code)).data.traceability.rating).toEqual({ average: 4.5, count: 2 });
    const third = await vote({ code: batchA.public_code, rating: 4 }, '192.0.2.3');
    expect(json(third).data.rating).toEqual({ average: 4.3, count: 3 });
    expect(json(await lookup(batchA.public_code)).data.traceability.rating).toEqual({ average: 4.3, count: 3 });
  });

  it('validates the rating and the comment (422) and refuses drafts and unknown codes (404)', async () => {
    for (const rating of [0, 6, 3.5, '5']) {
      const res = await vote({ code: batchA.public_code, rating });
      expect(res.statusCode).toBe(422);
      expect(json(res).meta.errors[0]).toEqual({ field: 'rating', message: 'Điểm đánh giá phải từ 1 đến 5 sao.' });
    }
    expect((await vote({ code: batchA.public_code, rating: 3, comment: 'x'.repeat(501) })).statusCode).toBe(422);
    const draft = await createBatch(t, a, (await buildProduct(t.db, { producerId: a.producerId! })).id);
    expect((await vote({ code: draft.public_code, rating: 3 })).statusCode).toBe(404);
    expect((await vote({ code: 'NOSUCHCODE234567', rating: 3 })).statusCode).toBe(404);
    expect((await vote({ code: batchA.public_code, rating: 3 }, '192.0.2.50', 'foodmap')).statusCode).toBe(404);
  });

  it('rate-limits a client to 5 votes per batch per hour (429 with a message)', async () => {
    for (let i = 0; i < 5; i++)
      expect((await vote({ code: batchB.public_code, rating: 4 }, '192.0.2.99')).statusCode).toBe(201);
    const res = await vote({ code: batchB.public_code, rating: 4 }, '192.0.2.99');
    expect(res.statusCode).toBe(429);
    expect(json(res).meta).toMatchObject({ code: 'vote_rate_limited', message: expect.stringContaining('quá nhiều') });
    expect((await vote({ code: batchB.public_code, rating: 4 }, '192.0.2.100')).statusCode).toBe(201);
  });

  it('holds the limit under 60 parallel votes of one client: exactly 5 accepted, the rest 429', async () => {
    const batch = await buildBatch(t.db);
    const all = await Promise.all(
      Array.from({ length: 60 }, (_, i) => vote({ code: batch.publicCode, rating: (i % 5) + 1 }, '198.51.100.60')),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(55);
    const refused = all.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('3600');
    expect(json(refused).meta).toEqual({
      code: 'vote_rate_limited',
      message: 'Bạn đã đánh giá lô hàng này quá nhiều lần, vui lòng thử lại sau.',
    });
    const [{ n }] = await t.db.select({ n: count() }).from(votes).where(eq(votes.traceabilityId, batch.id));
    expect(n).toBe(5);
  });
});

describe('GET /api/v1/votes', () => {
  it('a producer sees only votes on its own batches, filterable by batch, with paging', async () => {
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/v1/votes', headers: as(a) }));
    expect(mine.data.votes.length).toBeGreaterThan(0);
    expect(mine.data.votes.every((v: { traceability_id: number }) => v.traceability_id === batchA.id)).toBe(true);
    expect(mine.meta.total_count).toBe(mine.data.votes.length);
    const other = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/votes?traceability_id=${batchB.id}`, headers: as(a) }),
    );
    expect(other.data.votes).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/votes', headers: headers('dtrack') })).statusCode).toBe(
      401,
    );
  });
});

describe('vote moderation follows the abilities', () => {
  it('listing every vote needs read product; deleting one needs update product', async () => {
    const created = json(await vote({ code: batchA.public_code, rating: 2 }, '192.0.2.210')).data.vote;
    const list = (u: Built) => t.app.inject({ method: 'GET', url: '/api/v1/votes', headers: as(u) });
    const del = (u: Built, url: string) => t.app.inject({ method: 'DELETE', url, headers: as(u) });
    // An administrator with no ability on products.
    const bare = await buildUser(t.db, { roles: ['purchasing'], abilities: [{ action: 'read', subject: 'user' }] });
    expect((await list(bare)).statusCode).toBe(403);
    expect(json(await list(bare)).meta.code).toBe('permission_denied');
    expect((await del(bare, `/api/v1/votes/${created.id}`)).statusCode).toBe(403);
    expect((await del(bare, `/api/v1/admin/votes/${created.id}`)).statusCode).toBe(403);
    // Support reads products: it lists every vote of the platform but deletes none.
    const support = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'product' }],
    });
    const seen = json(await list(support));
    expect(seen.data.votes.map((v: { id: number }) => v.id)).toContain(created.id);
    expect(seen.data.votes.some((v: { traceability_id: number }) => v.traceability_id === batchB.id)).toBe(true);
    expect((await del(support, `/api/v1/admin/votes/${created.id}`)).statusCode).toBe(403);
    expect((await del(support, `/api/v1/votes/${created.id}`)).statusCode).toBe(403);
    // A moderator may update products: it deletes.
    const moderator = await buildUser(t.db, {
      roles: ['approver'],
      abilities: [{ action: 'update', subject: 'product' }],
    });
    expect((await del(moderator, `/api/v1/admin/votes/${created.id}`)).statusCode).toBe(200);
    const other = json(await vote({ code: batchA.public_code, rating: 3 }, '192.0.2.211')).data.vote;
    expect((await del(moderator, `/api/v1/votes/${other.id}`)).statusCode).toBe(200);
    // `manage product` covers both.
    const manager = await buildUser(t.db, {
      roles: ['approver'],
      abilities: [{ action: 'manage', subject: 'product' }],
    });
    expect((await list(manager)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/votes/{id}', () => {
  it('is for administrators only (403 for producers); the public rating updates', async () => {
    const created = json(await vote({ code: batchA.public_code, rating: 1 }, '192.0.2.200')).data.vote;
    const before = json(await lookup(batchA.public_code)).data.traceability.rating.count;
    const byProducer = await t.app.inject({ method: 'DELETE', url: `/api/v1/votes/${created.id}`, headers: as(a) });
    expect(byProducer.statusCode).toBe(403);
    const adminPath = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/${created.id}`,
      headers: as(a),
    });
    expect(adminPath.statusCode).toBe(403);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/votes/${created.id}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(json(await lookup(batchA.public_code)).data.traceability.rating.count).toBe(before - 1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/${created.id}`,
      headers: as(admin),
    });
    expect(again.statusCode).toBe(404);
    const foodmapAdmin = await buildUser(t.db, { roles: ['admin'], platform: 'foodmap' });
    const v2 = json(await vote({ code: batchA.public_code, rating: 2 }, '192.0.2.201')).data.vote;
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/${v2.id}`,
      headers: as(foodmapAdmin),
    });
    expect(cross.statusCode).toBe(404);
  });
});
