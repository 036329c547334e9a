import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, one row per key (e.g. how far the first-start demo seed got). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
