import { producerApproval, type ApprovalStatus, type PlatformKey } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import type { Workflow } from '../../lib/transition.js';

/** A producer's approval (pending, approved, closed) by the platform's administrators. */
export const approvalWorkflow: Workflow<typeof producers, ApprovalStatus> = {
  subject: 'producer',
  machine: producerApproval,
  table: producers,
  owner: producers.id,
  ownerOf: (p) => p.id,
  stateOf: (p) => p.status,
  stateFields: (to) => ({ status: to, updatedAt: new Date() }),
};

/** History action of a move to each status. */
export const APPROVAL_ACTION: Record<ApprovalStatus, string> = {
  approved: 'approve',
  closed: 'close',
  pending: 'reopen',
};

/** The event of a move to `to` (a reopening tells nobody). */
export function approvalEvent(
  p: { id: number; platform: string },
  to: ApprovalStatus,
  actorId: number,
  reason: string | null,
): DomainEvent | null {
  const platform = p.platform as PlatformKey;
  if (to === 'approved') return { type: 'producer.approved', platform, producerId: p.id, actorId };
  if (to === 'closed') return { type: 'producer.closed', platform, producerId: p.id, actorId, reason: reason ?? '' };
  return null;
}
