import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { moveRefusal, type Machine } from '@agrihub/contract';
import { activity } from '../src/db/schema/index.js';
import type { ActivitySubject } from '../src/lib/activity.js';
import type { DomainEvent, DomainEventType } from '../src/lib/domain-events.js';
import type { TestApp } from './helper.js';
import { buildUser, type Built } from './factories.js';

/**
 * Checks a status machine through its real HTTP routes: for every (from → to) of its states and
 * every kind of actor, the move succeeds exactly when the contract's table allows it (one history
 * row, its event), else 409 — or 422 without a needed reason, or the route's own 403/404 before
 * the table is read. Cases come from the table, so a drift of table or route fails.
 */
export const ACTOR_KINDS = ['owner', 'other_producer', 'admin', 'support_with', 'support_without'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
export type Actors = Record<ActorKind, Built>;

/** The five kinds of actor; `ability` is what customer support "with the ability" holds. */
export async function buildActors(t: TestApp, ability: Built['user']['abilities'][number]): Promise<Actors> {
  const owner = await buildUser(t.db);
  return {
    owner,
    other_producer: await buildUser(t.db),
    admin: await buildUser(t.db, { roles: ['admin'] }),
    support_with: await buildUser(t.db, { roles: ['customer_support'], abilities: [ability] }),
    support_without: await buildUser(t.db, { roles: ['customer_support'], abilities: [] }),
  };
}

export interface MoveRoute {
  /** Sends the move; `reason` undefined means the body carries none. */
  send(u: Built, reason: string | undefined): Promise<LightMyRequestResponse>;
  /** The answer of the route before the table is read (access, scope), or null when the table decides. */
  refusedBefore(kind: ActorKind): 403 | 404 | null;
  /** Moving to the state the subject is in answers 200 without history (an idempotent PUT, an edit). */
  sameIsNoop?: boolean;
  /** The route refuses a from-state before the table with its own 409 (e.g. editing a pending product). */
  ownConflict?(from: string): boolean;
}

export interface MachineCheck<S extends string> {
  t: TestApp;
  machine: Machine<S>;
  subject: ActivitySubject;
  subjectId: number;
  actors: Actors;
  /** The routes of a move to each state; a state without one must be no move's target. */
  routes: Partial<Record<S, MoveRoute | MoveRoute[]>>;
  /** Puts the subject in `state` by a direct update. */
  reset(state: S): Promise<void>;
  /** The subject's state as stored. */
  stateOf(): Promise<S>;
  /** The event a move to `to` emits (none when absent). */
  eventOf?: Partial<Record<S, DomainEventType>>;
}

export async function checkMachine<S extends string>(c: MachineCheck<S>): Promise<number> {
  const events: DomainEvent[] = [];
  for (const type of new Set(Object.values(c.eventOf ?? {}) as DomainEventType[])) {
    c.t.app.events.on(type, (e) => void events.push(e));
  }
  const historyCount = async () =>
    Number(
      (
        await c.t.db
          .select({ n: count() })
          .from(activity)
          .where(and(eq(activity.subjectType, c.subject), eq(activity.subjectId, c.subjectId)))
      )[0].n,
    );
  let cases = 0;
  for (const to of c.machine.states) {
    const routes = [c.routes[to] ?? []].flat();
    if (!routes.length) {
      expect(
        c.machine.moves.filter((m) => m.to === to),
        `a move to ${to} has no route`,
      ).toEqual([]);
    }
    for (const [route, from] of routes.flatMap((r) => c.machine.states.map((s) => [r, s] as const))) {
      for (const kind of ACTOR_KINDS) {
        const u = c.actors[kind];
        const actor = { roles: u.user.roles, abilities: u.user.abilities, isOwner: kind === 'owner' };
        const needsReason = moveRefusal(c.machine, from, to, actor, null) === 'reason_required';
        const tries: (string | undefined)[] = needsReason ? [undefined, 'Lý do kiểm thử'] : ['Lý do kiểm thử'];
        for (const reason of tries) {
          await c.reset(from);
          const before = await historyCount();
          events.length = 0;
          const res = await route.send(u, reason);
          await c.t.app.events.drain();
          const pre = route.refusedBefore(kind);
          const noop = from === to && !!route.sameIsNoop;
          const refusal = moveRefusal(c.machine, from, to, actor, reason ?? null);
          const expected =
            pre ??
            (noop ? 200 : route.ownConflict?.(from) ? 409 : refusal === 'reason_required' ? 422 : refusal ? 409 : 200);
          const label = `${c.machine.key}: ${from} → ${to} by ${kind}${reason ? '' : ' without reason'}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(expected);
          const moved = expected === 200 && !noop;
          expect(await c.stateOf(), label).toBe(moved ? to : from);
          expect((await historyCount()) - before, label).toBe(moved ? 1 : 0);
          const type = c.eventOf?.[to];
          expect(
            events.map((e) => e.type),
            label,
          ).toEqual(moved && type ? [type] : []);
          if (expected === 409 && !route.ownConflict?.(from)) {
            expect(JSON.parse(res.body).meta.code, label).toBe('transition_not_allowed');
          }
          cases++;
        }
      }
    }
  }
  return cases;
}
