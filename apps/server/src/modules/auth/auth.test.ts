import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attemptCounters, sessions } from '../../db/schema/index.js';
import { ACCOUNT_SLOWDOWN_MS, checkLogin, recordLoginFailure } from './throttle.js';
import { sha256 } from '../../lib/secrets.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories.js';

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

  describe('throttling by source (ADR 0009)', () => {
    const counter = async (key: string) => (await t.db.select().from(attemptCounters).where(eq(attemptCounters.key, key)))[0];

    it('locks the failing (account, IP) pair after 10 failures with one answer for known and unknown names; other IPs still log in', async () => {
      const u = await buildUser(t.db);
      const unknown = `nobody-${u.user.id}@example.vn`;
      const answers = [];
      for (const [name, ip] of [
        [u.user.email, '10.1.0.1'],
        [unknown, '10.1.0.2'],
      ]) {
        for (let i = 0; i < 9; i++) expect((await login('dtrack', name, 'nope-nope', ip)).statusCode).toBe(401);
        const tenth = await login('dtrack', name, 'nope-nope', ip);
        const eleventh = await login('dtrack', name, name === unknown ? 'nope-nope' : TEST_PASSWORD, ip);
        answers.push([tenth, eleventh].map((r) => ({ status: r.statusCode, body: json(r) })));
      }
      // No 423 for real accounts only: the same status, code, message and minutes.
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0][0]).toEqual({
        status: 429,
        body: {
          error: 'invalid_grant',
          error_description: 'too_many_login_attempts',
          meta: { code: 'too_many_login_attempts', message: 'Đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 10 phút hoặc đặt lại mật khẩu.' },
        },
      });
      // The locked source is the pair: the owner logs in from elsewhere, and nobody locked the account.
      expect((await login('dtrack', u.user.email, TEST_PASSWORD, '10.1.0.3')).statusCode).toBe(200);
      // The lock ends by itself.
      const pairKey = `login:pair:dtrack:${u.user.email}:10.1.0.1`;
      await t.db.update(attemptCounters).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(attemptCounters.key, pairKey));
      expect((await login('dtrack', u.user.email, TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
      expect(await counter(pairKey)).toBeUndefined();
    });

    it('counts 10 parallel wrong logins as 10 (one atomic upsert each): the pair is locked after the burst', async () => {
      const u = await buildUser(t.db);
      const ip = '10.2.0.1';
      // The lock needs 10 counted failures, so none of these 10 can be refused before it counts.
      const burst = await Promise.all(Array.from({ length: 10 }, () => login('dtrack', u.user.email, 'nope-nope', ip)));
      expect(burst.map((r) => r.statusCode).sort()).toEqual([...Array(9).fill(401), 429]);
      expect((await counter(`login:pair:dtrack:${u.user.email}:${ip}`))?.count).toBe(10);
      expect((await counter(`login:account:dtrack:${u.user.email}`))?.count).toBe(10);
      expect((await login('dtrack', u.user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login('dtrack', u.user.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    });

    it('locks an IP that fails on many names (50 in 15 minutes), whatever name it tries next', async () => {
      const ip = '10.3.0.1';
      const u = await buildUser(t.db);
      for (let i = 0; i < 49; i++) await recordLoginFailure(t.db, { platform: 'dtrack', username: `spray${i}@example.vn`, ip });
      expect((await login('dtrack', 'spray-last@example.vn', 'nope-nope', ip)).statusCode).toBe(429);
      const res = await login('dtrack', u.user.email, TEST_PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(json(res).meta.message).toContain('15 phút');
      expect((await login('dtrack', u.user.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    });

    it('never locks an account for everyone: past 50 failures from many IPs attempts only slow down, and the right password works', async () => {
      const admin = await buildUser(t.db, { roles: ['admin'] });
      const source = (n: number) => ({ platform: 'dtrack', username: admin.user.email, ip: `10.4.${n}.1` });
      expect(await checkLogin(t.db, source(99))).toEqual({ locked: false, slowdownMs: 0 });
      for (let n = 0; n < 10; n++) {
        for (let i = 0; i < 5; i++) await recordLoginFailure(t.db, source(n));
      }
      expect(await checkLogin(t.db, source(99))).toEqual({ locked: false, slowdownMs: ACCOUNT_SLOWDOWN_MS });
      expect((await login('dtrack', admin.user.email, TEST_PASSWORD, '10.4.99.1')).statusCode).toBe(200);
    });
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
    const whoOld = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) });
    expect(whoOld.statusCode).toBe(401);
    const whoNew = await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', json(first).access_token) });
    expect(whoNew.statusCode).toBe(200);
    // The used one is refused (and, being a replay, ends the family: see the next test).
    const again = await refresh(u.refreshToken);
    expect(again.statusCode).toBe(400);
    expect(json(again).error).toBe('invalid_grant');
  });

  it('revokes the whole session family when a rotated refresh token is replayed (RFC 9700 reuse detection)', async () => {
    const u = await buildUser(t.db);
    const refresh = (token: string) => {
      const f = form({ grant_type: 'refresh_token', refresh_token: token });
      return t.app.inject({ method: 'POST', url: '/oauth/token', headers: { platform: 'dtrack', 'content-type': f['content-type'] }, payload: f.payload });
    };
    const elsewhere = json(await login('dtrack', u.user.email, TEST_PASSWORD, '10.5.0.1')); // another family
    const second = json(await refresh(u.refreshToken));
    const third = json(await refresh(second.refresh_token));
    // The first refresh token, rotated twice already, comes back (a thief's copy).
    const replay = await refresh(u.refreshToken);
    expect(replay.statusCode).toBe(400);
    expect(json(replay)).toMatchObject({ error: 'invalid_grant', meta: { code: 'invalid_refresh_token' } });
    // Every session of the family is over: the newest access token and refresh token too.
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', third.access_token) })).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(400);
    const family = await t.db.select().from(sessions).where(eq(sessions.refreshTokenHash, sha256(third.refresh_token)));
    const members = await t.db.select().from(sessions).where(eq(sessions.familyId, family[0].familyId));
    expect(members).toHaveLength(3);
    expect(members.every((s) => s.revokedAt)).toBe(true);
    // Another login of the same account is another family and goes on.
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', elsewhere.access_token) })).statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(200);
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
    const old = await buildUser(t.db, { createdAt: new Date('2022-09-26T16:59:59Z'), productAccess: false });
    const res = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(old) });
    expect(res.statusCode).toBe(200);
    const { user, producer } = json(res).data;
    expect(user).toMatchObject({ isOldUser: true, producer_id: old.producerId, roles: [], abilities: [], registed_services: [], required_change_password: false, locale: 'vi' });
    expect(user.password_hash).toBeUndefined();
    expect(user.passwordHash).toBeUndefined();
    expect(producer).toMatchObject({ id: old.producerId, status: 'approved' });
    const fresh = await buildUser(t.db, { createdAt: new Date('2022-09-26T17:00:00Z'), productAccess: false });
    expect(json(await t.app.inject({ url: '/api/v1/users/whoami', headers: as(fresh) })).data.user.isOldUser).toBe(false);
  });

  it('gives an admin no producer', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const body = json(await t.app.inject({ url: '/api/v1/users/whoami', headers: as(admin) }));
    expect(body.data.producer).toBeNull();
    expect(body.data.user.roles).toEqual(['admin']);
  });
});
