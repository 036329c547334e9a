import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations.js';

/**
 * Migration 0005 moves the batch history (trace_audits) into the shared activity log. Checked on a
 * database of the old shape: migrated up to 0004, filled with history rows, then migrated to the end.
 */
let m: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  m = await databaseBefore('0005_activity_log');
});
afterAll(() => m?.close());

const rowsOf = <T>(q: ReturnType<typeof sql>) => m.rows<T>(q);

describe('migration 0005: trace_audits → activity', () => {
  it('keeps every batch history row (same id, batch, actor, time, detail; reason as note)', async () => {
    await m.before();
    const db = m.db;
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

    await m.rest();

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
