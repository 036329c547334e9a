import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/secrets.js';
import { TEST_PASSWORD, as, buildUser, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (body: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(body).toString(),
});

async function login(platform: string, username: string, password: string, ip = '10.0.0.1') {
  const f = form({ grant_type: 'password', username, password });
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform, 'content-type': f['content-type'] },
    payload: f.payload,
    remoteAddress: ip,
  });
}

describe('POST /oauth/token', () => {
  it('issues an OAuth-style token for the right password and stores only its hash', async () => {
    const u = await buildUser(t.db);
    const res = await login('dtrack', u.user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), created_at: expect.any(Number) });
    expect(body.access_token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.select().from(sessions).where(eq(sessions.accessTokenHash, sha256(body.access_token)));
    expect(rows).toHaveLength(1);
    const raw = await t.db.select().from(sessions).where(eq(sessions.accessTokenHash, body.access_token));
    expect(raw).toHaveLength(0);
  });

  it('refuses a wrong password with an OAuth error and a Vietnamese message', async () => {
    const u = await buildUser(t.db);
    const res = await login('dtrack', u.user.email, 'wrong-pass');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({
      error: 'invalid_grant',
      meta: { code: 'invalid_credentials', message: 'Email hoặc mật khẩu không đúng.' },
    });
  });

  it('does not let an account of one platform log in on another', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    expect((await login('dtrack', u.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('agrihub', u.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('requires a known Platform header', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).meta.code).toBe('platform_required');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: { platform: 'shopee' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('locks an account for 10 minutes after 10 failed logins, even with the right password', async () => {
    const u = await buildUser(t.db);
    for (let i = 0; i < 9; i++) expect((await login('dtrack', u.user.email, 'nope-nope', `10.1.0.${i}`)).statusCode).toBe(401);
    const tenth = await login('dtrack', u.user.email, 'nope-nope', '10.1.1.1');
    expect(tenth.statusCode).toBe(423);
    expect(json(tenth).meta.code).toBe('account_locked');
    const right = await login('dtrack', u.user.email, TEST_PASSWORD, '10.1.1.2');
    expect(right.statusCode).toBe(423);
    expect(json(right).meta.message).toContain('10 phút');
    // The lock ends by itself.
    await t.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, u.user.id));
    expect((await login('dtrack', u.user.email, TEST_PASSWORD, '10.1.1.3')).statusCode).toBe(200);
  });

  it('rate-limits logins per IP with 429 and a message', async () => {
    const u = await buildUser(t.db);
    for (let i = 0; i < 20; i++) await login('dtrack', u.user.email, 'bad-bad', '10.9.9.9');
    const last = await login('dtrack', u.user.email, 'bad-bad', '10.9.9.9');
    expect(last.statusCode).toBe(429);
    expect(json(last).meta.code).toBe('rate_limited');
    expect(json(last).meta.message).toMatch(/thử lại/);
  });

  it('rotates refresh tokens: the new pair works, the used refresh token does not', async () => {
    const u = await buildUser(t.db);
    const refresh = (token: string) => {
      const f = form({ grant_type: 'refresh_token', refresh_token: token });
      return t.app.inject({ method: 'POST', url: '/oauth/token', headers: { platform: 'dtrack', 'content-type': f['content-type'] }, payload: f.payload });
    };
    const first = await refresh(u.refreshToken);
    expect(first.statusCode).toBe(200);
    const again = await refresh(u.refreshToken);
    expect(again.statusCode).toBe(400);
    expect(json(again).error).toBe('invalid_grant');
    const whoOld = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) });
    expect(whoOld.statusCode).toBe(401);
    const whoNew = await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', json(first).access_token) });
    expect(whoNew.statusCode).toBe(200);
  });

  it('validates the grant with 422 and field errors', async () => {
    const f = form({ grant_type: 'password', username: '', password: '' });
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { platform: 'dtrack', 'content-type': f['content-type'] }, payload: f.payload });
    expect(res.statusCode).toBe(422);
    const fields = json(res).meta.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const u = await buildUser(t.db);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: as(u) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) });
    expect(after.statusCode).toBe(401);
    expect(json(after).meta.code).toBe('invalid_token');
  });

  it('refuses a missing, unknown or expired token', async () => {
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack') })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', 'made-up') })).statusCode).toBe(401);
    const u = await buildUser(t.db);
    await t.db.update(sessions).set({ accessExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.user.id));
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) })).statusCode).toBe(401);
  });

  it('a token of one platform is refused on another', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap' });
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', u.token) })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/whoami', () => {
  it('returns the spec fields, the old-user flag from the cutoff, and the producer', async () => {
    const old = await buildUser(t.db, { createdAt: new Date('2022-09-26T16:59:59Z') });
    const res = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(old) });
    expect(res.statusCode).toBe(200);
    const { user, producer } = json(res).data;
    expect(user).toMatchObject({ isOldUser: true, producer_id: old.producerId, roles: [], abilities: [], registed_services: [], required_change_password: false, locale: 'vi' });
    expect(user.password_hash).toBeUndefined();
    expect(user.passwordHash).toBeUndefined();
    expect(producer).toMatchObject({ id: old.producerId, status: 'approved' });
    const fresh = await buildUser(t.db, { createdAt: new Date('2022-09-26T17:00:00Z') });
    expect(json(await t.app.inject({ url: '/api/v1/users/whoami', headers: as(fresh) })).data.user.isOldUser).toBe(false);
  });

  it('gives an admin no producer', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const body = json(await t.app.inject({ url: '/api/v1/users/whoami', headers: as(admin) }));
    expect(body.data.producer).toBeNull();
    expect(body.data.user.roles).toEqual(['admin']);
  });
});
