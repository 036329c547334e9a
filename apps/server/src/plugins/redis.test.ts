import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { createNodeApp, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { TEST_PASSWORD, buildBatch, buildUser, scannedBatch } from '../../test/factories.js';
import { sourceKeyOf, SCAN_DEDUP_WINDOW_MS } from '../modules/trace-public/scans.js';
import { LOOKUP_MISS_COST } from '../modules/trace-public/lookup-limit.js';
import { redisLabel } from './redis.js';
import { storedScans, storedSourceKeys } from '../modules/trace-public/scans.js';

/**
 * REDIS_URL (ADR 026): two nodes — two real apps on one database — share the rate limits, the
 * public lookup limit and the scan de-duplication through the real Redis. Our machines and CI run
 * one on 127.0.0.1:6379; without it these tests fail (never skip). Every key is under a prefix of
 * this file's own, deleted at the end.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `agrihub-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
const LOGIN_LIMIT = 5;
const LOOKUP_BUDGET = 12;
const ENV = {
  REDIS_URL,
  REDIS_PREFIX: PREFIX,
  LOGIN_RATE_LIMIT_PER_MIN: String(LOGIN_LIMIT),
  PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN: String(LOOKUP_BUDGET),
};

let raw: Redis;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  raw = new Redis(REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  raw.on('error', () => undefined);
  try {
    await raw.connect();
    await raw.ping();
  } catch (err) {
    throw new Error(
      `Redis is not reachable at ${redisLabel(REDIS_URL)} (${(err as Error).message}): the REDIS_URL tests need a real Redis. ` +
        'Our machines and CI run one on 127.0.0.1:6379 — start it with `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""`.',
      { cause: err },
    );
  }
  a = await createTestApp(ENV);
  b = await createNodeApp(a, ENV);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  if (raw?.status === 'ready') {
    const keys = await keysOf('*');
    if (keys.length) await raw.del(...keys);
    await raw.quit();
  }
});

/** This file's keys matching `pattern` (after the prefix). */
async function keysOf(pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await raw.scan(cursor, 'MATCH', `${PREFIX}${pattern}`, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

let net = 0;
/** A client of its own (another /24): tests share no budget and no scan window. */
const freshIp = () => `10.${++net}.0.1`;

function login(node: TestApp, username: string, password: string, ip: string) {
  return node.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform: 'dtrack', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    remoteAddress: ip,
  });
}

const lookup = (node: TestApp, code: string, ip: string) =>
  node.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${code}`,
    headers: headers('dtrack'),
    remoteAddress: ip,
  });

describe('with REDIS_URL, the nodes share', () => {
  it('one Redis client per app, under the prefix', () => {
    expect(a.app.redis?.status).toBe('ready');
    expect(b.app.redis?.status).toBe('ready');
    expect(a.app.redis).not.toBe(b.app.redis);
    expect(a.app.redis?.options.keyPrefix).toBe(PREFIX);
  });

  it('the login rate limit: reached through node A, node B refuses too (429, the Vietnamese message)', async () => {
    const u = await buildUser(a.db);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMIT; i++)
      expect((await login(a, u.user.email, 'sai-mat-khau', ip)).statusCode).toBe(401);
    const res = await login(b, u.user.email, TEST_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(json(res).meta).toEqual({
      code: 'rate_limited',
      message: `Bạn thao tác quá nhiều lần, vui lòng thử lại sau ${retry}s.`,
    });
    // Back on A it is refused as well; another address logs in on either node.
    expect((await login(a, u.user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(b, u.user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    // One counter for the route and the address, in Redis under the prefix.
    const [key] = await keysOf(`rl:*login:${ip}`);
    expect(Number(await raw.get(key))).toBe(LOGIN_LIMIT + 2);
    expect(await raw.pttl(key)).toBeGreaterThan(0);
  });

  it('the other rate-limited routes too (forgotten password)', async () => {
    const ip = freshIp();
    const forgot = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: '/api/v1/users/forgot_password',
        headers: headers('dtrack'),
        payload: { email: 'nobody@example.vn' },
        remoteAddress: ip,
      });
    const limit = a.config.FORGOT_RATE_LIMIT_PER_HOUR;
    for (let i = 0; i < limit; i++) expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await forgot(a)).statusCode).toBe(429);
    expect((await forgot(b)).statusCode).toBe(429);
  });

  it('the scan de-duplication: a scan counted on A and repeated on B within the window counts once', async () => {
    const x = await buildBatch(a.db);
    const ip = freshIp();
    expect(json(await lookup(a, x.publicCode, ip)).data.traceability.scan_count).toBe(1);
    await a.app.scanBuffer.flush();
    // The same source (same /24) on the other node: answered, not counted again.
    const again = await lookup(b, x.publicCode, ip.replace(/1$/, '77'));
    expect(again.statusCode).toBe(200);
    expect(json(again).data.traceability.scan_count).toBe(1);
    expect(b.app.scanBuffer.pending(x.id)).toEqual({ count: 0, sources: 0 });
    // Another source counts, on either node.
    expect(json(await lookup(b, x.publicCode, freshIp())).data.traceability.scan_count).toBe(2);
    await Promise.all([a.app.scanBuffer.flush(), b.app.scanBuffer.flush()]);
    const row = await storedScans(a.db, x.id);
    expect(row.scans).toBe(2);
    expect(await storedSourceKeys(a.db, x.id)).toHaveLength(2);
    // The window is Redis's: the claim expires with it.
    const ttl = await raw.pttl(`${PREFIX}scan:${x.id}:${sourceKeyOf(ip)}`);
    expect(ttl).toBeGreaterThan(SCAN_DEDUP_WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SCAN_DEDUP_WINDOW_MS);
  });

  it('the scan de-duplication under a race: the same source on both nodes at once counts once', async () => {
    const x = await buildBatch(a.db);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => lookup(i % 2 ? a : b, x.publicCode, ip)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(a.app.scanBuffer.pending(x.id).count + b.app.scanBuffer.pending(x.id).count).toBe(1);
    await Promise.all([a.app.scanBuffer.flush(), b.app.scanBuffer.flush()]);
    const row = await storedScans(a.db, x.id);
    expect(row.scans).toBe(1);
  });

  it(`the public lookup limit: ${LOOKUP_BUDGET} lookups a minute across both nodes, then 429 on either`, async () => {
    const x = await buildBatch(a.db);
    const ip = freshIp();
    for (let i = 0; i < LOOKUP_BUDGET; i++)
      expect((await lookup(i % 2 ? a : b, x.publicCode, ip)).statusCode).toBe(200);
    for (const node of [a, b]) {
      const res = await lookup(node, x.publicCode, ip);
      expect(res.statusCode).toBe(429);
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect(json(res).meta).toEqual({
        code: 'lookup_rate_limited',
        message: `Bạn tra cứu quá nhiều lần, vui lòng thử lại sau ${retry} giây.`,
      });
    }
    // Another address of the same network is another client.
    expect((await lookup(b, x.publicCode, ip.replace(/1$/, '2'))).statusCode).toBe(200);
  });

  it(`a lookup that finds nothing costs ${LOOKUP_MISS_COST} on every node`, async () => {
    const x = await buildBatch(a.db);
    const ip = freshIp();
    expect((await lookup(a, 'KHONGCOMA0001', ip)).statusCode).toBe(404);
    // 1 + 9 of 12 spent through A: B lets 2 more through, then refuses.
    expect((await lookup(b, x.publicCode, ip)).statusCode).toBe(200);
    expect((await lookup(b, x.publicCode, ip)).statusCode).toBe(200);
    expect((await lookup(b, x.publicCode, ip)).statusCode).toBe(429);
    const [key] = await keysOf(`lookup:${ip}`);
    expect(Number(await raw.get(key))).toBe(LOOKUP_MISS_COST + 2);
  });

  it('the post view budget is a shared window of its own', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await a.app.postViews.count(a.db, -1, ip);
    await b.app.postViews.count(b.db, -1, ip);
    expect(Number(await raw.get(`${PREFIX}views:${ip}`))).toBe(4);
  });
});

describe('when Redis fails', () => {
  it('nothing turns into a 500: each limit falls back to the node, with a log line that names no password', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    // Nothing listens on port 1: every command fails at once.
    const url = 'redis://agrihub:mat-khau-bi-mat@127.0.0.1:1/0';
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: a.config.dataDir,
      WEB_DIST: a.config.WEB_DIST,
      SEED_DEMO: 'false',
      ...ENV,
      REDIS_URL: url,
    });
    const app = await buildApp({ config, database: a.database, logger: { level: 'info', stream } });
    await app.ready();
    const node = { ...a, app, config };
    try {
      expect(app.redis?.status).not.toBe('ready');
      const u = await buildUser(a.db);
      const ip = freshIp();
      for (let i = 0; i < LOGIN_LIMIT; i++)
        expect((await login(node, u.user.email, 'sai-mat-khau', ip)).statusCode).toBe(401);
      expect((await login(node, u.user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      const x = await buildBatch(a.db);
      const scanIp = freshIp();
      for (let i = 0; i < 3; i++) {
        const res = await lookup(node, x.publicCode, scanIp);
        expect(res.statusCode).toBe(200);
        expect(json(res).data.traceability.scan_count).toBe(1);
      }
      for (let i = 3; i < LOOKUP_BUDGET; i++) expect((await lookup(node, x.publicCode, scanIp)).statusCode).toBe(200);
      expect((await lookup(node, x.publicCode, scanIp)).statusCode).toBe(429);
      await app.scanBuffer.flush();
    } finally {
      await app.close();
    }
    // Closed: the client stops trying to reconnect (ioredis waits at most 2 s between tries).
    let tries = 0;
    app.redis?.on('connecting', () => tries++);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(tries).toBe(0);
    const log = lines.join('');
    expect(log).toContain('redis unavailable');
    expect(log).toContain('redis failed: rate limit counted on this node only');
    expect(log).toContain('redis failed: lookup limit counted on this node only');
    expect(log).toContain('redis failed: scan de-duplication counted on this node only');
    expect(log).toContain('redis://127.0.0.1:1/0');
    expect(log).not.toContain('mat-khau-bi-mat');
  });
});

describe('without REDIS_URL', () => {
  it('each node keeps its own limits, as before', async () => {
    const one = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: String(LOGIN_LIMIT) });
    const two = await createNodeApp(one, { LOGIN_RATE_LIMIT_PER_MIN: String(LOGIN_LIMIT) });
    try {
      expect(one.app.redis).toBeNull();
      expect(one.app.sharedWindows).toBeNull();
      const u = await buildUser(one.db);
      const ip = freshIp();
      for (let i = 0; i < LOGIN_LIMIT; i++) await login(one, u.user.email, 'sai-mat-khau', ip);
      expect((await login(one, u.user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(two, u.user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
      const x = await buildBatch(one.db);
      expect(one.app.scanBuffer.record(scannedBatch(x), ip)).toBe(true);
      expect(one.app.scanBuffer.record(scannedBatch(x), ip)).toBe(false);
      expect(two.app.scanBuffer.record(scannedBatch(x), ip)).toBe(true);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('configuration', () => {
  it('REDIS_URL must be a redis:// or rediss:// URL, and a bad one is never echoed', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://u:topsecret@h' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    try {
      loadConfig({ REDIS_URL: 'redis://u:topsecret@[bad' });
    } catch (err) {
      expect((err as Error).message).toContain('REDIS_URL');
      expect((err as Error).message).not.toContain('topsecret');
    }
    expect(loadConfig({}).REDIS_PREFIX).toBe('agrihub:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
    expect(redisLabel('rediss://user:topsecret@cache.example.vn:6380/2')).toBe('rediss://cache.example.vn:6380/2');
  });
});
