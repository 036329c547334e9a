import {
  allowedMoves,
  serviceRequestFull,
  serviceRequestShort,
  type Machine,
  type Move,
  type ServiceRequestState,
  type WorkflowActor,
} from '@agrihub/contract/workflows';
import { flowSteps } from '@agrihub/contract/service-flow';

/** The transition table of a service type (null: a free service has no steps). */
export function flowMachine(type: number): Machine<ServiceRequestState> | null {
  if (type === 1) return serviceRequestFull;
  if (type === 2) return serviceRequestShort;
  return null;
}

export type MoveKind = 'forward' | 'back' | 'cancel';

/** Forward one step, back one step (reason), or cancel (reason). */
export function moveKind(type: number, move: Pick<Move<string>, 'from' | 'to'>): MoveKind {
  if (move.to === 'cancelled') return 'cancel';
  const steps = flowSteps(type) as readonly string[];
  return steps.indexOf(move.to) > steps.indexOf(move.from) ? 'forward' : 'back';
}

/**
 * The moves the back office may offer on a request: exactly what the flow's table allows this
 * staff user (never as the owner), none when the request is locked or the service is free.
 */
export function staffMoves(
  type: number,
  step: string,
  user: WorkflowActor | null | undefined,
  locked = false,
): Move<ServiceRequestState>[] {
  const machine = flowMachine(type);
  if (!machine || !user || locked) return [];
  return allowedMoves(machine, step as ServiceRequestState, { ...user, isOwner: false });
}
