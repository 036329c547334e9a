import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../notifications.js';
import { envelope, listEnvelope, messageMeta } from './common.js';
import { pageField, perPageField } from './list.js';

/** GET /api/v1/notifications: newest first, `unread=true` keeps the unread ones only. */
export const notificationListQuery = z.object({
  page: pageField,
  per_page: perPageField,
  unread: z.enum(['true', 'false'], { error: 'invalid_value' }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** One notification, its title and body in the caller's language; `link` is a path of the web app. */
export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListAnswer = listEnvelope('notifications', notification);
export const unreadCountAnswer = envelope('unread_count', z.number().int());
export const notificationAnswer = envelope('notification', notification);
export const readAllAnswer = z.object({ data: z.object({ updated: z.number().int() }), meta: messageMeta });
