import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API_KEY_ACTIVE_MAX,
  API_KEY_PATTERN,
  MAX_FAILED_LOGINS,
  MULTICHANNEL_SERVICE_SLUG,
  todayInVietnam,
} from '@agrihub/contract';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { REDACT } from '../../app.js';
import { activity, apiKeys, producers, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/secrets.js';

/**
 * A producer's API keys for machine clients (ADR 039): created by the producer's accounts, the
 * secret shown once and stored hashed, listed, revoked; the `apikey` access level of the guard.
 */
let t: TestApp;
let a: Built;
let member: Built;
let b: Built;
let admin: Built;
const logs: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  t = await createTestApp(
    {},
    {
      // Everything the app logs, to check no key ever reaches a log line.
      logger: { level: 'trace', redact: REDACT, stream },
      // A capture route of this test's app only: what the EPCIS capture routes will declare.
      routes: (app) =>
        app.post('/api/v1/test-capture', { config: { access: 'apikey', apiScope: 'capture' } }, async (req) => ({
          data: { key: req.apiKey },
        })),
    },
  );
  a = await buildUser(t.db, { producer: { name: 'HTX Cà phê Cầu Đất' } });
  member = await buildUser(t.db, { producer: false, registedServices: [MULTICHANNEL_SERVICE_SLUG] });
  await t.db.update(users).set({ producerId: a.producerId }).where(eq(users.id, member.user.id));
  b = await buildUser(t.db, { producer: { name: 'Công ty Rang xay Đà Lạt' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

let ip = 0;
/** Each call from its own address unless told (the wrong-key limit counts by address). */
const call = (u: Built, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as never,
    url,
    headers: as(u),
    remoteAddress: `10.1.0.${++ip % 250}`,
    ...(payload ? { payload } : {}),
  });
const machine = (
  key: string,
  opts: { platform?: string; header?: 'bearer' | 'x-api-key'; ip?: string; url?: string } = {},
) =>
  t.app.inject({
    method: opts.url === '/api/v1/test-capture' ? 'POST' : 'GET',
    url: opts.url ?? '/api/v1/api-keys/whoami',
    remoteAddress: opts.ip ?? `10.2.${++ip % 250}.1`,
    headers: {
      platform: opts.platform ?? 'dtrack',
      ...(opts.header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` }),
    },
  });

async function create(u: Built, body: object = {}) {
  const res = await call(u, 'POST', '/api/v1/api-keys', { name: 'Hệ thống siêu thị', access: 'read', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { api_key: { id: number; prefix: string; scopes: string[] }; secret: string };
}

describe('creating, listing and revoking', () => {
  it('shows the secret once, stores only its hash and the display prefix, and never answers it again', async () => {
    const { api_key, secret } = await create(a, { access: 'read_capture', expires_on: '2099-12-31' });
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(secret.startsWith(`${api_key.prefix}_`)).toBe(true);
    // The random part after the prefix (base64url: it may itself hold `_`, so not split on it).
    const hidden = secret.slice(api_key.prefix.length + 1);
    expect(hidden).toHaveLength(43);
    expect(api_key).toMatchObject({ scopes: ['read', 'capture'], expires_on: '2099-12-31', status: 'active' });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row.secretHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(hidden);

    const list = await call(a, 'GET', '/api/v1/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(hidden);
    expect(list.body).not.toContain(row.secretHash);
    const listed = json(list).data.api_keys.find((k: { id: number }) => k.id === api_key.id);
    expect(listed).toMatchObject({ name: 'Hệ thống siêu thị', prefix: api_key.prefix, last_used_at: null });
    expect(listed).not.toHaveProperty('secret');

    expect((await machine(secret)).statusCode).toBe(200);
    const revoked = await call(a, 'POST', `/api/v1/api-keys/${api_key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).not.toContain(hidden);

    const history = await t.db.select().from(activity).where(eq(activity.subjectType, 'api_key'));
    expect(history.filter((h) => h.subjectId === api_key.id).map((h) => h.action)).toEqual(['create', 'revoke']);
    expect(JSON.stringify(history)).not.toContain(hidden);
    expect(logs.join('')).not.toContain(hidden);
  });

  it('lets any account of the producer list and revoke its keys, and names who created each', async () => {
    const { api_key } = await create(a, { name: 'Khóa của chủ' });
    const listed = json(await call(member, 'GET', '/api/v1/api-keys?q=khoa cua')).data.api_keys;
    expect(listed.map((k: { id: number }) => k.id)).toEqual([api_key.id]);
    expect(listed[0].created_by).toEqual({ id: a.user.id, name: a.user.name });
    const res = await call(member, 'POST', `/api/v1/api-keys/${api_key.id}/revoke`);
    expect(json(res).data.api_key).toMatchObject({ status: 'revoked' });
    // Revoking again changes nothing.
    expect((await call(a, 'POST', `/api/v1/api-keys/${api_key.id}/revoke`)).statusCode).toBe(200);
    const [entries] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(
        sql`${activity.subjectType} = 'api_key' and ${activity.subjectId} = ${api_key.id} and ${activity.action} = 'revoke'`,
      );
    expect(entries.n).toBe(1);
  });

  it('keeps another producer’s keys out of sight and out of reach (404), and an administrator out', async () => {
    const { api_key, secret } = await create(a, { name: 'Khóa riêng' });
    const theirs = json(await call(b, 'GET', '/api/v1/api-keys')).data.api_keys;
    expect(theirs.map((k: { id: number }) => k.id)).not.toContain(api_key.id);
    expect((await call(b, 'POST', `/api/v1/api-keys/${api_key.id}/revoke`)).statusCode).toBe(404);
    expect((await machine(secret)).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/api/v1/api-keys', { name: 'x', access: 'read' })).statusCode).toBe(403);
  });

  it('refuses a bad name, access or past expiry, and more than the active keys a producer may hold', async () => {
    expect((await call(b, 'POST', '/api/v1/api-keys', { name: ' ', access: 'read' })).statusCode).toBe(422);
    expect((await call(b, 'POST', '/api/v1/api-keys', { name: 'x', access: 'write' })).statusCode).toBe(422);
    const past = await call(b, 'POST', '/api/v1/api-keys', { name: 'x', access: 'read', expires_on: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(json(past).meta.code).toBe('api_key_expiry_past');
    const c = await buildUser(t.db);
    for (let i = 0; i < API_KEY_ACTIVE_MAX; i++) await create(c, { name: `Khóa ${i}` });
    const over = await call(c, 'POST', '/api/v1/api-keys', { name: 'Một khóa nữa', access: 'read' });
    expect(over.statusCode).toBe(422);
    expect(json(over).meta.code).toBe('api_key_limit');
    // A revoked key frees its place.
    const first = json(await call(c, 'GET', '/api/v1/api-keys?sort=created_at&per_page=1')).data.api_keys[0];
    await call(c, 'POST', `/api/v1/api-keys/${first.id}/revoke`);
    expect((await call(c, 'POST', '/api/v1/api-keys', { name: 'Một khóa nữa', access: 'read' })).statusCode).toBe(201);
  });
});

describe('the apikey access level', () => {
  it('tells the key’s holder its producer and scopes, by Bearer or X-API-Key, and marks it used once a minute', async () => {
    const { api_key, secret } = await create(a, { name: 'Đối tác A' });
    for (const header of ['bearer', 'x-api-key'] as const) {
      const res = await machine(secret, { header });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(json(res).data.whoami).toEqual({
        platform: 'dtrack',
        producer: { id: a.producerId, name: 'HTX Cà phê Cầu Đất' },
        key: { id: api_key.id, name: 'Đối tác A', prefix: api_key.prefix, scopes: ['read'], expires_on: null },
      });
    }
    const [used] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(used.lastUsedAt).not.toBeNull();
    const old = new Date(Date.now() - 30_000);
    await t.db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, api_key.id));
    await machine(secret);
    const [fresh] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(fresh.lastUsedAt?.getTime()).toBe(old.getTime());
    await t.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(apiKeys.id, api_key.id));
    await machine(secret);
    const [touched] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(touched.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets a read key read but not capture (403); a read+capture key captures', async () => {
    const read = await create(a, { access: 'read' });
    const both = await create(a, { access: 'read_capture' });
    const refused = await machine(read.secret, { url: '/api/v1/test-capture' });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).meta.code).toBe('api_key_scope');
    const ok = await machine(both.secret, { url: '/api/v1/test-capture' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.key).toEqual({
      id: both.api_key.id,
      producerId: a.producerId,
      platform: 'dtrack',
      scopes: ['read', 'capture'],
      prefix: both.api_key.prefix,
    });
  });

  it('refuses a revoked key at once, an expired key, a deleted producer’s key and another platform’s (401)', async () => {
    const k = await create(a);
    expect((await machine(k.secret)).statusCode).toBe(200);
    await call(a, 'POST', `/api/v1/api-keys/${k.api_key.id}/revoke`);
    const revoked = await machine(k.secret);
    expect(revoked.statusCode).toBe(401);
    expect(json(revoked).meta.code).toBe('api_key_invalid');

    const e = await create(a, { expires_on: todayInVietnam() });
    expect((await machine(e.secret)).statusCode).toBe(200);
    await t.db.update(apiKeys).set({ expiresOn: '2020-01-01' }).where(eq(apiKeys.id, e.api_key.id));
    expect((await machine(e.secret)).statusCode).toBe(401);
    const listed = json(await call(a, 'GET', '/api/v1/api-keys')).data.api_keys;
    expect(listed.find((x: { id: number }) => x.id === e.api_key.id).status).toBe('expired');

    const other = await create(a);
    const foreign = await machine(other.secret, { platform: 'agrihub' });
    expect(foreign.statusCode).toBe(401);
    expect(json(foreign).meta.code).toBe('api_key_invalid');

    const gone = await buildUser(t.db);
    const g = await create(gone);
    await t.db.update(producers).set({ deletedAt: new Date() }).where(eq(producers.id, gone.producerId!));
    expect((await machine(g.secret)).statusCode).toBe(401);
  });

  it('opens a key route with nothing but a key, and no other route with a key', async () => {
    const k = await create(a);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/whoami', headers: { platform: 'dtrack' } });
    expect(none.statusCode).toBe(401);
    expect(json(none).meta.code).toBe('api_key_required');
    // A signed-in session is not a key.
    expect((await call(a, 'GET', '/api/v1/api-keys/whoami')).statusCode).toBe(401);
    // A key is not a session.
    const asUser = await machine(k.secret, { url: '/api/v1/api-keys' });
    expect(asUser.statusCode).toBe(401);
    const forged = k.secret.slice(0, -1) + (k.secret.endsWith('A') ? 'B' : 'A');
    expect((await machine(forged)).statusCode).toBe(401);
    expect((await machine('ahk_' + 'x'.repeat(5000))).statusCode).toBe(401);
  });

  it('locks out an address after too many wrong keys, like logins (429), while other addresses go on', async () => {
    const k = await create(a);
    const from = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      codes.push((await machine(`ahk_aaaaaaaa_${'x'.repeat(43)}`, { ip: from })).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const locked = await machine(k.secret, { ip: from });
    expect(locked.statusCode).toBe(429);
    expect(json(locked).meta.code).toBe('api_key_locked');
    expect((await machine(k.secret, { ip: '10.9.9.10' })).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('redact the Authorization and X-API-Key headers and a secret field (the app’s own logger)', () => {
    const key = `ahk_abcdefgh_${'s'.repeat(43)}`;
    const before = logs.length;
    t.app.log.info({ req: { headers: { authorization: `Bearer ${key}`, 'x-api-key': key } } }, 'request');
    t.app.log.info({ headers: { authorization: `Bearer ${key}`, 'x-api-key': key } }, 'headers');
    t.app.log.info({ data: { secret: key } }, 'answer');
    const written = logs.slice(before).join('');
    expect(written).toContain('[Redacted]');
    expect(written).not.toContain('s'.repeat(43));
  });
});
