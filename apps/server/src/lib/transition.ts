import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Locale, Machine, PermissionUser, PlatformKey } from '@agrihub/contract';
import type { Tx } from '../db/client.js';
import { currentUser } from '../plugins/auth.js';
import { recordActivity, type ActivitySubject } from './activity.js';
import type { DomainEvent, Emit } from './domain-events.js';
import { forbidden, notFound } from './errors.js';
import { ownedBy, platformOf } from './scope.js';
import { assertMove } from './workflow.js';

type KeyedTable = PgTable & { id: PgColumn; platform: PgColumn };
type RowOf<T extends KeyedTable> = T['$inferSelect'] & { id: number; platform: string };
type FieldsOf<T extends KeyedTable> = Partial<T['$inferInsert']>;

/**
 * A table whose rows move through a status machine (DESIGN §5.1): where its state lives, who owns
 * a row, and how a state is written. One per area; each status change of the area is then one
 * `transition()` call.
 */
export interface Workflow<T extends KeyedTable, S extends string> {
  subject: ActivitySubject;
  machine: Machine<S>;
  table: T;
  /** The column naming the producer a row belongs to (owner moves, and the scope of a producer's call). */
  owner: PgColumn;
  ownerOf(row: RowOf<T>): number | null;
  /** Whether the user wrote the row (created it, or edited it), for the moves its authors may not make (a purchase order's approval). */
  authoredBy?(row: RowOf<T>, userId: number): boolean;
  /** The row's state in the machine (a column, or derived as a batch's is). */
  stateOf(row: RowOf<T>): S;
  /** The columns that put a row in state `to`. */
  stateFields(to: S, from: S, reason: string | null): FieldsOf<T>;
  /**
   * 'receiver': `owner` names the producer the row is addressed to (a shipment's receiver), whose
   * moves are the machine's receiver moves, never its owner's. Default 'owner'.
   */
  relation?: 'owner' | 'receiver';
  /** Refuses a producer's own move before anything is read (a closed producer is read-only). */
  beforeOwnerMove?(tx: Tx, producerId: number): Promise<void>;
}

/** Who asks: the user, on which platform, in which language, and on which side. */
export interface TransitionActor {
  user: PermissionUser & { id: number; producerId: number | null };
  platform: PlatformKey;
  locale: Locale;
  /**
   * 'own': the producer acting on its records (rows of other producers are not found, the user
   * is the owner); 'platform': the back office acting on any row of the platform.
   */
  side: 'own' | 'platform';
}

export const actorOfRequest = (req: FastifyRequest, side: TransitionActor['side']): TransitionActor => ({
  user: currentUser(req),
  platform: req.platform,
  locale: req.locale,
  side,
});

export interface Move<T extends KeyedTable, S extends string> {
  id: number;
  to: S;
  actor: TransitionActor;
  /** History action (approve, reject, publish…). */
  action: string | ((from: S) => string);
  /**
   * The note of the move: its reason, shown to the producer unless `internal` (then the history row
   * stays the producer's to see, from → to, who and when, with its note back-office only).
   */
  reason?: string | null;
  internal?: boolean;
  /** A move to the state the row is in answers the row unchanged, without history (idempotent PUT). */
  sameIsNoop?: boolean;
  /** Refuses on the locked row before the table is consulted (e.g. a stale version: the reader saw another row). */
  guard?(row: RowOf<T>): void;
  /** The area's own rules on the locked row, after the table's (e.g. a batch needs an event to publish). */
  check?(tx: Tx, row: RowOf<T>, from: S): Promise<void> | void;
  /** Fields written with the state (a review's reviewer, an approval's snapshot…). */
  fields?(tx: Tx, row: RowOf<T>, from: S): Promise<FieldsOf<T>> | FieldsOf<T>;
  /** What the history row's `diff` holds besides the state: the fields the move changed (default: nothing). */
  diff?(before: RowOf<T>, from: S): Record<string, unknown>;
  /** The domain event told after commit. */
  event?(after: RowOf<T>, from: S): DomainEvent | null;
}

export interface Moved<T extends KeyedTable, S extends string> {
  before: RowOf<T>;
  after: RowOf<T>;
  from: S;
  changed: boolean;
}

/**
 * One status change inside the caller's transaction: locks the row (platform, and the owner on a
 * producer's own call), checks the move against the machine and the actor (409 naming the
 * allowed moves, 422 without a needed reason), writes the state and the extra fields, records one
 * activity row and emits the event (published by `app.events.transaction` after commit).
 */
export async function transitionIn<T extends KeyedTable, S extends string>(
  tx: Tx,
  emit: Emit,
  wf: Workflow<T, S>,
  m: Move<T, S>,
): Promise<Moved<T, S>> {
  const { user, platform, locale, side } = m.actor;
  const table: PgTable = wf.table;
  const scope: (SQL | undefined)[] = [eq(wf.table.id, m.id), platformOf(wf.table, { platform })];
  if (side === 'own') {
    if (!user.producerId) throw forbidden();
    await wf.beforeOwnerMove?.(tx, user.producerId);
    const owned = { platform: wf.table.platform, producerId: wf.owner };
    scope.push(ownedBy(owned, { platform, producerId: user.producerId }));
  }
  const [before] = (await tx
    .select()
    .from(table)
    .where(and(...scope))
    .limit(1)
    .for('update')) as unknown as RowOf<T>[];
  if (!before) throw notFound();
  m.guard?.(before);
  const from = wf.stateOf(before);
  if (from === m.to && m.sameIsNoop) return { before, after: before, from, changed: false };

  const related = side === 'own' || (!!user.producerId && wf.ownerOf(before) === user.producerId);
  const isReceiver = wf.relation === 'receiver' && related;
  const isOwner = wf.relation !== 'receiver' && related;
  const isCreator = !!wf.authoredBy?.(before, user.id);
  const reason = m.reason?.trim() ? m.reason.trim() : null;
  assertMove(locale, wf.machine, from, m.to, { ...user, isOwner, isReceiver, isCreator }, reason);
  await m.check?.(tx, before, from);

  const set = { ...(await m.fields?.(tx, before, from)), ...wf.stateFields(m.to, from, reason) };
  const [after] = (await tx
    .update(wf.table)
    .set(set as never)
    .where(eq(wf.table.id, before.id))
    .returning()) as unknown as RowOf<T>[];
  await recordActivity(tx, {
    subjectType: wf.subject,
    subjectId: before.id,
    platform: before.platform,
    actorId: user.id,
    action: typeof m.action === 'function' ? m.action(from) : m.action,
    from,
    to: m.to,
    note: reason,
    noteInternal: m.internal ?? false,
    diff: m.diff?.(before, from),
  });
  const event = m.event?.(after, from);
  if (event) emit(event);
  return { before, after, from, changed: true };
}

/**
 * `transitionIn` in its own transaction; the event is published once it has committed. `within`
 * runs after the move in the same transaction (e.g. telling the other nodes: plugins/cluster.ts).
 */
export function transition<T extends KeyedTable, S extends string>(
  app: FastifyInstance,
  wf: Workflow<T, S>,
  m: Move<T, S>,
  within?: (tx: Tx, moved: Moved<T, S>) => Promise<void>,
): Promise<Moved<T, S>> {
  return app.events.transaction(async (tx, emit) => {
    const moved = await transitionIn(tx, emit, wf, m);
    await within?.(tx, moved);
    return moved;
  });
}
