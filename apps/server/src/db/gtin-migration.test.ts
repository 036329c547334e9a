import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { databaseBefore } from '../../test/migrations.js';
import { batchCodeByGtinLot } from '../modules/trace-public/product-lookup.js';

/**
 * Migration 0029 records on each published batch the GTIN its Digital Link carried and reserves it
 * (ADR 030). Checked on a database of the old shape where a link had already been taken over.
 */
let m: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  m = await databaseBefore('0029_gtin_printed_by_batch');
});
afterAll(() => m?.close());

const G = withCheckDigit('893604501001');
const H = withCheckDigit('893604501101');
const snap = (gtin: string | null) =>
  JSON.stringify({ name: 'x', gtin, unit: 'Kg', images: [], certificates: [], variants: [] });

describe('migration 0029: the GTIN each published batch printed', () => {
  it('gives a GTIN published by two producers to the first, and records it on that producer’s batches only', async () => {
    await m.before();
    const db = m.db;
    await db.execute(sql`INSERT INTO producers (id, platform, name, producer_type, status) VALUES
      (601, 'dtrack', 'HTX A', 'cooperative', 'approved'), (602, 'dtrack', 'Công ty B', 'company', 'approved'),
      (603, 'dtrack', 'Hộ C', 'household', 'approved')`);
    // A dropped G in an unreviewed edit (its approved version still has it); B then took G and was approved.
    await db.execute(sql`INSERT INTO products (id, platform, producer_id, name, unit, public_code, status, gtin, gtin14, gtin_verified, approved_at, approved_snapshot) VALUES
      (701, 'dtrack', 601, 'Chè A', 'Kg', 'P701', 'draft', NULL, NULL, false, now(), ${snap(G)}::jsonb),
      (702, 'dtrack', 602, 'Chè B', 'Kg', 'P702', 'approved', ${G}, ${`0${G}`}, true, now(), ${snap(G)}::jsonb),
      (703, 'dtrack', 603, 'Rau C', 'Kg', 'P703', 'approved', ${H}, ${`0${H}`}, false, now(), ${snap(H)}::jsonb)`);
    await db.execute(sql`INSERT INTO traceabilities (id, platform, producer_id, product_id, lot_code, public_code, production_date, quantity, unit, status, published_at) VALUES
      (801, 'dtrack', 601, 701, 'DT-LOT-001', 'T801', '2026-01-01', 10, 'Kg', 'published', '2026-01-02T00:00:00Z'),
      (802, 'dtrack', 602, 702, 'DT-LOT-001', 'T802', '2026-02-01', 10, 'Kg', 'published', '2026-02-02T00:00:00Z'),
      (803, 'dtrack', 602, 702, 'B-LOT-2', 'T803', '2026-02-01', 10, 'Kg', 'published', '2026-02-03T00:00:00Z'),
      (804, 'dtrack', 603, 703, 'C-LOT-1', 'T804', '2026-03-01', 10, 'Kg', 'published', '2026-03-02T00:00:00Z'),
      (805, 'dtrack', 603, 703, 'C-LOT-2', 'T805', '2026-03-01', 10, 'Kg', 'draft', NULL)`);

    await m.rest();

    expect(await m.rows(sql`SELECT platform, gtin14, producer_id FROM gtin_reservations ORDER BY gtin14`)).toEqual([
      { platform: 'dtrack', gtin14: `0${G}`, producer_id: 601 },
      { platform: 'dtrack', gtin14: `0${H}`, producer_id: 603 },
    ]);
    expect(await m.rows(sql`SELECT id, gtin14 FROM traceabilities ORDER BY id`)).toEqual([
      { id: 801, gtin14: `0${G}` },
      { id: 802, gtin14: null },
      { id: 803, gtin14: null },
      { id: 804, gtin14: `0${H}` },
      { id: 805, gtin14: null },
    ]);
    // B's product keeps the digits but owns G no more; C's is untouched.
    expect(await m.rows(sql`SELECT id, gtin, gtin14, gtin_verified FROM products ORDER BY id`)).toEqual([
      { id: 701, gtin: null, gtin14: null, gtin_verified: false },
      { id: 702, gtin: G, gtin14: null, gtin_verified: false },
      { id: 703, gtin: H, gtin14: `0${H}`, gtin_verified: false },
    ]);
    // A's printed link opens A's batch again; B's lot of its own never printed G.
    expect(await batchCodeByGtinLot(db, 'dtrack', G, 'DT-LOT-001')).toBe('T801');
    expect(await batchCodeByGtinLot(db, 'dtrack', G, 'B-LOT-2')).toBeNull();
    expect(await batchCodeByGtinLot(db, 'dtrack', H, 'C-LOT-1')).toBe('T804');
    expect(await batchCodeByGtinLot(db, 'dtrack', H, 'C-LOT-2')).toBeNull();
  });
});
