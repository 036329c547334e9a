import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * In-app notifications, one row per recipient, written by the domain-event subscribers
 * (modules/notifications). Title and body are rendered when read, in the reader's locale, from
 * `type` and `params` (names and the producer-visible reason only, never an internal note).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** Path in the web app the notification opens (`/products/12`). */
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_read_idx').on(t.userId, t.readAt, t.createdAt)],
);
