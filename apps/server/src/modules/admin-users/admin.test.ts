import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DENIED_MESSAGE, profileCompleteness } from '@agrihub/contract';
import { seedAccounts } from '../../db/seed/accounts.js';
import { openSession } from '../auth/sessions.js';
import { users } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildUser, type BuildUserOptions } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Platform = 'dtrack' | 'agrihub' | 'foodmap';
const ADMIN: BuildUserOptions = { roles: ['admin'] };
/** Customer support as the platforms set it up: reads producers, not users. */
const SUPPORT: BuildUserOptions = { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'producer' }] };
const session = async (platform: Platform, opts: BuildUserOptions = {}) =>
  as(await buildUser(t.db, { platform, ...opts }));
const get = (url: string, h: Record<string, string>) => t.app.inject({ url, headers: h });

describe('admin permissions end to end', () => {
  it('a producer gets 403 forbidden on every admin route', async () => {
    const h = await session('dtrack');
    for (const url of ['/api/v1/admin/users', '/api/v1/admin/producers']) {
      const res = await get(url, h);
      expect(res.statusCode, url).toBe(403);
      expect(json(res).meta).toMatchObject({ code: 'forbidden', message: 'Bạn không có quyền truy cập.' });
    }
  });

  it('support (customer_support with read producer) reads producers but not users', async () => {
    const h = await session('dtrack', SUPPORT);
    expect((await get('/api/v1/admin/producers', h)).statusCode).toBe(200);
    const users = await get('/api/v1/admin/users', h);
    expect(users.statusCode).toBe(403);
    expect(json(users).meta.message).toBe(PERMISSION_DENIED_MESSAGE);
    expect(json(users).meta.message).toBe('Cannot execute an action on a subject');
  });

  it('admin reads both', async () => {
    const h = await session('dtrack', ADMIN);
    expect((await get('/api/v1/admin/producers', h)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/users', h)).statusCode).toBe(200);
  });

  it('without a token → 401, with another platform’s token → 401', async () => {
    expect((await get('/api/v1/admin/users', headers('dtrack'))).statusCode).toBe(401);
    const h = await session('agrihub', ADMIN);
    expect((await get('/api/v1/admin/users', { ...h, platform: 'dtrack' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('lists the platform’s users only, paged, with q on name and email; no secrets leave', async () => {
    const h = await session('foodmap', ADMIN);
    await buildUser(t.db, { platform: 'foodmap', email: 'support@nongsan.vn', ...SUPPORT });
    await buildUser(t.db, { platform: 'foodmap', email: 'binh@nongsan.vn', name: 'Trần Thị Bình' });
    await buildUser(t.db, { platform: 'foodmap', name: 'Lê Văn Cường' });
    await buildUser(t.db, { platform: 'agrihub', email: 'support@agrihub.vn', name: 'Trần Thị Hoa', ...SUPPORT });
    const all = json(await get('/api/v1/admin/users?per_page=100', h));
    expect(all.data.users.length).toBe(all.meta.total_count);
    expect(all.data.users.every((u: { platform: string }) => u.platform === 'foodmap')).toBe(true);
    expect(all.data.users.map((u: { email: string }) => u.email)).toContain('support@nongsan.vn');
    expect(JSON.stringify(all)).not.toMatch(/argon2|password_hash|passwordHash/);
    const q = json(await get('/api/v1/admin/users?q=support%40', h));
    expect(q.data.users.map((u: { email: string }) => u.email)).toEqual(['support@nongsan.vn']);
    const byName = json(await get(`/api/v1/admin/users?q=${encodeURIComponent('trần thị')}`, h));
    expect(byName.data.users.map((u: { email: string }) => u.email)).toEqual(['binh@nongsan.vn']);
    const page = json(await get('/api/v1/admin/users?per_page=2&page=2', h));
    expect(page.data.users).toHaveLength(2);
    expect(page.meta).toEqual({ total_count: all.meta.total_count, current_page: 2, per_page: 2 });
    // LIKE wildcards in q are literal.
    expect(json(await get('/api/v1/admin/users?q=%25', h)).data.users).toEqual([]);
    expect((await get('/api/v1/admin/users?per_page=101', h)).statusCode).toBe(422);
    expect((await get('/api/v1/admin/users?page=0', h)).statusCode).toBe(422);
  });

  it('an administrator with read user (not admin) may list users', async () => {
    const reader = await buildUser(t.db, {
      platform: 'agrihub',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'user' }],
    });
    expect((await get('/api/v1/admin/users', as(reader))).statusCode).toBe(200);
  });
});

describe('GET /api/v1/admin/producers', () => {
  it('filters by status, producer_type and q, scoped to the platform', async () => {
    const h = await session('agrihub', SUPPORT);
    await buildProducer(t.db, {
      platform: 'agrihub',
      name: 'Hợp tác xã Rau an toàn Đà Lạt',
      producerType: 'cooperative',
    });
    await buildProducer(t.db, {
      platform: 'agrihub',
      name: 'Hộ kinh doanh Trần Thị Bình',
      producerType: 'household',
      status: 'pending',
    });
    await buildProducer(t.db, { platform: 'agrihub', name: 'Cơ sở sản xuất Lê Gia', producerType: 'household' });
    await buildProducer(t.db, { platform: 'dtrack', name: 'HTX Chè Mộc Châu', status: 'pending' });
    const pending = json(await get('/api/v1/admin/producers?status=pending', h));
    expect(pending.data.producers.map((p: { name: string }) => p.name)).toEqual(['Hộ kinh doanh Trần Thị Bình']);
    const coops = json(await get('/api/v1/admin/producers?producer_type=cooperative', h));
    expect(coops.data.producers.map((p: { name: string }) => p.name)).toEqual(['Hợp tác xã Rau an toàn Đà Lạt']);
    const q = json(await get(`/api/v1/admin/producers?q=${encodeURIComponent('đà lạt')}`, h));
    expect(q.data.producers).toHaveLength(1);
    const all = json(await get('/api/v1/admin/producers?per_page=100', h));
    expect(all.data.producers.some((p: { name: string }) => p.name.includes('Mộc Châu'))).toBe(false);
    expect((await get('/api/v1/admin/producers?producer_type=farm', h)).statusCode).toBe(422);
  });
});

// The subject here is the demo seed itself.
describe('demo seed', () => {
  it('gives the demo producer a business profile complete except the logo', async () => {
    await seedAccounts(t.db);
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.platform, 'foodmap'), eq(users.email, 'producer@foodmap.demo')));
    const h = headers('foodmap', (await openSession(t.db, u.id)).access_token);
    const who = json(await get('/api/v1/users/whoami', h));
    const p = json(await get(`/api/v1/producers/${who.data.user.producer_id}`, h)).data.producer;
    expect(p).toMatchObject({
      status: 'approved',
      province_code: '96',
      tax_code: '2000712345',
      business_fields: ['seafood'],
      representative: 'Nguyễn Văn An',
    });
    expect(profileCompleteness(p).missing).toEqual(['logo_url']);
  });
});
