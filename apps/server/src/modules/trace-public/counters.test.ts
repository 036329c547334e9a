import { and, eq, sql } from 'drizzle-orm';
import { todayInVietnam } from '@agrihub/contract';
import { deletedBatchIds, scanDays, traceScans, traceabilities } from '../../db/schema/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, headers, json, noticesApplied, type TestApp } from '../../../test/helper.js';
import { openDatabase, type Database } from '../../db/client.js';
import { buildBatch, buildProduct, buildUser, scannedBatch, type Built } from '../../../test/factories.js';
import { publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { TraceCache, type TraceEntry } from './cache.js';
import { LOOKUP_MISS_COST, LookupLimiter, lookupClientOf } from './lookup-limit.js';
import {
  SCAN_DEDUP_MAX,
  SCAN_DEDUP_WINDOW_MS,
  SOURCE_KEYS_KEPT,
  ScanBuffer,
  sourceKeyOf,
  storedScans,
  storedSourceKeys,
} from './scans.js';

const onPostgres = !!process.env.DATABASE_URL;

/** The public lookup budget of this file's app: small, so a test reaches it in a few requests. */
const BUDGET = 30;

let t: TestApp;
let a: Built;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN: String(BUDGET) });
  a = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
});
afterAll(() => t.close());

let net = 0;
/** A client of its own (another /24), so tests do not share a budget or a scan window. */
const freshIp = () => `10.${++net}.0.1`;

const lookup = (code: string, ip: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${code}`,
    headers: headers('dtrack'),
    remoteAddress: ip,
  });
const unknownCode = () => `NOSUCH${Math.random().toString(36).slice(2, 12).toUpperCase()}`;

describe('scan counting per client', () => {
  it('a loop of lookups from one client counts one scan per batch per window and raises no warning', async () => {
    const x = await publishedBatch(t, a, productId, ['planting'], { quantity: 3 });
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const d = json(await lookup(x.public_code, i % 2 ? ip : ip.replace(/1$/, '200'))).data.traceability;
      expect(d.scan_count).toBe(1);
      expect(d.duplicate_warning).toBeNull();
    }
    await t.app.scanBuffer.flush();
    const row = await storedScans(t.db, x.id);
    expect(row.scans).toBe(1);
    expect(await storedSourceKeys(t.db, x.id)).toHaveLength(1);
    // Real scans from other places still count, and more of them than units still warn.
    for (let i = 0; i < 3; i++) await lookup(x.public_code, freshIp());
    expect(json(await lookup(x.public_code, ip)).data.traceability).toMatchObject({
      scan_count: 4,
      duplicate_warning: { reason: 'more_scans_than_units' },
    });
  });

  it('the same client counts again once the window is over', () => {
    const scans = t.app.scanBuffer;
    const now = Date.now();
    const ip = freshIp();
    expect(scans.record({ id: 999_001, code: 'WINDOWTEST01', platform: 'dtrack' }, ip, now)).toBe(true);
    expect(
      scans.record({ id: 999_001, code: 'WINDOWTEST01', platform: 'dtrack' }, ip, now + SCAN_DEDUP_WINDOW_MS - 1),
    ).toBe(false);
    expect(scans.record({ id: 999_002, code: 'WINDOWTEST02', platform: 'dtrack' }, ip, now + 1)).toBe(true);
    expect(
      scans.record({ id: 999_001, code: 'WINDOWTEST01', platform: 'dtrack' }, ip, now + SCAN_DEDUP_WINDOW_MS),
    ).toBe(true);
    expect(scans.pending(999_001)).toEqual({ count: 2, sources: 1 });
  });

  it('each place has its own window on a batch scanned from several; the memory keeps the most recent pairs', () => {
    // A buffer of its own (never flushed): its memory of counted pairs is what is tested.
    const scans = new ScanBuffer(t.db, new TraceCache({ maxEntries: 0 }));
    const batch = (id: number) => ({ id, code: `PAIRS${id}`, platform: 'dtrack' });
    const now = Date.now();
    const [p, q, r] = ['10.200.1.1', '10.200.2.1', '10.200.3.1'];
    const W = SCAN_DEDUP_WINDOW_MS;
    expect([p, r].map((ip) => scans.record(batch(1), ip, now))).toEqual([true, true]);
    expect([p, q, r].map((ip) => scans.record(batch(1), ip, now + 1000))).toEqual([false, true, false]);
    expect([p, q, r].map((ip) => scans.record(batch(1), ip, now + W - 1))).toEqual([false, false, false]);
    // p's and r's windows are over, q's (opened a second later) is not.
    expect([p, q, r].map((ip) => scans.record(batch(1), ip, now + W))).toEqual([true, false, true]);
    expect([p, q, r].map((ip) => scans.record(batch(1), ip, now + W + 1000))).toEqual([false, true, false]);
    expect(scans.pending(1)).toEqual({ count: 6, sources: 3 });
    // Past the bound of pairs, the least recently counted batches are forgotten first.
    const t0 = now + 2 * SCAN_DEDUP_WINDOW_MS;
    for (let id = 10; id < 10 + SCAN_DEDUP_MAX + 1; id++) void scans.record(batch(id), p, t0);
    expect(scans.record(batch(10), p, t0 + 1)).toBe(true);
    expect(scans.record(batch(9 + SCAN_DEDUP_MAX), p, t0 + 1)).toBe(false);
  });

  it('the stored count of distinct sources grows only with a source new to the batch, flush after flush', async () => {
    const x = await buildBatch(t.db, { productId });
    const scans = t.app.scanBuffer;
    const [p, q] = [freshIp(), freshIp()];
    const now = Date.now();
    expect(scans.record(scannedBatch(x), p, now)).toBe(true);
    await scans.flush();
    expect(await storedScans(t.db, x.id)).toEqual({ scans: 1, sources: 1 });
    // The same place again after its window, and a new place: two scans, one new source.
    expect(scans.record(scannedBatch(x), p, now + SCAN_DEDUP_WINDOW_MS)).toBe(true);
    expect(scans.record(scannedBatch(x), q, now + SCAN_DEDUP_WINDOW_MS)).toBe(true);
    await scans.flush();
    expect(await storedScans(t.db, x.id)).toEqual({ scans: 3, sources: 2 });
    expect(await storedSourceKeys(t.db, x.id)).toEqual([sourceKeyOf(p), sourceKeyOf(q)].sort());
    // A batch that no longer exists when the flush runs is skipped; the others are written, and
    // only they count in the platform's scans of the day.
    const y = await buildBatch(t.db, { productId });
    const today = async () =>
      (
        await t.db
          .select()
          .from(scanDays)
          .where(and(eq(scanDays.platform, 'dtrack'), eq(scanDays.day, todayInVietnam())))
      )[0]?.scans ?? 0;
    const gone = await buildBatch(t.db, { productId });
    const before = await today();
    expect(scans.record(scannedBatch(gone), p, now)).toBe(true);
    expect(scans.record(scannedBatch(y), p, now)).toBe(true);
    await t.db.delete(traceabilities).where(eq(traceabilities.id, gone.id));
    await scans.flush();
    expect(await storedScans(t.db, y.id)).toEqual({ scans: 1, sources: 1 });
    expect(await storedScans(t.db, gone.id)).toEqual({ scans: 0, sources: 0 });
    expect(await today()).toBe(before + 1);
  });

  it('a batch keeps 21 of its distinct sources (one past the warning) and still warns after a restart', async () => {
    const x = await buildBatch(t.db, { productId, quantity: 1_000 });
    const scans = t.app.scanBuffer;
    const now = Date.now();
    for (let i = 0; i < 15; i++) await scans.record(scannedBatch(x), freshIp(), now);
    await scans.flush();
    for (let i = 0; i < 15; i++) await scans.record(scannedBatch(x), freshIp(), now);
    await scans.flush();
    expect(await storedScans(t.db, x.id)).toEqual({ scans: 30, sources: SOURCE_KEYS_KEPT });
    expect(await storedSourceKeys(t.db, x.id)).toHaveLength(SOURCE_KEYS_KEPT);
    t.app.traceCache.clear();
    expect(json(await lookup(x.publicCode, freshIp())).data.traceability.duplicate_warning).toEqual({
      reason: 'many_places',
    });
  });

  it("a deleted batch's scans go with it, and a scan buffered for a batch deleted before the flush is dropped", async () => {
    const scans = t.app.scanBuffer;
    const [kept, gone, goneBeforeFlush] = await Promise.all([1, 2, 3].map(() => buildBatch(t.db, { productId })));
    for (const b of [kept, gone]) expect(scans.record(scannedBatch(b), freshIp())).toBe(true);
    await scans.flush();
    expect((await storedScans(t.db, gone.id)).scans).toBe(1);
    await t.db.delete(traceabilities).where(eq(traceabilities.id, gone.id));
    const left = await t.db
      .select({ id: traceScans.traceabilityId })
      .from(traceScans)
      .where(eq(traceScans.traceabilityId, gone.id));
    expect(left).toEqual([]);
    expect(scans.record(scannedBatch(goneBeforeFlush), freshIp())).toBe(true);
    await t.db.delete(traceabilities).where(eq(traceabilities.id, goneBeforeFlush.id));
    await scans.flush();
    expect(await storedScans(t.db, goneBeforeFlush.id)).toEqual({ scans: 0, sources: 0 });
    expect((await storedScans(t.db, kept.id)).scans).toBe(1);
  });

  it('the ids of deleted batches the flush skips are kept for a day, then forgotten by a later deletion', async () => {
    const [old, recent] = await Promise.all([1, 2].map(() => buildBatch(t.db, { productId })));
    await t.db.delete(traceabilities).where(eq(traceabilities.id, old.id));
    await t.db
      .update(deletedBatchIds)
      .set({ deletedAt: sql`now() - interval '25 hours'` })
      .where(eq(deletedBatchIds.id, old.id));
    await t.db.delete(traceabilities).where(eq(traceabilities.id, recent.id));
    const ids = (await t.db.select({ id: deletedBatchIds.id }).from(deletedBatchIds)).map((r) => r.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
  });

  // The flush held on the batch's row (a row lock of another connection) while a lookup reads the
  // count from before it and caches the entry: once the flush commits, the entry takes the stored count.
  it.skipIf(!onPostgres)('an entry cached while the flush writes its scans shows every scan afterwards', async () => {
    const x = await publishedBatch(t, a, productId, ['planting'], { quantity: 100 });
    await noticesApplied(t);
    const batch = { id: x.id, code: x.public_code, platform: 'dtrack' };
    expect(t.app.scanBuffer.record(batch, freshIp())).toBe(true);
    await t.app.scanBuffer.flush();
    t.app.traceCache.invalidate(x.public_code);
    const other: Database = await openDatabase({ databaseUrl: t.database.url!, dataDir: null });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const lock = other.db.transaction(async (tx) => {
        await tx.select().from(traceScans).where(eq(traceScans.traceabilityId, x.id)).for('update');
        locked();
        await held;
      });
      await isLocked;
      const q = freshIp();
      expect(t.app.scanBuffer.record(batch, freshIp())).toBe(true);
      const flushing = t.app.scanBuffer.flush();
      // Stored 1 (the flush waits on the lock), buffered 1 in flight, and q's: 3.
      expect(json(await lookup(x.public_code, q)).data.traceability.scan_count).toBe(3);
      expect(t.app.traceCache.peek(x.public_code)?.scanBase).toBe(1);
      release();
      await lock;
      await flushing;
      expect(t.app.traceCache.peek(x.public_code)?.scanBase).toBe(2);
      expect(json(await lookup(x.public_code, q)).data.traceability.scan_count).toBe(3);
      await t.app.scanBuffer.flush();
      expect((await storedScans(t.db, x.id)).scans).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('app.close() writes the scans still buffered', async () => {
    const other = await createTestApp();
    try {
      const x = await buildBatch(other.db);
      for (const ip of ['192.0.2.1', '198.51.100.1', '203.0.113.1'])
        await other.app.inject({
          method: 'GET',
          url: `/api/v1/client/traceabilities/${x.publicCode}`,
          headers: headers('dtrack'),
          remoteAddress: ip,
        });
      await other.app.close();
      const row = await storedScans(other.db, x.id);
      expect(row.scans).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe('public lookup rate limit', () => {
  // A fresh window for each test: a window ending halfway through one would reset its count.
  beforeEach(() => t.app.lookupLimiter.reset());

  it(`a client gets ${BUDGET} lookups a minute, then 429 with Retry-After and a message (vi/en); others go on`, async () => {
    const x = await publishedBatch(t, a, productId);
    const ip = freshIp();
    for (let i = 0; i < BUDGET; i++) expect((await lookup(x.public_code, ip)).statusCode).toBe(200);
    const res = await lookup(x.public_code, ip);
    expect(res.statusCode).toBe(429);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(json(res).meta).toEqual({
      code: 'lookup_rate_limited',
      message: `Bạn tra cứu quá nhiều lần, vui lòng thử lại sau ${retry} giây.`,
    });
    // The budget is the client's, whatever the platform (DTrack speaks only Vietnamese).
    const en = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/client/traceabilities/${x.public_code}`,
        headers: headers('agrihub', undefined, 'en'),
        remoteAddress: ip,
      }),
    ).meta.message;
    expect(en).toMatch(/^Too many lookups, please try again in \d+ seconds\.$/);
    // Another address of the same network is another client.
    expect((await lookup(x.public_code, ip.replace(/1$/, '2'))).statusCode).toBe(200);
  });

  it(`a lookup that finds nothing costs ${LOOKUP_MISS_COST}: a flood of unknown codes is cut short`, async () => {
    const x = await publishedBatch(t, a, productId);
    const ip = freshIp();
    const misses = Math.ceil(BUDGET / LOOKUP_MISS_COST);
    for (let i = 0; i < misses; i++) expect((await lookup(unknownCode(), ip)).statusCode).toBe(404);
    expect((await lookup(x.public_code, ip)).statusCode).toBe(429);
    // A code that cannot be a public code is refused before any read (422), for 1.
    const other = freshIp();
    for (let i = 0; i < BUDGET; i++) expect((await lookup('bad-code!', other)).statusCode).toBe(422);
    expect((await lookup('bad-code!', other)).statusCode).toBe(429);
  });

  it('the product page and the GS1 Digital Links share the budget, misses counting more', async () => {
    const misses = Math.ceil(BUDGET / LOOKUP_MISS_COST);
    const cases: [string, () => string][] = [
      ['product page', () => `/api/v1/client/products/${unknownCode()}`],
      ['Digital Link with a lot', () => `/01/08936000000011/10/NOLOT${net}${Math.random().toString(36).slice(2, 8)}`],
      ['product Digital Link', () => '/01/08936000000028'],
    ];
    for (const [name, url] of cases) {
      const ip = freshIp();
      for (let i = 0; i < misses; i++) {
        const res = await t.app.inject({ method: 'GET', url: url(), headers: headers('dtrack'), remoteAddress: ip });
        expect(res.statusCode, name).toBe(404);
      }
      const res = await t.app.inject({ method: 'GET', url: url(), headers: headers('dtrack'), remoteAddress: ip });
      expect(res.statusCode, name).toBe(429);
      expect(res.headers['retry-after'], name).toBeDefined();
    }
  });

  it('counts per IPv4 address and per IPv6 /64, in a fixed window', () => {
    expect(lookupClientOf('192.0.2.1')).toBe('192.0.2.1');
    expect(lookupClientOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(lookupClientOf('2001:db8:1:2::1')).toBe(lookupClientOf('2001:db8:1:2:ffff:1:2:3'));
    expect(lookupClientOf('2001:db8:1:2::1')).not.toBe(lookupClientOf('2001:db8:1:3::1'));
    const limiter = new LookupLimiter(3, 60_000);
    const now = 1_000_000;
    expect([1, 2, 3, 4].map((i) => limiter.charge('192.0.2.9', 1, now + i))).toEqual([0, 0, 0, 60]);
    // The window opened with the first charge (now + 1).
    expect(limiter.charge('192.0.2.9', 1, now + 60_000)).toBe(1);
    expect(limiter.charge('192.0.2.9', 1, now + 60_001)).toBe(0);
    expect(new LookupLimiter(0).charge('192.0.2.9', 1_000_000)).toBe(0);
  });
});

describe('unknown codes stay cheap', () => {
  it('a flood of random codes neither evicts cached batches nor reaches the database twice for one code', async () => {
    const x = await publishedBatch(t, a, productId);
    const cache = t.app.traceCache;
    // The publish's own notice, heard after the lookup below, would drop x (PostgreSQL); and with
    // only x cached, the warmer's reload of the earlier tests' entries (once 30 s old) cannot push
    // it out of a cache capped at 5. Neither is what this test is about.
    await noticesApplied(t);
    cache.clear();
    expect((await lookup(x.public_code, freshIp())).statusCode).toBe(200);
    const cap = cache.maxEntries;
    cache.maxEntries = 5;
    try {
      for (let i = 0; i < 20; i++) expect((await lookup(unknownCode(), freshIp())).statusCode).toBe(404);
      expect(cache.peek(x.public_code)?.id).toBe(x.id);
    } finally {
      cache.maxEntries = cap;
    }
    const code = unknownCode();
    expect((await lookup(code, freshIp())).statusCode).toBe(404);
    expect(cache.hit(code)).toBeNull();
  });

  /** A cache entry of batch `id` for the cache's current day. */
  const entryOf = (cache: TraceCache, code: string, id: number): TraceEntry => ({
    id,
    code,
    platform: 'dtrack',
    productId: 1,
    producerId: 1,
    quantity: 1,
    head: Buffer.alloc(0),
    scanBase: 0,
    sourceCount: 0,
    day: cache.currentDay(),
    loadedAt: Date.now(),
  });

  it('the negative cache is a bounded LRU of its own', () => {
    const cache = new TraceCache({ maxEntries: 2, maxMisses: 3 });
    const entry = (code: string, id: number) => entryOf(cache, code, id);
    const started = cache.beginLoad();
    cache.store('REAL1', entry('REAL1', 1), started);
    cache.store('REAL2', entry('REAL2', 2), started);
    for (let i = 0; i < 10; i++) cache.store(`MISS${i}`, { missing: true, loadedAt: Date.now() }, started);
    expect(cache.hit('REAL1')?.id).toBe(1);
    expect(cache.hit('REAL2')?.id).toBe(2);
    expect(cache.missCount).toBe(3);
    expect(cache.hit('MISS9')).toBeNull();
    expect(cache.hit('MISS0')).toBeUndefined();
    // Publishing a code that was a miss shows it at once.
    cache.invalidate('MISS9');
    expect(cache.hit('MISS9')).toBeUndefined();
  });

  it('concurrent misses of one code share one load; a failed load is not remembered and the next one retries', async () => {
    const cache = new TraceCache({ maxEntries: 2 });
    let loads = 0;
    let fail = true;
    const load = async (code: string) => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('connection lost');
      return entryOf(cache, code, 7);
    };
    const both = await Promise.allSettled([cache.get('B7', load), cache.get('B7', load)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    fail = false;
    expect((await cache.get('B7', load))?.id).toBe(7);
    expect(loads).toBe(2);
    expect(cache.peek('B7')?.id).toBe(7);
  });

  it('a full cache admits a batch on its second load: a code asked once cannot push out a popular one', async () => {
    const cache = new TraceCache({ maxEntries: 2 });
    const entry = (code: string) => entryOf(cache, code, Number(code.slice(1)));
    let loads = 0;
    const load = async (code: string) => {
      loads++;
      return entry(code);
    };
    // Not full yet: every load stays.
    await cache.get('B1', load);
    await cache.get('B2', load);
    expect([cache.peek('B1')?.id, cache.peek('B2')?.id]).toEqual([1, 2]);
    // Full: a code of the long tail is answered but not kept, the popular ones stay.
    await cache.get('B3', load);
    expect(cache.peek('B3')).toBeUndefined();
    expect([cache.peek('B1')?.id, cache.peek('B2')?.id]).toEqual([1, 2]);
    // Asked again: now it takes the place of the least recently used.
    await cache.get('B3', load);
    expect(cache.peek('B3')?.id).toBe(3);
    expect(cache.size).toBe(2);
    expect(loads).toBe(4);
  });
});
