import { SERVICE_REGISTRATION_STEPS } from './constants.js';
import { SERVICE_SHORT_STEPS, type ServiceRequestState } from './workflows.js';

/**
 * How a service's flow is shown (spec §4, DESIGN §5.2): its steps in order and the six UI groups
 * of the stepper. Shared by the producer's pages and the back office so both read the same.
 */

/** The steps of a service type's flow in order, without `cancelled` (none for a free service). */
export function flowSteps(type: number): readonly ServiceRequestState[] {
  if (type === 1) return SERVICE_REGISTRATION_STEPS;
  if (type === 2) return SERVICE_SHORT_STEPS;
  return [];
}

export const SERVICE_UI_GROUPS = ['register', 'advice', 'contract_paid', 'prepare', 'approve', 'finish'] as const;
export type ServiceUiGroup = (typeof SERVICE_UI_GROUPS)[number];

/** The UI group of each step: the full flow's six groups; the short flow's `inprogress` is "prepare". */
const GROUP_OF: Record<Exclude<ServiceRequestState, 'cancelled'>, ServiceUiGroup> = {
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
  group: ServiceUiGroup;
  steps: ServiceRequestState[];
}

/** The stepper of a flow: its UI groups in order, each with its steps (the short flow has no "approve"). */
export function stepperGroups(type: number): StepperGroup[] {
  const steps = flowSteps(type);
  return SERVICE_UI_GROUPS.flatMap((group) => {
    const inGroup = steps.filter((s) => GROUP_OF[s as keyof typeof GROUP_OF] === group);
    return inGroup.length ? [{ group, steps: [...inGroup] }] : [];
  });
}

/** Index of the group holding `step` in `stepperGroups(type)`; -1 for cancelled or an unknown step. */
export function groupIndex(type: number, step: string): number {
  return stepperGroups(type).findIndex((g) => (g.steps as string[]).includes(step));
}

/** How far a request is, 0..100, by its step's place in its flow (done = 100; cancelled 0). */
export function progressPercent(type: number, step: string): number {
  const steps = flowSteps(type) as readonly string[];
  const i = steps.indexOf(step);
  if (i < 0 || steps.length < 2) return step === 'done' ? 100 : 0;
  return Math.round((i / (steps.length - 1)) * 100);
}
