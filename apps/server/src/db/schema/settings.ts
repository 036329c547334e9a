import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@agrihub/contract/settings';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's own settings (/general-setting, DESIGN §5.5): the notification switches per kind and
 * channel (contract settings.ts; only what differs from "on" is stored). The language is the
 * account's `users.locale`.
 */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notifications: jsonb('notifications').$type<NotificationPreferences>().notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A platform's settings, one row per platform (none until an administrator saves them): the public
 * contact details shown on public pages and in mails, and the optional third-party ids (spec §9)
 * loaded on public pages only when set.
 */
export const platformSettings = pgTable('platform_settings', {
  platform: text('platform').primaryKey(),
  hotline: text('hotline'),
  email: text('email'),
  address: text('address'),
  workingHours: text('working_hours'),
  gaMeasurementId: text('ga_measurement_id'),
  facebookPage: text('facebook_page'),
  zaloOaId: text('zalo_oa_id'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
