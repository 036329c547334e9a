import { sql } from 'drizzle-orm';
import { PLATFORM_KEYS, todayInVietnam, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import { platformSettings, scanDays } from '../schema/index.js';

const DAY_MS = 86_400_000;

/** Each platform's public contact details (the footers of the public pages, mails); no analytics or chat id, ever. */
export const DEMO_CONTACT: Record<
  PlatformKey,
  { hotline: string; email: string; address: string; workingHours: string }
> = {
  dtrack: {
    hotline: '+84987654321',
    email: 'lienhe@dtrack.demo',
    address: 'Số 2 Ngọc Hà, phường Ba Đình, Hà Nội',
    workingHours: 'Thứ Hai – Thứ Sáu, 8:00–17:00; Thứ Bảy 8:00–11:30',
  },
  agrihub: {
    hotline: '+84912345678',
    email: 'hotro@agrihub.demo',
    address: 'Số 10 Nguyễn Văn Linh, phường Tân Thuận, Thành phố Hồ Chí Minh',
    workingHours: 'Thứ Hai – Thứ Sáu, 8:00–17:30',
  },
  foodmap: {
    hotline: '+84934567890',
    email: 'cskh@foodmap.demo',
    address: 'Số 5 Bạch Đằng, phường Hải Châu, Đà Nẵng',
    workingHours: 'Thứ Hai – Thứ Bảy, 7:30–17:00',
  },
};

/**
 * Demo settings (idempotent): each platform's contact details unless an administrator saved its
 * own, and, for the dashboard's chart, the demo batches' scans spread over the last 30 days in
 * Vietnam (a platform that already has scan days is left as it is).
 */
export async function seedSettings(db: Db, now = new Date()): Promise<void> {
  await db
    .insert(platformSettings)
    .values(PLATFORM_KEYS.map((platform) => ({ platform, ...DEMO_CONTACT[platform] })))
    .onConflictDoNothing();

  const totals = await db.execute<{ platform: string; scans: number }>(
    sql`select t.platform, sum(c.scans)::int as scans from traceabilities t join trace_scans c on c.traceability_id = t.id
        where c.scans > 0 and not exists (select 1 from scan_days s where s.platform = t.platform)
        group by t.platform`,
  );
  const today = Date.parse(`${todayInVietnam(now)}T00:00:00Z`);
  for (const { platform, scans } of totals.rows) {
    // More scans lately, a quieter weekend-like dip every seventh day; the days add up to the total.
    const weights = Array.from({ length: 30 }, (_, i) => (i + 5) * (i % 7 === 6 ? 0.4 : 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    const perDay = weights.map((w) => Math.floor((Number(scans) * w) / sum));
    perDay[29] += Number(scans) - perDay.reduce((a, b) => a + b, 0);
    await db
      .insert(scanDays)
      .values(
        perDay.map((n, i) => ({
          platform,
          day: new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10),
          scans: n,
        })),
      )
      .onConflictDoNothing();
  }
}
