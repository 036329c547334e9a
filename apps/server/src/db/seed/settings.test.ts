import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { platformSettings, scanDays } from '../schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildBatch } from '../../../test/factories.js';
import { seedSettings } from './settings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo settings', () => {
  it("contact details on every platform, no analytics or chat id; an administrator's own kept; scans over 30 days, once", async () => {
    await t.db.insert(platformSettings).values({ platform: 'foodmap', hotline: '0281234567' });
    await buildBatch(t.db, { platform: 'dtrack', scans: 100 });
    await buildBatch(t.db, { platform: 'dtrack', scans: 23 });
    await seedSettings(t.db);
    await seedSettings(t.db);

    const rows = await t.db.select().from(platformSettings).orderBy(platformSettings.platform);
    expect(rows.map((r) => [r.platform, r.hotline])).toEqual([
      ['agrihub', '+84912345678'],
      ['dtrack', '+84987654321'],
      ['foodmap', '0281234567'],
    ]);
    expect(rows.every((r) => !r.gaMeasurementId && !r.facebookPage && !r.zaloOaId)).toBe(true);

    const days = await t.db.select().from(scanDays).where(eq(scanDays.platform, 'dtrack'));
    expect(days).toHaveLength(30);
    expect(days.reduce((s, d) => s + d.scans, 0)).toBe(123);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from scan_days where platform <> 'dtrack'`)
    ).rows;
    expect(Number(n)).toBe(0);
  });
});
