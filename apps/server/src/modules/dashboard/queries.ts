import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  APPROVAL_STATUSES,
  DASHBOARD_DAYS,
  PRODUCT_STATUSES,
  SERVICE_REQUEST_STATES,
  todayInVietnam,
  type AdminDashboard,
  type PlatformKey,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import {
  batchDays,
  clientMessages,
  producers,
  products,
  saleChannelReferences,
  scanDays,
  userRegisterServices,
} from '../../db/schema/index.js';
import { overdueSql } from '../service-requests/admin-queries.js';

/**
 * The admin dashboard's figures (DESIGN §5.5), each from one aggregate query on the platform's rows
 * (counts with FILTER clauses or GROUP BY over the platform's indexes): nothing is loaded row by row.
 */

/** `count(*) filter (where <column> = <value>)` for each value, and the total. */
function countsBy<V extends string>(column: Parameters<typeof eq>[0], values: readonly V[]) {
  const fields = Object.fromEntries(
    values.map((v) => [v, sql<number>`count(*) filter (where ${column} = ${v})`.mapWith(Number)]),
  ) as Record<V, ReturnType<typeof sql<number>>>;
  return { ...fields, total: count() };
}

export async function producerCounts(db: Db, platform: PlatformKey): Promise<NonNullable<AdminDashboard['producers']>> {
  const [row] = await db
    .select(countsBy(producers.status, APPROVAL_STATUSES))
    .from(producers)
    .where(eq(producers.platform, platform));
  return row;
}

export async function productCounts(db: Db, platform: PlatformKey): Promise<NonNullable<AdminDashboard['products']>> {
  const [row] = await db
    .select(countsBy(products.status, PRODUCT_STATUSES))
    .from(products)
    .where(eq(products.platform, platform));
  return row;
}

const DAY_MS = 86_400_000;

/** The `DASHBOARD_DAYS` Vietnamese days ending today, oldest first. */
export function dashboardDays(now: Date): string[] {
  const today = Date.parse(`${todayInVietnam(now)}T00:00:00Z`);
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(today - (DASHBOARD_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Batches published and public scans per day in Vietnam over the last DASHBOARD_DAYS days, every
 * day present: one statement joining a day series to the platform's per-day counts (batch_days,
 * kept by a trigger on traceabilities; scan_days, written by the scan flush) — 30 rows read
 * whatever the number of batches.
 */
export async function dailyFigures(
  db: Db,
  platform: PlatformKey,
  now: Date,
): Promise<NonNullable<AdminDashboard['daily']>> {
  const days = dashboardDays(now);
  const res = await db.execute<{ day: string; batches: number; scans: number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(b.published, 0)::int as batches, coalesce(s.scans, 0)::int as scans
    from (select ${days[0]}::date + i as day from generate_series(0, ${DASHBOARD_DAYS - 1}) as i) d
    left join ${batchDays} b on b.platform = ${platform} and b.day = d.day
    left join ${scanDays} s on s.platform = ${platform} and s.day = d.day
    order by d.day`);
  const series = res.rows.map((r) => ({
    date: String(r.day),
    batches_published: Number(r.batches),
    scans: Number(r.scans),
  }));
  return {
    days: series,
    batches_published: series.reduce((sum, d) => sum + d.batches_published, 0),
    scans: series.reduce((sum, d) => sum + d.scans, 0),
  };
}

/** Requests per step (every step listed, zeros included), with the open, overdue and locked ones: one grouped query. */
export async function serviceRequestFigures(
  db: Db,
  platform: PlatformKey,
  now: Date,
): Promise<NonNullable<AdminDashboard['service_requests']> & { awaiting_advice: number }> {
  const rows = await db
    .select({
      step: userRegisterServices.step,
      n: count(),
      overdue: sql<number>`count(*) filter (where ${overdueSql(now)})`.mapWith(Number),
      locked: sql<number>`count(*) filter (where ${isNotNull(userRegisterServices.lockedAt)})`.mapWith(Number),
    })
    .from(userRegisterServices)
    .where(eq(userRegisterServices.platform, platform))
    .groupBy(userRegisterServices.step);
  const byStep = new Map(rows.map((r) => [r.step, r]));
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    by_step: SERVICE_REQUEST_STATES.map((step) => ({ step, count: byStep.get(step)?.n ?? 0 })),
    open: sum((r) => (r.step === 'done' || r.step === 'cancelled' ? 0 : r.n)),
    overdue: sum((r) => r.overdue),
    locked: sum((r) => r.locked),
    awaiting_advice: byStep.get('advice')?.n ?? 0,
  };
}

/** Sale channel registrations waiting for a decision, the producers' own and the products'. */
export async function pendingSales(db: Db, platform: PlatformKey) {
  const [row] = await db
    .select({
      producer: sql<number>`count(*) filter (where ${saleChannelReferences.referenceableType} = 'producer')`.mapWith(
        Number,
      ),
      product: sql<number>`count(*) filter (where ${saleChannelReferences.referenceableType} = 'product')`.mapWith(
        Number,
      ),
    })
    .from(saleChannelReferences)
    .where(and(eq(saleChannelReferences.platform, platform), eq(saleChannelReferences.registerStatus, 'pending')));
  return row;
}

/** New leads (contact messages nobody has taken up yet). */
export async function newLeads(db: Db, platform: PlatformKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clientMessages)
    .where(and(eq(clientMessages.platform, platform), eq(clientMessages.status, 'pending')));
  return row.n;
}
