import { allowedMoves, moveRefusal, type Machine, type WorkflowActor } from '@agrihub/contract';
import { conflict, unprocessable } from './errors.js';

/**
 * Checks a status change against its machine's table (packages/contract/src/workflows.ts) before
 * anything is written: a move the table does not allow this actor answers 409 naming the moves it
 * does allow; a move that needs a reason and has none answers 422 on `reason`.
 */
export function assertMove<S extends string>(
  machine: Machine<S>,
  from: S,
  to: S,
  actor: WorkflowActor,
  reason?: string | null,
): void {
  const refusal = moveRefusal(machine, from, to, actor, reason);
  if (refusal === 'reason_required') throw unprocessable('reason_required', {}, 'reason');
  if (refusal) {
    const allowed = allowedMoves(machine, from, actor).map((m) => m.to);
    throw conflict('transition_not_allowed', { from, to, allowed: allowed.length ? allowed.join(', ') : '—' });
  }
}
