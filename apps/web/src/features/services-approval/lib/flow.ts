import {
  SERVICE_SHORT_STEPS,
  allowedMoves,
  serviceRequestFull,
  serviceRequestShort,
  type Machine,
  type Move,
  type ServiceRequestState,
  type WorkflowActor,
} from '@agrihub/contract/workflows';
import { SERVICE_REGISTRATION_STEPS } from '@agrihub/contract/constants';

/** A service's `type` (DESIGN §5.2): 0 free, no steps; 1 the full flow; 2 the short flow. */
export type ServiceType = 0 | 1 | 2;

/** The transition table of a service type (null: a free service has no steps). */
export function flowMachine(type: number): Machine<ServiceRequestState> | null {
  if (type === 1) return serviceRequestFull;
  if (type === 2) return serviceRequestShort;
  return null;
}

/** The steps of a flow in order, without `cancelled`. */
export function flowSteps(type: number): readonly ServiceRequestState[] {
  if (type === 1) return SERVICE_REGISTRATION_STEPS;
  if (type === 2) return SERVICE_SHORT_STEPS;
  return [];
}

export const UI_GROUPS = ['register', 'advice', 'contract_paid', 'prepare', 'approve', 'finish'] as const;
export type UiGroup = (typeof UI_GROUPS)[number];

/** The UI group of each step (spec §4): the full flow's six; the short flow's `inprogress` is "prepare". */
const GROUP_OF: Record<Exclude<ServiceRequestState, 'cancelled'>, UiGroup> = {
  fill_info: 'register',
  advice: 'advice',
  contract: 'contract_paid',
  paid: 'contract_paid',
  profile_completed: 'prepare',
  submitted_profile: 'prepare',
  inprogress: 'prepare',
  approved_profile: 'approve',
  done: 'finish',
};

export interface StepperGroup {
  group: UiGroup;
  steps: ServiceRequestState[];
}

/** The stepper of a flow: its UI groups in order, each with its steps (the short flow has no "approve"). */
export function stepperGroups(type: number): StepperGroup[] {
  const steps = flowSteps(type);
  return UI_GROUPS.flatMap((group) => {
    const inGroup = steps.filter((s) => GROUP_OF[s as keyof typeof GROUP_OF] === group);
    return inGroup.length ? [{ group, steps: [...inGroup] }] : [];
  });
}

/** Index of the group holding `step` in `stepperGroups(type)`; -1 for cancelled or unknown. */
export function groupIndex(type: number, step: string): number {
  return stepperGroups(type).findIndex((g) => (g.steps as string[]).includes(step));
}

/** How far a request is: 0..100 by its step's place in its flow (done = 100; cancelled keeps 0). */
export function progressPercent(type: number, step: string): number {
  const steps = flowSteps(type) as readonly string[];
  const i = steps.indexOf(step);
  if (i < 0 || steps.length < 2) return step === 'done' ? 100 : 0;
  return Math.round((i / (steps.length - 1)) * 100);
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
