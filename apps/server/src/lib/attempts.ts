import { and, eq, gt, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { attemptCounters } from '../db/schema/index.js';

/** How many failures a key may collect in its window, and how long it is locked once it has. */
export interface AttemptRule {
  /** Failures counted in a fixed window that starts at the first failure. */
  windowS: number;
  /** The failure that reaches this count locks the key. */
  max: number;
  lockS: number;
}

export interface CounterState {
  key: string;
  count: number;
  lockedUntil: Date | null;
}

const liveWindow = (rule: AttemptRule) =>
  sql`${attemptCounters.windowStart} > now() - ${rule.windowS}::int * interval '1 second'`;

/**
 * Counts one failure for `key` atomically (INSERT … ON CONFLICT DO UPDATE SET count = count + 1
 * RETURNING): ten parallel failures count ten. The failure that reaches `rule.max` locks the key
 * for `rule.lockS`; a failure after the window starts a new window at 1.
 */
export async function countFailure(
  db: Db | Tx,
  key: string,
  subject: string | null,
  rule: AttemptRule,
): Promise<CounterState> {
  const expired = sql`attempt_counters.window_start <= now() - ${rule.windowS}::int * interval '1 second'`;
  const next = sql`(CASE WHEN ${expired} THEN 1 ELSE attempt_counters.count + 1 END)`;
  const lockUntil = sql`now() + ${rule.lockS}::int * interval '1 second'`;
  const [row] = await db
    .insert(attemptCounters)
    .values({
      key,
      subject,
      count: 1,
      windowStart: sql`now()`,
      lockedUntil: rule.max <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: next,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE attempt_counters.window_start END`,
        lockedUntil: sql`CASE WHEN ${next} >= ${rule.max}::int THEN ${lockUntil} WHEN ${expired} THEN NULL ELSE attempt_counters.locked_until END`,
        subject,
      },
    })
    .returning({ key: attemptCounters.key, count: attemptCounters.count, lockedUntil: attemptCounters.lockedUntil });
  return row;
}

/** The keys among `keys` that are locked now, with their lock ends. */
export async function lockedKeys(db: Db | Tx, keys: string[]): Promise<CounterState[]> {
  if (!keys.length) return [];
  return db
    .select({ key: attemptCounters.key, count: attemptCounters.count, lockedUntil: attemptCounters.lockedUntil })
    .from(attemptCounters)
    .where(and(inArray(attemptCounters.key, keys), gt(attemptCounters.lockedUntil, sql`now()`)));
}

/** Failures counted for `key` in its live window (0 when none or the window is over). */
export async function failuresInWindow(db: Db | Tx, key: string, rule: AttemptRule): Promise<number> {
  const [row] = await db
    .select({ count: attemptCounters.count })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.key, key), liveWindow(rule)));
  return row?.count ?? 0;
}

/** Whole minutes until the latest of these locks ends (at least 1). */
export function minutesLeft(locks: CounterState[]): number {
  const until = Math.max(...locks.map((l) => l.lockedUntil?.getTime() ?? 0));
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}

export async function clearKey(db: Db | Tx, key: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/** Forgets every counter about an account (its password was reset or changed). */
export async function clearSubject(db: Db | Tx, subject: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.subject, subject));
}

/** Drops rows whose window and lock are both over (they would restart at 1 anyway). */
export async function pruneCounters(db: Db | Tx, longestWindowS: number): Promise<void> {
  await db
    .delete(attemptCounters)
    .where(
      and(
        lt(attemptCounters.windowStart, sql`now() - ${longestWindowS}::int * interval '1 second'`),
        or(isNull(attemptCounters.lockedUntil), lt(attemptCounters.lockedUntil, sql`now()`)),
      ),
    );
}
