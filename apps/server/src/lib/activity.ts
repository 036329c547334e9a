import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { activity, users } from '../db/schema/index.js';

/** Subjects with a history in the shared `activity` log. */
export type ActivitySubject = 'traceability' | 'product' | 'producer';

export interface ActivityEntry {
  subjectType: ActivitySubject;
  subjectId: number;
  platform: string;
  actorId: number | null;
  action: string;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** An internal note is shown to the back office only, never to the producer. */
  internal?: boolean;
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
  detail: Record<string, unknown>;
  user: { id: number; name: string } | null;
  created_at: string;
}

/** A subject's history, newest first; internal rows only when asked (back office). */
export async function listActivity(
  db: Db | Tx,
  subjectType: ActivitySubject,
  subjectId: number,
  opts: { includeInternal: boolean },
): Promise<ActivityItem[]> {
  const rows = await db
    .select({ a: activity, userName: users.name })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(
      and(
        eq(activity.subjectType, subjectType),
        eq(activity.subjectId, subjectId),
        opts.includeInternal ? undefined : eq(activity.internal, false),
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id));
  return rows.map(({ a, userName }) => ({
    id: a.id,
    action: a.action,
    from: a.fromStatus,
    to: a.toStatus,
    note: a.note,
    internal: a.internal,
    detail: a.diff,
    user: a.actorId ? { id: a.actorId, name: userName ?? '' } : null,
    created_at: a.createdAt.toISOString(),
  }));
}
