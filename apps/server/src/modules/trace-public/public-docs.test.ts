import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { producerPageRevs, tracePublicDocs } from '../../db/schema/index.js';
import { as, headers, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { entryOf, lookupRow } from './lookup.js';
import { DOC_FORMAT, loadEntry, storeDocs, validUntil } from './public-docs.js';
import { tellBatch } from './state.js';

const onPostgres = !!process.env.DATABASE_URL;

/** Stored public pages (ADR 028): built by a lookup, dropped by the writes that change them. */
let t: TestApp;
let a: Built;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
});
afterAll(() => t.close());

const lookup = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/traceabilities/${code}`, headers: headers('dtrack') });
const storedPage = async (code: string) =>
  (await t.db.select().from(tracePublicDocs).where(eq(tracePublicDocs.publicCode, code)))[0];
const revOf = async (producerId: number) =>
  (await t.db.select({ rev: producerPageRevs.rev }).from(producerPageRevs).where(eq(producerPageRevs.producerId, producerId)))[0]
    .rev;

describe('a stored public page', () => {
  it('is built by the first lookup and then answers it: the same page, from one row', async () => {
    const x = await publishedBatch(t, a, productId, ['planting'], {
      expiry_date: '2099-03-01',
      certificates: [{ name: 'VietGAP', issuer: 'QUACERT', number: 'VG-9', valid_until: '2098-12-31' }],
    });
    expect(await storedPage(x.public_code)).toBeUndefined();
    const first = await lookup(x.public_code);
    expect(first.statusCode).toBe(200);
    const page = await storedPage(x.public_code);
    expect(page).toMatchObject({
      kind: 'page',
      format: DOC_FORMAT,
      rev: await revOf(a.producerId!),
      // The day after the certificate's end: its "valid" changes then (the expiry comes later).
      validUntil: '2099-01-01',
    });
    // Cache off: the next lookup is answered from the stored row, marked here to be sure.
    t.app.traceCache.clear();
    await t.db
      .update(tracePublicDocs)
      .set({ head: sql`replace(${tracePublicDocs.head}, '"lot_code":"', '"lot_code":"STORED-')` })
      .where(eq(tracePublicDocs.publicCode, x.public_code));
    const again = json(await lookup(x.public_code)).data.traceability;
    expect(again.lot_code).toBe(`STORED-${x.lot_code}`);
    const { lot_code: _a, scan_count: _b, ...rest } = again;
    const { lot_code: _c, scan_count: _d, ...firstRest } = json(first).data.traceability;
    expect(rest).toEqual(firstRest);
  });

  it('goes with every write that changes it, inside its transaction; the next lookup shows the write', async () => {
    const x = await publishedBatch(t, a, productId);
    await lookup(x.public_code);
    const rev = await revOf(a.producerId!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/traceabilities/${x.id}/hold`,
      headers: as(a),
      payload: { reason: 'Chờ kết quả kiểm nghiệm' },
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPage(x.public_code)).toBeUndefined();
    expect(await revOf(a.producerId!)).toBeGreaterThan(rev);
    t.app.traceCache.clear();
    expect(json(await lookup(x.public_code)).data.traceability.hold).toMatchObject({ reason: 'Chờ kết quả kiểm nghiệm' });
    expect((await storedPage(x.public_code))?.head).toContain('Chờ kết quả kiểm nghiệm');
  });

  it('writes to many batches of one producer at once all succeed (no lock upgrade between them)', async () => {
    const batches = await Promise.all(Array.from({ length: 8 }, () => publishedBatch(t, a, productId)));
    const answers = await Promise.all(
      batches.map((b) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/traceabilities/${b.id}/hold`,
          headers: as(a),
          payload: { reason: 'Chờ kiểm nghiệm' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(batches.map(() => 200));
  });

  it('a build read before a write committed is not stored', async () => {
    const x = await publishedBatch(t, a, productId);
    const row = (await lookupRow(t.db, x.public_code))!;
    await t.db.transaction((tx) => tellBatch(t.app, tx, x.public_code));
    await storeDocs(t.db, [{ row, entry: entryOf(row) }], '2026-06-01');
    expect(await storedPage(x.public_code)).toBeUndefined();
    // Read again after the write: stored.
    const fresh = (await lookupRow(t.db, x.public_code))!;
    await storeDocs(t.db, [{ row: fresh, entry: entryOf(fresh) }], '2026-06-01');
    expect(await storedPage(x.public_code)).toBeDefined();
  });

  it.skipIf(!onPostgres)('a build stored while a write is still open waits for it, then stores nothing', async () => {
    const x = await publishedBatch(t, a, productId);
    const row = (await lookupRow(t.db, x.public_code))!;
    const other: Database = await openDatabase({ databaseUrl: t.database.url!, dataDir: null });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let told!: () => void;
      const tellDone = new Promise<void>((r) => (told = r));
      const write = other.db.transaction(async (tx) => {
        await tellBatch(t.app, tx, x.public_code);
        told();
        await held;
      });
      await tellDone;
      let stored = false;
      const store = storeDocs(t.db, [{ row, entry: entryOf(row) }], '2026-06-01').then(() => (stored = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(stored).toBe(false);
      release();
      await write;
      await store;
      expect(await storedPage(x.public_code)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('is built again once a date on it has passed or another release of the code built it', async () => {
    const x = await publishedBatch(t, a, productId);
    await lookup(x.public_code);
    // The stored page marked OLD-, then aged one way or the other: the lookup builds it again.
    for (const aged of [{ validUntil: '2020-01-01' }, { format: 'older' }]) {
      t.app.traceCache.clear();
      await t.db
        .update(tracePublicDocs)
        .set({ ...aged, head: sql`replace(${tracePublicDocs.head}, '"lot_code":"', '"lot_code":"OLD-')` })
        .where(eq(tracePublicDocs.publicCode, x.public_code));
      expect(json(await lookup(x.public_code)).data.traceability.lot_code).toBe(x.lot_code);
    }
    const page = await storedPage(x.public_code);
    expect(page?.format).toBe(DOC_FORMAT);
    expect(page?.head).not.toContain('OLD-');
  });

  it('remembers a page taken down (410) and one not public (404) the same way', async () => {
    const owner = await buildUser(t.db);
    const pid = (await buildProduct(t.db, { producerId: owner.producerId! })).id;
    const x = await publishedBatch(t, owner, pid);
    const setStatus = async (status: string) => {
      const admin = await buildUser(t.db, { roles: ['admin'] });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/producers/${owner.producerId}/status`,
        headers: as(admin),
        payload: { status, ...(status === 'closed' ? { reason: 'Ngừng hoạt động' } : {}) },
      });
      expect(res.statusCode).toBe(200);
    };
    await setStatus('closed');
    expect((await lookup(x.public_code)).statusCode).toBe(410);
    expect((await storedPage(x.public_code))?.kind).toBe('gone');
    t.app.traceCache.clear();
    expect((await lookup(x.public_code)).statusCode).toBe(410);
    expect(await loadEntry(t.db, 'NOSUCHCODE000002')).toBeNull();
    expect(await t.db.select().from(tracePublicDocs).where(eq(tracePublicDocs.publicCode, 'NOSUCHCODE000002'))).toEqual([]);
  });
});

describe('validUntil', () => {
  it('is the day after the first date ahead (expiry or certificate end), null when none lies ahead', () => {
    const cert = (valid_until: string | null) => ({ name: 'C', issuer: '', number: '', valid_until, file: null });
    expect(validUntil({ expiry_date: '2026-07-01', certificates: [cert('2026-12-31')] }, '2026-06-01')).toBe('2026-07-02');
    expect(validUntil({ expiry_date: '2026-05-01', certificates: [cert('2026-06-01')] }, '2026-06-01')).toBe('2026-06-02');
    expect(validUntil({ expiry_date: '2026-02-28', certificates: [] }, '2026-02-28')).toBe('2026-03-01');
    expect(validUntil({ expiry_date: '2026-05-01', certificates: [cert(null), cert('2020-01-01')] }, '2026-06-01')).toBeNull();
    expect(validUntil({ expiry_date: null, certificates: [] }, '2026-06-01')).toBeNull();
  });
});
