import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  requestStatusOf,
  serviceMachineOf,
  serviceRequestFull,
  serviceRequestShort,
  type Machine,
  type PlatformKey,
  type ServiceRequestState,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { registerServices, userRegisterServices, type ServiceTargetDays } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Emit } from '../../lib/domain-events.js';
import { transitionIn, type Moved, type TransitionActor, type Workflow } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';

type Table = typeof userRegisterServices;
export type RequestRow = Table['$inferSelect'];

const DAY_MS = 86_400_000;

/** When the step `step` entered at `since` is due: the service's target days for it, none for done/cancelled. */
export function stepDueAt(targetDays: ServiceTargetDays, step: ServiceRequestState, since: Date): Date | null {
  if (step === 'done' || step === 'cancelled') return null;
  const days = targetDays[step];
  return typeof days === 'number' && days > 0 ? new Date(since.getTime() + days * DAY_MS) : null;
}

/** Past its step's due date and still open. */
export function isOverdue(row: Pick<RequestRow, 'stepDueAt' | 'status'>, now = new Date()): boolean {
  const open = row.status === 'pending' || row.status === 'processing';
  return open && !!row.stepDueAt && row.stepDueAt.getTime() < now.getTime();
}

/** 423 service_request_locked: a locked request is read-only for everyone until an admin unlocks it. */
export function assertUnlocked(row: Pick<RequestRow, 'lockedAt'>): void {
  if (row.lockedAt) throw new AppError(423, 'service_request_locked');
}

function workflowOf(machine: Machine<ServiceRequestState>): Workflow<Table, ServiceRequestState> {
  return {
    subject: 'service_request',
    machine,
    table: userRegisterServices,
    owner: userRegisterServices.producerId,
    ownerOf: (r) => r.producerId,
    stateOf: (r) => r.step,
    stateFields: (to, _from, reason) => {
      const now = new Date();
      return {
        step: to,
        status: requestStatusOf(to),
        stepChangedAt: now,
        updatedAt: now,
        ...(to === 'cancelled' ? { cancelReason: reason } : {}),
      };
    },
    // A closed producer's requests are read-only, as its other records (403 producer_closed_readonly).
    beforeOwnerMove: async (tx, producerId) => {
      await assertProducerWritable(tx, producerId);
    },
  };
}

/** The two flows' workflows (DESIGN §5.2): type 1 the full flow, type 2 the short one. */
export const serviceRequestWorkflows = {
  full: workflowOf(serviceRequestFull),
  short: workflowOf(serviceRequestShort),
};

/** A request's service: its flow type and target days (404 when the request is not on the platform). */
async function serviceOfRequest(db: Db | Tx, platform: PlatformKey, id: number) {
  const [found] = await db
    .select({ type: registerServices.type, targetDays: registerServices.targetDays, request: userRegisterServices })
    .from(userRegisterServices)
    .innerJoin(registerServices, eq(registerServices.id, userRegisterServices.serviceId))
    .where(eq(userRegisterServices.id, id))
    .limit(1);
  if (!found || found.request.platform !== platform) throw notFound();
  return found;
}

export interface RequestMove {
  id: number;
  to: ServiceRequestState;
  actor: TransitionActor;
  reason?: string | null;
  /** The reason is a note for the back office only (never told to the producer). */
  internal?: boolean;
  /** Other fields written with the move (files the producer adds with its dossier…). */
  fields?(tx: Tx, row: RequestRow): Promise<Partial<RequestRow>> | Partial<RequestRow>;
}

/**
 * One step of a service request through its flow's table (lib/transition): refused with 423 when
 * locked (checked again on the locked row), the step's due date from the service's target days,
 * one history row, and `service_request.step_changed` after commit. A free service has no steps:
 * every move is refused by the table of no flow (409).
 */
export function moveRequest(app: FastifyInstance, m: RequestMove): Promise<Moved<Table, ServiceRequestState>> {
  return app.events.transaction((tx, emit) => moveRequestIn(tx, emit, m));
}

/** `moveRequest` inside the caller's transaction (the staff update's move, assignment and note commit together). */
export async function moveRequestIn(tx: Tx, emit: Emit, m: RequestMove): Promise<Moved<Table, ServiceRequestState>> {
  const { type, targetDays, request } = await serviceOfRequest(tx, m.actor.platform, m.id);
  // A producer never learns whether another producer's request is locked.
  if (m.actor.side === 'platform' || request.producerId === m.actor.user.producerId) assertUnlocked(request);
  const machine = serviceMachineOf(type);
  const wf = machine === serviceRequestShort ? serviceRequestWorkflows.short : serviceRequestWorkflows.full;
  const internal = m.internal ?? false;
  const flow: Workflow<Table, ServiceRequestState> = {
    ...wf,
    ...(machine ? {} : { machine: { ...wf.machine, moves: [] } }),
    // An internal cancel reason is not the request's cancel_reason (the producer reads that); it
    // stays in the history as the move's back-office note.
    stateFields: (to, from, reason) => wf.stateFields(to, from, internal ? null : reason),
  };
  return transitionIn(tx, emit, flow, {
    id: m.id,
    to: m.to,
    actor: m.actor,
    reason: m.reason,
    internal,
    action: (from) => actionOf(flow.machine, from, m.to),
    check: (_tx, row) => assertUnlocked(row),
    fields: async (tx, row) => ({
      ...(await m.fields?.(tx, row)),
      stepDueAt: stepDueAt(targetDays, m.to, new Date()),
    }),
    diff: () => ({ step: m.to }),
    event: (after, from) => ({
      type: 'service_request.step_changed',
      platform: after.platform as PlatformKey,
      requestId: after.id,
      producerId: after.producerId,
      actorId: m.actor.user.id,
      from,
      to: after.step,
      reason: internal ? null : (m.reason?.trim() ?? null) || null,
    }),
  });
}

/** The history action of a move: forward, back (asks for more), or cancel. */
function actionOf(machine: Machine<ServiceRequestState>, from: ServiceRequestState, to: ServiceRequestState) {
  if (to === 'cancelled') return 'cancel';
  const steps = machine.states;
  return steps.indexOf(to) > steps.indexOf(from) ? 'advance' : 'send_back';
}
