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

/** Rows per status of the platform (one GROUP BY over the (platform, status) index), every status listed. */
async function countsByStatus<V extends string>(
  db: Db,
  table: typeof producers | typeof products,
  platform: PlatformKey,
  statuses: readonly V[],
): Promise<Record<V, number> & { total: number }> {
  const rows = await db
    .select({ status: table.status, n: count() })
    .from(table)
    .where(eq(table.platform, platform))
    .groupBy(table.status);
  const by = new Map<string, number>(rows.map((r) => [r.status, r.n]));
  const counts = Object.fromEntries(statuses.map((s) => [s, by.get(s) ?? 0])) as Record<V, number>;
  return { ...counts, total: rows.reduce((sum, r) => sum + r.n, 0) };
}

export function producerCounts(db: Db, platform: PlatformKey): Promise<NonNullable<AdminDashboard['producers']>> {
  return countsByStatus(db, producers, platform, APPROVAL_STATUSES);
}

export function productCounts(db: Db, platform: PlatformKey): Promise<NonNullable<AdminDashboard['products']>> {
  return countsByStatus(db, products, platform, PRODUCT_STATUSES);
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
