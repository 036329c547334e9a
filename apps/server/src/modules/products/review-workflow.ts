import { productReview, type PlatformKey, type ProductStatus } from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import type { Workflow } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';

/** A product's review: the producer submits, the back office approves or rejects (ADR 005). */
export const reviewWorkflow: Workflow<typeof products, ProductStatus> = {
  subject: 'product',
  machine: productReview,
  table: products,
  owner: products.producerId,
  ownerOf: (p) => p.producerId,
  stateOf: (p) => p.status,
  stateFields: (to) => ({ status: to, updatedAt: new Date() }),
  // A closed producer's products are read-only (403 producer_closed_readonly).
  beforeOwnerMove: async (tx, producerId) => {
    await assertProducerWritable(tx, producerId);
  },
};

/** The event of a review decision. */
export function reviewEvent(
  p: { id: number; platform: string; producerId: number },
  to: 'approved' | 'rejected',
  actorId: number,
  reason: string | null,
): DomainEvent {
  const base = { platform: p.platform as PlatformKey, productId: p.id, producerId: p.producerId, actorId };
  return to === 'approved'
    ? { type: 'product.approved', ...base }
    : { type: 'product.rejected', ...base, reason: reason ?? '' };
}
