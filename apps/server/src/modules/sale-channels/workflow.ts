import type { FastifyInstance } from 'fastify';
import { saleChannelRegistration, type PlatformKey, type SaleChannelRegisterStatus } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { saleChannelReferences } from '../../db/schema/index.js';
import type { Emit } from '../../lib/domain-events.js';
import {
  transition,
  transitionIn,
  type Move,
  type Moved,
  type TransitionActor,
  type Workflow,
} from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';

type Table = typeof saleChannelReferences;
export type ReferenceRow = Table['$inferSelect'];

/**
 * A sale channel registration's table (contract `saleChannelRegistration`): pending → approved |
 * rejected (reason); rejected → pending (the owner resubmits); approved → closed (owner or admin,
 * reason). The reason of a rejection or a closing is kept on the row for the producer; a move
 * back to pending or to approved clears it. Rejected or closed, it is not synced (not in the feed). A closed producer's registrations are read-only.
 */
export const saleChannelWorkflow: Workflow<Table, SaleChannelRegisterStatus> = {
  subject: 'sale_channel_reference',
  machine: saleChannelRegistration,
  table: saleChannelReferences,
  owner: saleChannelReferences.producerId,
  ownerOf: (r) => r.producerId,
  stateOf: (r) => r.registerStatus,
  stateFields: (to, _from, reason) => ({
    registerStatus: to,
    reason: to === 'rejected' || to === 'closed' ? reason : null,
    // A closed (or rejected) registration leaves the channel's feed, which lists approved ones only:
    // its sync state says so (lists, counters and exports with it) instead of the last sync's.
    ...(to === 'rejected' || to === 'closed' ? { syncStatus: 'not_synced' as const } : {}),
    updatedAt: new Date(),
  }),
  beforeOwnerMove: async (tx, producerId) => {
    await assertProducerWritable(tx, producerId);
  },
};

/** The history action of a move of the table. */
export function referenceActionOf(from: SaleChannelRegisterStatus, to: SaleChannelRegisterStatus): string {
  if (to === 'approved') return 'approve';
  if (to === 'rejected') return 'reject';
  if (to === 'closed') return 'close';
  return from === 'rejected' ? 'resubmit' : 'register';
}

export interface ReferenceMove {
  id: number;
  to: SaleChannelRegisterStatus;
  actor: TransitionActor;
  reason?: string | null;
  /** The area's own rules on the locked row (a resubmitted product must meet the channel's requirements). */
  check?: Move<Table, SaleChannelRegisterStatus>['check'];
  /** Other fields written with the move. */
  fields?: Move<Table, SaleChannelRegisterStatus>['fields'];
}

function moveOf(m: ReferenceMove): Move<Table, SaleChannelRegisterStatus> {
  return {
    id: m.id,
    to: m.to,
    actor: m.actor,
    reason: m.reason,
    action: (from) => referenceActionOf(from, m.to),
    check: m.check,
    fields: m.fields,
    diff: () => ({ register_status: m.to }),
    event: (after, from) => ({
      type: 'sale_channel_reference.moved',
      platform: after.platform as PlatformKey,
      referenceId: after.id,
      channelId: after.channelId,
      producerId: after.producerId,
      productId: after.productId,
      actorId: m.actor.user.id,
      bySide: m.actor.side,
      from,
      to: after.registerStatus,
      reason: after.reason,
    }),
  };
}

/**
 * One move of a registration through the table (lib/transition): 404 outside the actor's scope,
 * 409 naming the allowed moves, 422 without a needed reason, one history row, and
 * `sale_channel_reference.moved` after commit.
 */
export function moveReference(
  app: FastifyInstance,
  m: ReferenceMove,
): Promise<Moved<Table, SaleChannelRegisterStatus>> {
  return transition(app, saleChannelWorkflow, moveOf(m));
}

/** `moveReference` inside the caller's transaction (bulk decisions, a registration that resubmits). */
export function moveReferenceIn(
  tx: Tx,
  emit: Emit,
  m: ReferenceMove,
): Promise<Moved<Table, SaleChannelRegisterStatus>> {
  return transitionIn(tx, emit, saleChannelWorkflow, moveOf(m));
}
