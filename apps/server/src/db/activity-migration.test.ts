import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from './client.js';
import { withDatabase } from '../../test/global-setup.js';

/**
 * Migration 0005 moves the batch history (trace_audits) into the shared activity log. Checked on a
 * database of the old shape: migrated up to 0004, filled with history rows, then migrated to the end.
 */
const ACTIVITY_MIGRATION = '0005_activity_log';

let database: Database;
let oldDir: string;
let dbName: string | null = null;
const baseUrl = process.env.DATABASE_URL;

const migrateFrom = (folder: string) =>
  database.kind === 'postgres'
    ? migratePg(database.db, { migrationsFolder: folder })
    : migratePglite(database.db as never, { migrationsFolder: folder });

beforeAll(async () => {
  // The migrations folder as it was before the activity log: without 0005 and later.
  oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-old-migrations-'));
  fs.mkdirSync(path.join(oldDir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === ACTIVITY_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  const kept = journal.entries.slice(0, cut);
  fs.writeFileSync(path.join(oldDir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(oldDir, `${e.tag}.sql`));

  if (baseUrl) {
    dbName = `agrihub_migtest_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(baseUrl, dbName), dataDir: null });
  } else {
    database = await openDatabase({ dataDir: null });
  }
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(oldDir, { recursive: true, force: true });
  if (dbName && baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

const rowsOf = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];

describe('migration 0005: trace_audits → activity', () => {
  it('keeps every batch history row (same id, batch, actor, time, detail; reason as note)', async () => {
    await migrateFrom(oldDir);
    const db = database.db;
    await db.execute(sql`INSERT INTO users (id, platform, email, name, password_hash)
      VALUES (501, 'agrihub', 'a@example.vn', 'Nguyễn Văn A', 'x'), (502, 'dtrack', 'b@example.vn', 'Trần Thị B', 'x')`);
    await db.execute(sql`INSERT INTO producers (id, platform, name, producer_type)
      VALUES (601, 'agrihub', 'HTX Mộc Châu', 'cooperative'), (602, 'dtrack', 'Cơ sở Đắk Lắk', 'household')`);
    await db.execute(sql`INSERT INTO products (id, platform, producer_id, name, unit, public_code)
      VALUES (701, 'agrihub', 601, 'Chè Shan Tuyết', 'kg', 'P701'), (702, 'dtrack', 602, 'Cà phê', 'kg', 'P702')`);
    await db.execute(sql`INSERT INTO traceabilities (id, platform, producer_id, product_id, lot_code, public_code, production_date, quantity, unit)
      VALUES (801, 'agrihub', 601, 701, 'LOT-1', 'T801', '2026-01-01', 10, 'kg'),
             (802, 'dtrack', 602, 702, 'LOT-2', 'T802', '2026-02-01', 20, 'kg')`);
    await db.execute(sql`INSERT INTO trace_audits (id, traceability_id, user_id, action, detail, created_at) VALUES
      (11, 801, 501, 'create', '{"lot_code":"LOT-1"}', '2026-01-01T01:00:00Z'),
      (12, 801, 501, 'update', '{"fields":["quantity","certificates"]}', '2026-01-02T02:00:00Z'),
      (13, 801, NULL, 'publish', '{}', '2026-01-03T03:00:00Z'),
      (14, 802, 502, 'recall', '{"reason":"Lô hàng lỗi đóng gói"}', '2026-02-04T04:00:00Z'),
      (15, 802, 502, 'event_reorder', '{"from":[3,1],"to":[1,3]}', '2026-02-05T05:00:00Z')`);
    const before = await rowsOf<{
      id: number;
      traceability_id: number;
      user_id: number | null;
      action: string;
      detail: unknown;
      created_at: string;
    }>(
      sql`SELECT id, traceability_id, user_id, action, detail, created_at::text AS created_at FROM trace_audits ORDER BY id`,
    );
    expect(before).toHaveLength(5);

    await migrateFrom(MIGRATIONS_DIR);

    const after = await rowsOf<{
      id: number;
      subject_type: string;
      subject_id: number;
      platform: string;
      actor_id: number | null;
      action: string;
      note: string | null;
      internal: boolean;
      diff: unknown;
      created_at: string;
    }>(
      sql`SELECT id, subject_type, subject_id, platform, actor_id, action, note, internal, diff, created_at::text AS created_at FROM activity ORDER BY id`,
    );
    expect(after).toHaveLength(before.length);
    for (const [i, old] of before.entries()) {
      expect(after[i]).toEqual({
        id: old.id,
        subject_type: 'traceability',
        subject_id: old.traceability_id,
        platform: old.traceability_id === 801 ? 'agrihub' : 'dtrack',
        actor_id: old.user_id,
        action: old.action,
        note: old.action === 'recall' ? 'Lô hàng lỗi đóng gói' : null,
        internal: false,
        diff: old.detail,
        created_at: old.created_at,
      });
    }
    const [{ exists }] = await rowsOf<{ exists: string | null }>(
      sql`SELECT to_regclass('trace_audits')::text AS exists`,
    );
    expect(exists).toBeNull();

    // New rows take ids after the copied ones.
    const [next] = await rowsOf<{ id: number }>(
      sql`INSERT INTO activity (subject_type, subject_id, platform, action) VALUES ('product', 701, 'agrihub', 'submit') RETURNING id`,
    );
    expect(next.id).toBe(16);
  });
});
