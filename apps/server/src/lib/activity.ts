import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { MAX_PER_PAGE } from '@agrihub/contract';
import type { Db, Tx } from '../db/client.js';
import { activity, users } from '../db/schema/index.js';
import { listMeta } from './list.js';

/** Subjects with a history in the shared `activity` log. */
export type ActivitySubject =
  | 'traceability'
  | 'product'
  | 'producer'
  | 'service_request'
  | 'client_message'
  | 'booking_room'
  | 'register_service'
  | 'sale_channel_reference'
  | 'sale_channel'
  | 'post'
  | 'purchase_order'
  | 'producer_oem'
  | 'page_view'
  | 'user'
  | 'location'
  | 'trading_partner'
  | 'shipment'
  | 'api_key';

export interface ActivityEntry {
  subjectType: ActivitySubject;
  subjectId: number;
  platform: string;
  actorId: number | null;
  action: string;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** An internal row is shown to the back office only, never to the producer. */
  internal?: boolean;
  /** The row is shown to the producer without its note (a move whose reason is internal). */
  noteInternal?: boolean;
  diff?: Record<string, unknown>;
}

/** Writes one history row, inside the caller's transaction (the change and its record commit together). */
export async function recordActivity(tx: Db | Tx, e: ActivityEntry): Promise<void> {
  await tx.insert(activity).values({
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    platform: e.platform,
    actorId: e.actorId,
    action: e.action,
    fromStatus: e.from ?? null,
    toStatus: e.to ?? null,
    note: e.note ?? null,
    internal: e.internal ?? false,
    noteInternal: !!e.noteInternal && !!e.note,
    diff: e.diff ?? {},
  });
}

export interface ActivityItem {
  id: number;
  action: string;
  from: string | null;
  to: string | null;
  note: string | null;
  internal: boolean;
  note_internal: boolean;
  detail: Record<string, unknown>;
  user: { id: number; name: string; staff: boolean } | null;
  created_at: string;
}

/** Drops a subject's history with the subject (call in the transaction that deletes it). */
export async function deleteActivity(tx: Db | Tx, subjectType: ActivitySubject, subjectIds: number[]): Promise<void> {
  if (!subjectIds.length) return;
  await tx.delete(activity).where(and(eq(activity.subjectType, subjectType), inArray(activity.subjectId, subjectIds)));
}

export interface ActivityPage {
  items: ActivityItem[];
  /** Rows of the whole history (as the caller may see it), for the list meta. */
  total: number;
}

/**
 * A page of a subject's history, newest first; internal rows and internal notes only when asked
 * (back office): the producer sees a move whose reason is internal, without the reason.
 * `perPage` is capped at MAX_PER_PAGE.
 */
export async function listActivity(
  db: Db | Tx,
  subjectType: ActivitySubject,
  subjectId: number,
  opts: { includeInternal: boolean; page?: number; perPage?: number },
): Promise<ActivityPage> {
  const perPage = Math.min(Math.max(opts.perPage ?? MAX_PER_PAGE, 1), MAX_PER_PAGE);
  const page = Math.max(opts.page ?? 1, 1);
  const where = and(
    eq(activity.subjectType, subjectType),
    eq(activity.subjectId, subjectId),
    opts.includeInternal ? undefined : eq(activity.internal, false),
  );
  const [{ n }] = await db.select({ n: count() }).from(activity).where(where);
  const rows = await db
    .select({ a: activity, userName: users.name, userRoles: users.roles })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(where)
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items: rows.map((r) => presentActivity(r, opts.includeInternal)), total: Number(n) };
}

/** The answer of a history endpoint: `data.history` (one page) and the list `meta`. */
export async function historyPage(
  db: Db | Tx,
  subjectType: ActivitySubject,
  subjectId: number,
  includeInternal: boolean,
  q: { page: number; per_page: number },
) {
  const { items, total } = await listActivity(db, subjectType, subjectId, {
    includeInternal,
    page: q.page,
    perPage: q.per_page,
  });
  return { data: { history: items }, meta: listMeta(q, total) };
}

function presentActivity(
  { a, userName, userRoles }: { a: typeof activity.$inferSelect; userName: string | null; userRoles: string[] | null },
  includeInternal: boolean,
): ActivityItem {
  const hideNote = a.noteInternal && !includeInternal;
  return {
    id: a.id,
    action: a.action,
    from: a.fromStatus,
    to: a.toStatus,
    note: hideNote ? null : a.note,
    internal: a.internal,
    note_internal: hideNote ? false : a.noteInternal,
    detail: a.diff,
    user: a.actorId ? { id: a.actorId, name: userName ?? '', staff: (userRoles ?? []).length > 0 } : null,
    created_at: a.createdAt.toISOString(),
  };
}
