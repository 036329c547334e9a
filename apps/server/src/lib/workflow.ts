import {
  allowedMoves,
  isMessageKey,
  moveRefusal,
  translate,
  type Locale,
  type Machine,
  type WorkflowActor,
} from '@agrihub/contract';
import { conflict, unprocessable } from './errors.js';

/**
 * Checks a status change against its machine's table (packages/contract/src/workflows.ts) before
 * anything is written: a move the table does not allow this actor answers 409 naming, in the
 * caller's language, the moves it does allow — or, when only the creator rule stops it (a purchase
 * order's approval by its creator), 409 `transition_not_by_creator` saying so; a move that needs a
 * reason and has none answers 422 on `reason`.
 */
export function assertMove<S extends string>(
  locale: Locale,
  machine: Machine<S>,
  from: S,
  to: S,
  actor: WorkflowActor,
  reason?: string | null,
): void {
  const refusal = moveRefusal(machine, from, to, actor, reason);
  if (refusal === 'reason_required') throw unprocessable('reason_required', {}, 'reason');
  // A machine may name its states in its own words (state_purchase_order_pending), else the shared ones.
  const name = (state: string) =>
    translate(
      locale,
      isMessageKey(`state_${machine.key}_${state}`) ? `state_${machine.key}_${state}` : `state_${state}`,
    );
  if (refusal === 'not_by_creator') throw conflict('transition_not_by_creator', { to: name(to) });
  if (refusal) {
    const allowed = allowedMoves(machine, from, actor).map((m) => name(m.to));
    throw conflict('transition_not_allowed', {
      from: name(from),
      to: name(to),
      allowed: allowed.length ? allowed.join(', ') : name('none'),
    });
  }
}
