import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { type TestApp, createTestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { LOOKUP_SQL, entryOf, fetchRows, lookupRow } from './lookup.js';
import { loadEntry } from './public-docs.js';
import { headText } from './cache.js';
import { sql } from 'drizzle-orm';

/** The uncached lookup's database path: one query for the codes asked together (lookup.ts RowLoader). */
describe('lookupRow / loadEntry on the database', () => {
  let t: TestApp;
  let a: Built;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    a = await buildUser(t.db);
    productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
  });
  afterAll(() => t.close());

  it('answers codes asked at once each with its own batch; a draft or an unknown code finds nothing', async () => {
    const x = await publishedBatch(t, a, productId, ['planting', 'harvesting']);
    const y = await publishedBatch(t, a, productId, ['packing']);
    const draft = await createBatch(t, a, productId);
    const codes = [x.public_code, y.public_code, draft.public_code, 'NOSUCHCODE000001', x.public_code];
    const rows = await Promise.all(codes.map((c) => lookupRow(t.db, c)));
    expect(rows.map((r) => r?.public_code)).toEqual([
      x.public_code,
      y.public_code,
      undefined,
      undefined,
      x.public_code,
    ]);
    expect(rows[0]!.events.map((e) => e.step)).toEqual(['planting', 'harvesting']);
    expect(rows[1]!.events.map((e) => e.step)).toEqual(['packing']);
    const entries = await Promise.all([loadEntry(t.db, x.public_code), loadEntry(t.db, 'NOSUCHCODE000001')]);
    expect(entries[0]!.code).toBe(x.public_code);
    expect(entries[1]).toBeNull();
  });

  it('gives the same page as the warmer’s query of the same batch', async () => {
    const x = await publishedBatch(t, a, productId, ['planting', 'packing']);
    const one = await lookupRow(t.db, x.public_code);
    const [viaWarmer] = await fetchRows(t.db, sql`t.public_code = ${x.public_code}`);
    const { loadedAt: _a, ...direct } = entryOf(one!)!;
    const { loadedAt: _b, ...warmed } = entryOf(viaWarmer)!;
    expect(direct).toEqual(warmed);
    expect(headText(direct)).toContain('"published_at":"');
  });
});

/** A stand-in database whose client records each query (PGlite's query(text, params) shape). */
function fakeDb(answer: (codes: string[]) => Promise<{ rows: unknown[] }>) {
  const calls: string[][] = [];
  const db = {
    $client: {
      query: (text: string, params: [string[]]) => {
        expect(text).toBe(LOOKUP_SQL);
        calls.push(params[0]);
        return answer(params[0]);
      },
    },
  } as unknown as Db;
  return { db, calls };
}

describe('lookupRow batching', () => {
  it('reads the codes asked in the same turn with one query, each code once', async () => {
    const { db, calls } = fakeDb(async (codes) => ({ rows: codes.map((c) => ({ public_code: c })) }));
    const got = await Promise.all(['A', 'B', 'A', 'C'].map((c) => lookupRow(db, c)));
    expect(got.map((r) => r?.public_code)).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['A', 'B', 'C']]);
  });

  it('codes asked while the queries run wait for a free one and go together', async () => {
    const releases: (() => void)[] = [];
    const { db, calls } = fakeDb(
      (codes) =>
        new Promise((resolve) => releases.push(() => resolve({ rows: codes.map((c) => ({ public_code: c })) }))),
    );
    // Four queries may run at once: four turns of the event loop fill them.
    const first: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      first.push(lookupRow(db, `F${i}`));
      await new Promise((r) => setImmediate(r));
    }
    expect(calls.length).toBe(4);
    const later = ['L1', 'L2', 'L3'].map((c) => lookupRow(db, c));
    await new Promise((r) => setImmediate(r));
    expect(calls.length).toBe(4);
    releases[0]();
    await first[0];
    // The freed query's turn ends, then the waiting codes go in the next.
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    expect(calls.length).toBe(5);
    expect(calls[4]).toEqual(['L1', 'L2', 'L3']);
    for (const release of releases.slice(1)) release();
    expect((await Promise.all(later)).map((r) => (r as { public_code: string }).public_code)).toEqual([
      'L1',
      'L2',
      'L3',
    ]);
  });

  it('a failed query fails every lookup it carried, and the next ones query again', async () => {
    let fail = true;
    const { db, calls } = fakeDb(async (codes) => {
      if (fail) throw new Error('connection lost');
      return { rows: codes.map((c) => ({ public_code: c })) };
    });
    const failed = await Promise.allSettled([lookupRow(db, 'A'), lookupRow(db, 'B')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await lookupRow(db, 'A'))?.public_code).toBe('A');
    expect(calls).toEqual([['A', 'B'], ['A']]);
  });

  it('a code found by no row resolves to undefined', async () => {
    const { db } = fakeDb(async () => ({ rows: [] }));
    expect(await lookupRow(db, 'MISSING')).toBeUndefined();
  });
});
