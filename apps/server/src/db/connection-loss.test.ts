import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLoss } from '../lib/pg-errors.js';
import { as, createTestApp, headers, type TestApp } from '../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../test/factories.js';
import { storedScans } from '../modules/trace-public/scans.js';
import { withDatabase } from '../../test/global-setup.js';

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

/**
 * Ends every connection of the app's database but `spare`'s, as `pg_terminate_backend` by an
 * administrator does.
 */
async function terminateBackends(spare?: number): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const res = await admin.query(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and pid <> $2`,
      [dbName, spare ?? 0],
    );
    return res.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The batch's stored scans, read by the test itself: just after a loss the pool may still hand out
 * a connection whose end it has not heard of (the app answers 503 there); the read is tried again.
 */
async function scansStored(): Promise<{ scans: number; sources: number }> {
  for (let i = 0; ; i++) {
    try {
      return await storedScans(t.db, batch.id);
    } catch (err) {
      if (!isConnectionLoss(err) || i >= 20) throw err;
      await sleep(100);
    }
  }
}

const listProducts = () => t.app.inject({ method: 'GET', url: '/api/v1/products', headers: as(a) });

/** A phone at `address` opens the batch's public page (each address a source of its own). */
const scanFrom = (address: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${batch.publicCode}`,
    headers: headers('dtrack'),
    remoteAddress: address,
  });

/** Waits until the app answers from the database again (the pool replaces its dead connections). */
async function untilAnswering() {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = (await listProducts()).statusCode;
    if (status !== 200) await sleep(100);
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
    await untilAnswering();
  });

  it('a request whose connection is ended under it answers 503 with a clear message, and the next ones 200', async () => {
    const holder = await holdTable('products', 'access exclusive');
    try {
      const pending = listProducts();
      await holder.untilSomeoneWaits();
      expect(await terminateBackends(holder.pid)).toBeGreaterThan(0);
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().meta).toEqual({
        code: 'database_unavailable',
        message: 'Hệ thống tạm mất kết nối tới cơ sở dữ liệu, vui lòng thử lại sau ít phút.',
      });
    } finally {
      await holder.release();
    }
    await untilAnswering();
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
    const before = await scansStored();
    const statuses: number[] = [];
    let scansCounted = 0;
    const scan = async (i: number) => {
      const res = await scanFrom(`10.88.${i}.1`);
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
      await t.app.scanBuffer.flush().catch(() => sleep(100));
    }
    const after = await scansStored();
    expect(after.scans - before.scans).toBe(scansCounted);
    // No connection was lost to the pool (a transaction whose BEGIN failed used to keep its own).
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('a flush whose connection is ended keeps its counts and the next one writes them, once', async () => {
    const before = await scansStored();
    // An administrator's session holds the table, so the flush waits on it, on a connection of
    // its own, when the database ends it: the loss always falls in the middle of the write (the
    // flush every second could otherwise write the counts before the loss).
    const holder = await holdTable('trace_scans', 'exclusive');
    try {
      for (let i = 1; i <= 4; i++) {
        expect((await scanFrom(`10.77.${i}.1`)).statusCode).toBe(200);
      }
      const flushing = t.app.scanBuffer.flush().then(
        () => 'written',
        (err: unknown) => (isConnectionLoss(err) ? 'connection lost' : String(err)),
      );
      await holder.untilSomeoneWaits();
      expect(await terminateBackends(holder.pid)).toBeGreaterThan(0);
      expect(await flushing).toBe('connection lost');
      expect(t.app.scanBuffer.pending(batch.id).count).toBe(4);
    } finally {
      await holder.release();
    }
    // The next flushes may meet other ended connections: the counts stay buffered until one works.
    for (let i = 0; i < 20 && t.app.scanBuffer.pending(batch.id).count > 0; i++) {
      await t.app.scanBuffer.flush().catch(() => sleep(100));
    }
    expect(t.app.scanBuffer.pending(batch.id).count).toBe(0);
    const after = await scansStored();
    expect(after.scans - before.scans).toBe(4);
  });
});

/**
 * An administrator's session of the app's database holding `table` in `mode` until released: the
 * app's statements on it wait, so a connection can be ended while one is in flight.
 */
async function holdTable(table: string, mode: 'exclusive' | 'access exclusive') {
  const client = new pg.Client({ connectionString: withDatabase(process.env.DATABASE_URL!, dbName) });
  await client.connect();
  const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  await client.query('begin');
  await client.query(`lock table ${table} in ${mode} mode`);
  return {
    pid,
    /** Waits until a connection of the app waits for a lock (on the held table). */
    async untilSomeoneWaits() {
      for (let i = 0; i < 100; i++) {
        const res = await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (res.rows[0].n > 0) return;
        await sleep(20);
      }
      throw new Error(`nothing waited on ${table}`);
    },
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}
