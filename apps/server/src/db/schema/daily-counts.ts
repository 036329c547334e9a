import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Per platform and day in Vietnam (UTC+7), the counts the admin dashboard's 30-day chart reads
 * (DESIGN §5.5): a handful of rows per month instead of counting every batch or scan of the window.
 */

/**
 * Public trace scans, added by the scan buffer's flush (modules/trace-public/scans.ts) in the same
 * transaction as the batches' counts.
 */
export const scanDays = pgTable(
  'scan_days',
  {
    platform: text('platform').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scans: integer('scans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.platform, t.day], name: 'scan_days_pk' })],
);

/**
 * Batches published, by the day of their `published_at`: kept by a trigger on `traceabilities`
 * (migration 0020, function batch_days_count), so every way a batch is published, moved or deleted
 * — the API, seeds, imports — counts, in the same transaction.
 */
export const batchDays = pgTable(
  'batch_days',
  {
    platform: text('platform').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    published: integer('published').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.platform, t.day], name: 'batch_days_pk' })],
);
