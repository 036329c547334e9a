import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  errorEnvelope,
  idParam,
  notificationAnswer,
  notificationListAnswer,
  notificationListQuery,
  readAllAnswer,
  renderNotification,
  translate,
  unreadCountAnswer,
  type Locale,
  type Notification,
} from '@agrihub/contract';
import { notifications } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { pagePlan } from '../../lib/list.js';
import { currentUser } from '../../plugins/auth.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

type Row = typeof notifications.$inferSelect;

/** A stored notification, its words in the reader's language. */
function present(row: Row, locale: Locale): Notification {
  return {
    id: row.id,
    type: row.type as Notification['type'],
    ...renderNotification(locale, row.type, row.params),
    link: row.link,
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Only the caller's own notifications on the request's platform. */
const mine = (req: FastifyRequest) =>
  and(eq(notifications.userId, currentUser(req).id), eq(notifications.platform, req.platform));

/** The signed-in user's notifications: list, unread count, mark one or all read. */
export default async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'The own notifications, newest first (unread=true: unread only)',
        querystring: notificationListQuery,
        response: { 200: notificationListAnswer, ...errors },
      },
    },
    async (req) => {
      const page = pagePlan(req.query);
      const where = req.query.unread === 'true' ? and(mine(req), isNull(notifications.readAt)) : mine(req);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ total: count() }).from(notifications).where(where),
      ]);
      return {
        data: { notifications: rows.map((row) => present(row, req.locale)) },
        meta: page.meta(total),
      };
    },
  );

  r.get(
    '/api/v1/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of the own notifications are unread (the bell)',
        response: { 200: unreadCountAnswer, ...errors },
      },
    },
    async (req) => {
      const [{ total }] = await app.db
        .select({ total: count() })
        .from(notifications)
        .where(and(mine(req), isNull(notifications.readAt)));
      return { data: { unread_count: total } };
    },
  );

  r.post(
    '/api/v1/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every own unread notification read',
        response: { 200: readAllAnswer, ...errors },
      },
    },
    async (req) => {
      const updated = await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(mine(req), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return {
        data: { updated: updated.length },
        meta: { message: translate(req.locale, 'notifications_all_read', { count: updated.length }) },
      };
    },
  );

  r.post(
    '/api/v1/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one own notification read (another user’s id: 404)',
        params: idParam,
        response: { 200: notificationAnswer, ...errors },
      },
    },
    async (req) => {
      // Read once stays read at its first time.
      const [row] = await app.db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, req.params.id), mine(req)))
        .returning();
      if (!row) throw notFound();
      return { data: { notification: present(row, req.locale) } };
    },
  );
}
