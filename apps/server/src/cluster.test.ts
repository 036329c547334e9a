import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './db/client.js';
import { traceEvents } from './db/schema/index.js';
import { eventBody } from './modules/traceabilities/batch-api.test-helper.js';
import { NODE_HEADER, haproxyBinary, startCluster, type Cluster } from '../test/cluster.js';
import { TEST_PASSWORD, buildBatch, buildProduct, buildUser, type Built } from '../test/factories.js';
import { withDatabase } from '../test/global-setup.js';

/**
 * The two-node test (issue 14): two real server processes on one PostgreSQL database and one
 * Redis, behind a real HAProxy (the start-up of `npm run cluster`: test/cluster.ts). PostgreSQL
 * only (a PGlite database belongs to one process); haproxy must be installed (`.ci/run` does).
 * Each check goes through HAProxy and through each node directly. The last one kills node A.
 */
const BASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `agrihub-test:cluster-${process.pid}-${randomBytes(4).toString('hex')}:`;
const LOGIN_LIMIT = 4;
/** Writers during the kill: each has one request in flight at most, on a batch of its own. */
const WRITERS = 8;

describe.skipIf(!BASE_URL)('two nodes behind HAProxy, on one PostgreSQL and one Redis', () => {
  const dbName = `agrihub_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  let dataDir: string;
  let database: Database;
  let cluster: Cluster;
  let producer: Built;
  let productId: number;
  let a: string;
  let b: string;

  beforeAll(async () => {
    haproxyBinary(); // a clear message when it is not installed
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-cluster-'));
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDatabase')}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(BASE_URL!, dbName);
    database = await openDatabase({ databaseUrl: url, dataDir: null });
    producer = await buildUser(database.db);
    productId = (await buildProduct(database.db, { producerId: producer.producerId! })).id;
    cluster = await startCluster({
      databaseUrl: url,
      redisUrl: REDIS_URL,
      redisPrefix: PREFIX,
      dataDir,
      port: 0,
      isolated: true,
      startTimeoutMs: 45_000,
      serverBundle: inject('serverBundle'),
      env: {
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOGIN_RATE_LIMIT_PER_MIN: String(LOGIN_LIMIT),
      },
    });
    [a, b] = cluster.nodes.map((n) => n.url);
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.close();
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => undefined);
    await redis.connect().catch(() => undefined);
    if (redis.status === 'ready') {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('a session opened by a login on node A works on node B and through HAProxy on both nodes', async () => {
    const login = await call(a, 'POST', '/oauth/token', {
      body: { grant_type: 'password', username: producer.user.email, password: TEST_PASSWORD },
    });
    expect(login.status, login.text).toBe(200);
    const token = (login.json as { access_token: string }).access_token;
    const onB = await call(b, 'GET', '/api/v1/users/whoami', { token });
    expect(onB.status).toBe(200);
    expect((onB.json as { data: { user: { id: number } } }).data.user.id).toBe(producer.user.id);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await call(cluster.url, 'GET', '/api/v1/users/whoami', { token });
      expect(res.status).toBe(200);
      seen.add(res.node!);
    }
    expect([...seen].sort()).toEqual(['a', 'b']); // round robin: both nodes served it
  });

  it('a recall through node A shows in node B’s public lookup within one second', async () => {
    const batch = await buildBatch(database.db, { productId, events: ['planting'] });
    const lookup = (base: string) => call(base, 'GET', `/api/v1/client/traceabilities/${batch.publicCode}`);
    // Both nodes have the published batch in their cache.
    for (const base of [a, b, cluster.url, cluster.url]) {
      const res = await lookup(base);
      expect(res.status).toBe(200);
      expect(recallOf(res)).toBeNull();
    }
    const recall = await call(a, 'POST', `/api/v1/traceabilities/${batch.id}/recall`, {
      token: producer.token,
      body: { reason: 'Dư lượng thuốc bảo vệ thực vật vượt ngưỡng' },
    });
    expect(recall.status, recall.text).toBe(200);
    const recalledAt = Date.now();
    let onB = await lookup(b);
    while (recallOf(onB) === null && Date.now() - recalledAt < 1000) {
      await sleep(25);
      onB = await lookup(b);
    }
    expect(recallOf(onB), `node B still showed no recall ${Date.now() - recalledAt} ms after it`).toMatchObject({
      reason: 'Dư lượng thuốc bảo vệ thực vật vượt ngưỡng',
    });
    // And through HAProxy, whichever node answers.
    for (let i = 0; i < 2; i++) expect(recallOf(await lookup(cluster.url))).not.toBeNull();
  });

  it(`the login rate limit (${LOGIN_LIMIT} a minute) holds across both nodes`, async () => {
    // A client of its own (TRUST_PROXY: the nodes take X-Forwarded-For, which HAProxy adds to).
    const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const attempt = (base: string, i: number, from = client) =>
      call(base, 'POST', '/oauth/token', {
        headers: { 'x-forwarded-for': from },
        // A name of its own each time: no lockout (ADR 0009) mixes in, only the rate limit.
        body: { grant_type: 'password', username: `nobody-${i}@example.vn`, password: 'wrong-password' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await attempt(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(401)); // failures split across A and B
    for (const [i, base] of [a, b, cluster.url, cluster.url].entries()) {
      const res = await attempt(base, LOGIN_LIMIT + i);
      expect(res.status, `attempt ${LOGIN_LIMIT + i + 1} through ${base}`).toBe(429);
      expect((res.json as { meta: { code: string } }).meta.code).toBe('rate_limited');
    }
    // Another client is not limited.
    expect((await attempt(cluster.url, 99, '192.0.2.1')).status).toBe(401);
  });

  it('killing node A under load: node B keeps serving, and no write that was answered 2xx is lost', async () => {
    const batches = await Promise.all(
      Array.from({ length: WRITERS }, () => buildBatch(database.db, { productId, events: ['planting'] })),
    );
    interface Write {
      marker: string;
      status: number; // 0: no answer (network error)
      node: string | null;
      startedAt: number;
      endedAt: number;
      error?: string;
    }
    const writes: Write[] = [];
    let stop = false; // the writers' loop
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const marker = `cluster-load ${w}-${n} ${randomBytes(3).toString('hex')}`;
        const startedAt = Date.now();
        const res = await call(cluster.url, 'POST', `/api/v1/traceabilities/${batches[w].id}/events`, {
          token: producer.token,
          body: eventBody('planting', { description: marker }),
        }).catch((err: Error) => ({
          status: 0,
          node: null,
          error: `${err.message} ${String((err.cause as Error)?.message ?? '')}`,
        }));
        writes.push({
          marker,
          status: res.status,
          node: res.node,
          startedAt,
          endedAt: Date.now(),
          error: 'error' in res ? res.error : undefined,
        });
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const ok = (from = 0, node?: string) =>
      writes.filter((x) => x.status === 201 && x.startedAt >= from && (!node || x.node === node)).length;

    // Steady load on both nodes, then A dies mid-load.
    await until(() => ok(0, 'a') >= 20 && ok(0, 'b') >= 20, 15_000, 'load on both nodes');
    const [nodeA] = cluster.nodes;
    const killedAt = Date.now();
    nodeA.child.kill('SIGKILL');
    await nodeA.exited;
    const deadAt = Date.now();
    // B alone under the same load for a while.
    await until(() => ok(deadAt) >= 60 && Date.now() - deadAt >= 1500, 15_000, 'writes after the kill').catch(
      async (err: Error) => {
        // What was going on: the writes since the kill, the database's sessions, the nodes' output.
        stop = true;
        const since = writes.filter((x) => x.endedAt >= killedAt);
        const activity = await database.db.execute(
          sql`select pid, state, wait_event_type, wait_event, (now() - xact_start)::text as xact, left(query, 80) as query
                from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        throw new Error(
          `${err.message}: ${ok(deadAt)} answered 201 since A died; ${writes.length} done, ` +
            `since the kill (writer-n, status, node, ms): ` +
            JSON.stringify(
              since.map((x) => [
                x.marker.split(' ')[1],
                x.status,
                x.node,
                x.startedAt - killedAt,
                x.endedAt - killedAt,
              ]),
            ) +
            `\npg_stat_activity: ${JSON.stringify(activity.rows)}\n${cluster.output().slice(-3000)}`,
        );
      },
    );
    stop = true;
    await Promise.all(writers);

    const failed = writes.filter((x) => x.status !== 201);
    const answered = writes.filter((x) => x.status === 201);
    const after = writes.filter((x) => x.startedAt >= deadAt);
    const stored = await database.db
      .select({ description: traceEvents.description })
      .from(traceEvents)
      .where(
        inArray(
          traceEvents.traceabilityId,
          batches.map((x) => x.id),
        ),
      );
    const counts = new Map<string, number>();
    for (const { description } of stored) counts.set(description ?? '', (counts.get(description ?? '') ?? 0) + 1);
    const summary =
      `${writes.length} writes, ${answered.length} answered 201, ${failed.length} failed ` +
      `(${failed.filter((f) => counts.has(f.marker)).length} of them stored all the same); node A dead ` +
      `${deadAt - killedAt} ms after its SIGKILL, then ${after.length} writes; failures (writer-n, status, ms from the kill): ` +
      (failed
        .map(
          (f) => `${f.marker.split(' ')[1]} ${f.status || f.error} +${f.startedAt - killedAt}..${f.endedAt - killedAt}`,
        )
        .join('; ') || 'none');
    console.log(`two-node kill: ${summary}`);

    // Only requests that reached node A before it was dead fail: HAProxy closes their client
    // connection (or answers 502) and never sends them again (A may have done the write); a
    // connection A refuses is tried on B. So no request started after A's death fails. A writer
    // has one request in flight at the SIGKILL; while the kernel tears A down (about 0.1 s, its
    // connections closed before its listening socket) the writer's next request may still be
    // accepted by A and fail too: at most two per writer.
    const perWriter = new Map<string, number>();
    for (const f of failed) {
      const w = f.marker.split(' ')[1].split('-')[0];
      perWriter.set(w, (perWriter.get(w) ?? 0) + 1);
      expect(f.startedAt, `${f.marker} failed though started after A was dead — ${summary}`).toBeLessThan(deadAt);
      expect([0, 502, 503, 504], summary).toContain(f.status);
    }
    expect(Math.max(0, ...perWriter.values()), summary).toBeLessThanOrEqual(2);
    // Once A is dead, every request succeeds, on B.
    expect(after.length, summary).toBeGreaterThanOrEqual(60);
    expect(
      after.filter((x) => x.status !== 201 || x.node !== 'b'),
      summary,
    ).toEqual([]);
    // Node A is gone for good; B answers directly too.
    await expect(fetch(`${a}/api/health`)).rejects.toThrow();
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);
    // Every write answered 2xx is in the database exactly once: none lost, none done twice.
    expect(
      answered.filter((x) => counts.get(x.marker) !== 1),
      `answered 201 but not stored exactly once — ${summary}`,
    ).toEqual([]);
    expect(failed.filter((x) => (counts.get(x.marker) ?? 0) > 1)).toEqual([]);
  }, 60_000);
});

interface Answer {
  status: number;
  /** The node that answered, as HAProxy names it (through HAProxy only). */
  node: string | null;
  text: string;
  json: unknown;
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      platform: 'dtrack',
      locale: 'vi',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (an HAProxy error page)
  }
  return { status: res.status, node: res.headers.get(NODE_HEADER), text, json };
}

const recallOf = (res: Answer) =>
  (res.json as { data?: { traceability?: { recall: unknown } } } | null)?.data?.traceability?.recall ?? null;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}
