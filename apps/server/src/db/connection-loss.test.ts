import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLoss } from '../lib/pg-errors.js';
import { as, createTestApp, headers, type TestApp } from '../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../test/factories.js';
import { storedScans } from '../modules/trace-public/scans.js';

/**
 * PostgreSQL ending the server's connections (a restart, a failover, an administrator): the
 * process keeps running, requests answer 503 rather than 500 while it happens, the pool reconnects
 * by itself, and buffered scan counts are written once the database answers again.
 */
const onPostgres = !!process.env.DATABASE_URL;

let t: TestApp;
let a: Built;
let batch: { id: number; publicCode: string };
let dbName: string;
/** What the pool reported as lost (the server's one-line warning, collected here instead of printed). */
const lost: Error[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({}, { onConnectionError: (err) => lost.push(err) });
  a = await buildUser(t.db);
  batch = await buildBatch(t.db);
  const res = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
  dbName = res.rows[0].name;
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

/** Ends every connection of the app's database, as `pg_terminate_backend` by an administrator does. */
async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const res = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    return res.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

const listProducts = () => t.app.inject({ method: 'GET', url: '/api/v1/products', headers: as(a) });

/** Waits until the app answers from the database again (the pool replaces its dead connections). */
async function untilAnswering() {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = (await listProducts()).statusCode;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe(200);
}

describe.skipIf(!onPostgres)('when PostgreSQL ends the connections', () => {
  it('answers 200 or 503 (never 500) under load, keeps running and recovers by itself', async () => {
    expect((await listProducts()).statusCode).toBe(200);
    const statuses: number[] = [];
    const load = Array.from({ length: 60 }, async (_, i) => {
      if (i === 20) await terminateBackends();
      statuses.push((await listProducts()).statusCode);
    });
    await Promise.all(load);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(await terminateBackends()).toBeGreaterThanOrEqual(0);

    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await listProducts()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });

  it('a request on a connection ended under it answers 503 with a clear message', async () => {
    await listProducts(); // the pool holds idle connections
    await terminateBackends();
    const seen = new Set<number>();
    for (let i = 0; i < 5; i++) seen.add((await listProducts()).statusCode);
    expect([...seen].every((s) => s === 200 || s === 503)).toBe(true);
    expect(seen.has(200)).toBe(true);
  });

  it('a transaction whose connection is ended between two statements fails as a connection loss, and the process lives on', async () => {
    // Unhandled, the checked-out connection's 'error' event would end the test process (Vitest
    // reports it and fails the run).
    const outcome = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateBackends();
        await new Promise((r) => setTimeout(r, 200)); // the connection's end reaches the client
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (err: unknown) => (isConnectionLoss(err) ? 'connection lost' : String(err)),
      );
    expect(outcome).toBe('connection lost');
    await untilAnswering();
  });

  it('mid-load (reads, transactions, public scans): only 200 or 503, no crash, and every counted scan is stored once the database answers', async () => {
    const before = await storedScans(t.db, batch.id);
    const statuses: number[] = [];
    let scansCounted = 0;
    const scan = async (i: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/client/traceabilities/${batch.publicCode}`,
        headers: headers('dtrack'),
        remoteAddress: `10.88.${i}.1`, // a source of its own: counted once each
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) scansCounted++;
    };
    const transaction = () =>
      t.db
        .transaction(async (tx) => {
          await tx.execute(sql`select count(*) from traceabilities`);
          await new Promise((r) => setTimeout(r, 20));
          await tx.execute(sql`select count(*) from products`);
        })
        .catch((err: unknown) => {
          if (!isConnectionLoss(err)) throw err;
        });
    const load = Array.from({ length: 90 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 3));
      if (i === 30 || i === 60) await terminateBackends();
      if (i % 3 === 0) await scan(i);
      else if (i % 3 === 1) statuses.push((await listProducts()).statusCode);
      else await transaction();
    });
    // The flusher runs meanwhile too (every second): it may meet dead connections as well.
    await Promise.all(load);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(scansCounted).toBeGreaterThan(0);

    await untilAnswering();
    for (let i = 0; i < 20 && t.app.scanBuffer.pending(batch.id).count > 0; i++) {
      await t.app.scanBuffer.flush().catch(() => new Promise((r) => setTimeout(r, 100)));
    }
    const after = await storedScans(t.db, batch.id);
    expect(after.scans - before.scans).toBe(scansCounted);
    // No connection was lost to the pool (a transaction whose BEGIN failed used to keep its own).
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('keeps buffered scan counts through the loss and writes them once the database answers', async () => {
    const before = await storedScans(t.db, batch.id);
    for (let i = 1; i <= 4; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/client/traceabilities/${batch.publicCode}`,
        headers: headers('dtrack'),
        remoteAddress: `10.77.${i}.1`,
      });
      expect(res.statusCode).toBe(200);
    }
    await terminateBackends();
    // The first flush may meet a dead connection: the counts stay buffered for the next one.
    for (let i = 0; i < 20; i++) {
      try {
        await t.app.scanBuffer.flush();
        if (t.app.scanBuffer.pending(batch.id).count === 0) break;
      } catch {
        // kept for the next flush
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await storedScans(t.db, batch.id);
    expect(after.scans - before.scans).toBe(4);
  });
});
