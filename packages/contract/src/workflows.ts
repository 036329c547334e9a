import { APPROVAL_STATUSES, LEAD_STATUSES, PURCHASE_ORDER_STATUSES, SERVICE_REGISTRATION_STEPS } from './constants.js';
import { allows, type Action, type PermissionUser, type Role, type Subject } from './permissions.js';
import { SHIPMENT_STATUSES } from './schemas/chain.js';
import { PRODUCT_STATUSES } from './schemas/products.js';
import { isPurchaseOrderEditable } from './schemas/purchase-orders.js';
import { BATCH_STATES } from './trace-steps.js';

/**
 * Status machines as data (DESIGN §5.1): each move names who may make it and whether it needs a
 * reason. The server checks a move against its table before it writes; the web shows exactly the
 * moves `allowedMoves` returns for the signed-in user.
 */
export interface Mover {
  /** The record's own producer (its accounts). */
  owner?: boolean;
  /** The producer the record is addressed to (a shipment's receiver on the platform). */
  receiver?: boolean;
  /** Any of these roles. */
  roles?: readonly Role[];
  /** This ability (the admin role has every ability). */
  ability?: readonly [Action, Subject];
}

export interface Move<S extends string> {
  from: S;
  to: S;
  by: Mover;
  /** The move needs a reason (shown to the producer unless the note is internal). */
  reason?: boolean;
  /** Never by an author of the record: its creator, or anyone who edited it (purchase order approval). */
  notByCreator?: boolean;
}

export interface Machine<S extends string = string> {
  key: string;
  states: readonly S[];
  moves: readonly Move<S>[];
}

/** Who asks: the user, and how it relates to the record. */
export interface WorkflowActor extends PermissionUser {
  /** The record belongs to the actor's producer. */
  isOwner?: boolean;
  /** The record is addressed to the actor's producer (a shipment it receives). */
  isReceiver?: boolean;
  /** The actor wrote the record: created it, or (a purchase order) saved an edit of it. */
  isCreator?: boolean;
}

function machine<S extends string>(key: string, states: readonly S[], moves: readonly Move<S>[]): Machine<S> {
  return { key, states, moves };
}

const STAFF: readonly Role[] = ['admin', 'customer_support'];

export const productReview = machine('product_review', PRODUCT_STATUSES, [
  { from: 'draft', to: 'pending', by: { owner: true } },
  { from: 'rejected', to: 'pending', by: { owner: true } },
  { from: 'pending', to: 'approved', by: { ability: ['update', 'product'] } },
  { from: 'pending', to: 'rejected', by: { ability: ['update', 'product'] }, reason: true },
  // An edit of a reviewed product starts a new review (ADR 005).
  { from: 'approved', to: 'draft', by: { owner: true } },
  { from: 'rejected', to: 'draft', by: { owner: true } },
]);

export const producerApproval = machine('producer_approval', APPROVAL_STATUSES, [
  { from: 'pending', to: 'approved', by: { ability: ['update', 'producer'] } },
  { from: 'pending', to: 'closed', by: { ability: ['update', 'producer'] }, reason: true },
  { from: 'approved', to: 'closed', by: { ability: ['update', 'producer'] }, reason: true },
  { from: 'closed', to: 'pending', by: { ability: ['update', 'producer'] } },
]);

export const batchState = machine('batch_state', BATCH_STATES, [
  { from: 'draft', to: 'published', by: { owner: true } },
  { from: 'published', to: 'on_hold', by: { owner: true }, reason: true },
  { from: 'on_hold', to: 'published', by: { owner: true } },
  { from: 'published', to: 'recalled', by: { owner: true }, reason: true },
  { from: 'on_hold', to: 'recalled', by: { owner: true }, reason: true },
]);

/**
 * The recall moves of `batchState` as a supply-chain recall makes them (ADR 036 §7): the lot's
 * producer, or the platform's administrator for every lot the chain reached. Only the recall
 * moves: a chain recall never publishes or holds.
 */
export const batchChainRecallState = machine('batch_state', BATCH_STATES, [
  { from: 'published', to: 'recalled', by: { owner: true, roles: ['admin'] }, reason: true },
  { from: 'on_hold', to: 'recalled', by: { owner: true, roles: ['admin'] }, reason: true },
]);

export const SERVICE_SHORT_STEPS = ['fill_info', 'advice', 'contract', 'paid', 'inprogress', 'done'] as const;
export const SERVICE_REQUEST_STATES = [...SERVICE_REGISTRATION_STEPS, 'inprogress', 'cancelled'] as const;
export type ServiceRequestState = (typeof SERVICE_REQUEST_STATES)[number];

/**
 * A service request's flow (DESIGN §5.2): the producer submits its information and its dossier;
 * support or admin move the rest; the dossier is approved by an approver or admin; going back a
 * step and cancelling need a reason (the producer may cancel only before `contract`: from there on
 * a contract binds both sides, so only staff cancel).
 */
function serviceFlow(key: string, steps: readonly ServiceRequestState[]): Machine<ServiceRequestState> {
  const forward = (from: ServiceRequestState, to: ServiceRequestState): Move<ServiceRequestState> => {
    if (from === 'fill_info' || to === 'submitted_profile') return { from, to, by: { owner: true } };
    if (to === 'approved_profile') return { from, to, by: { roles: ['admin', 'approver'] } };
    return { from, to, by: { roles: STAFF } };
  };
  const moves: Move<ServiceRequestState>[] = [];
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    if (next) moves.push(forward(step, next));
    if (i > 0 && next) moves.push({ from: step, to: steps[i - 1], by: { roles: STAFF }, reason: true });
    if (next) {
      const beforeContract = i < steps.indexOf('contract');
      moves.push({
        from: step,
        to: 'cancelled',
        by: beforeContract ? { owner: true, roles: STAFF } : { roles: STAFF },
        reason: true,
      });
    }
  });
  return machine(key, [...steps, 'cancelled'], moves);
}

export const serviceRequestFull = serviceFlow('service_request_full', SERVICE_REGISTRATION_STEPS);
export const serviceRequestShort = serviceFlow('service_request_short', SERVICE_SHORT_STEPS);

export const purchaseOrder = machine('purchase_order', PURCHASE_ORDER_STATUSES, [
  { from: 'pending', to: 'processing', by: { ability: ['update', 'purchase_order'] } },
  { from: 'processing', to: 'approved', by: { roles: ['admin', 'approve_purchase_order'] }, notByCreator: true },
  { from: 'pending', to: 'cancelled', by: { ability: ['update', 'purchase_order'] }, reason: true },
  { from: 'processing', to: 'cancelled', by: { ability: ['update', 'purchase_order'] }, reason: true },
]);

/**
 * Four-eyes on purchase orders (ADR 031): the update ability and an editable status (pending,
 * processing), and not an order awaiting approval (processing) that the actor could approve, so an
 * approver approves only what someone else wrote. `isCreator`: the actor created or edited it.
 */
export function mayEditPurchaseOrder(status: (typeof PURCHASE_ORDER_STATUSES)[number], actor: WorkflowActor) {
  if (!isPurchaseOrderEditable(status) || !allows(actor, 'update', 'purchase_order')) return false;
  return !allowedMoves(purchaseOrder, status, actor).some((m) => m.to === 'approved');
}

export const SALE_CHANNEL_REGISTRATION_STATES = ['pending', 'approved', 'rejected', 'closed'] as const;
export const saleChannelRegistration = machine('sale_channel_registration', SALE_CHANNEL_REGISTRATION_STATES, [
  { from: 'pending', to: 'approved', by: { ability: ['update', 'sale_channel_reference'] } },
  { from: 'pending', to: 'rejected', by: { ability: ['update', 'sale_channel_reference'] }, reason: true },
  { from: 'rejected', to: 'pending', by: { owner: true } },
  { from: 'approved', to: 'closed', by: { owner: true, ability: ['update', 'sale_channel_reference'] }, reason: true },
]);

/** A lead moves forward one step (or straight to done); going back needs a reason. */
export const clientMessageLead = machine(
  'client_message_lead',
  LEAD_STATUSES,
  LEAD_STATUSES.flatMap((from, i): Move<(typeof LEAD_STATUSES)[number]>[] => {
    const by: Mover = { ability: ['update', 'message'] };
    const next = LEAD_STATUSES[i + 1];
    const moves: Move<(typeof LEAD_STATUSES)[number]>[] = [];
    if (next) moves.push({ from, to: next, by });
    if (next && next !== 'done') moves.push({ from, to: 'done', by });
    if (i > 0) moves.push({ from, to: LEAD_STATUSES[i - 1], by, reason: true });
    return moves;
  }),
);

/**
 * A shipment of the supply chain (ADR 036 §2): its sender cancels it while it is on its way; the
 * receiving producer receives it into a lot of its own or refuses it; each refusal or
 * cancellation says why. A received shipment stays received.
 */
export const shipmentFlow = machine('shipment', SHIPMENT_STATUSES, [
  { from: 'sent', to: 'received', by: { receiver: true } },
  { from: 'sent', to: 'refused', by: { receiver: true }, reason: true },
  { from: 'sent', to: 'cancelled', by: { owner: true }, reason: true },
]);

export const MACHINES = {
  productReview,
  producerApproval,
  batchState,
  serviceRequestFull,
  serviceRequestShort,
  purchaseOrder,
  saleChannelRegistration,
  clientMessageLead,
  shipmentFlow,
} as const;

function mayMove(move: Move<string>, actor: WorkflowActor): boolean {
  if (move.notByCreator && actor.isCreator) return false;
  const { owner, receiver, roles, ability } = move.by;
  if (owner && actor.isOwner) return true;
  if (receiver && actor.isReceiver) return true;
  if (roles && roles.some((r) => actor.roles.includes(r))) return true;
  return !!ability && allows(actor, ability[0], ability[1]);
}

/** The moves from `from` that `actor` may make, in table order. */
export function allowedMoves<S extends string>(m: Machine<S>, from: S, actor: WorkflowActor): Move<S>[] {
  return m.moves.filter((move) => move.from === from && mayMove(move, actor));
}

export type MoveRefusal = 'transition_not_allowed' | 'not_by_creator' | 'reason_required';

/**
 * Why `actor` may not move from `from` to `to`, or null: `transition_not_allowed` (409 naming the
 * allowed moves), `not_by_creator` (409: the move would be the actor's but it created the record —
 * a purchase order's approval), `reason_required` (422).
 */
export function moveRefusal<S extends string>(
  m: Machine<S>,
  from: S,
  to: S,
  actor: WorkflowActor,
  reason?: string | null,
): MoveRefusal | null {
  const move = allowedMoves(m, from, actor).find((mv) => mv.to === to);
  if (!move && actor.isCreator && allowedMoves(m, from, { ...actor, isCreator: false }).some((mv) => mv.to === to)) {
    return 'not_by_creator';
  }
  if (!move) return 'transition_not_allowed';
  if (move.reason && !reason?.trim()) return 'reason_required';
  return null;
}
