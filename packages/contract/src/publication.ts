import type { ApprovalStatus } from './constants.js';
import { dateTimeField } from './schemas/common.js';

/** A producer's status as stored (ApprovalStatus; the database column is text). */
type ProducerStatus = ApprovalStatus | (string & {});

/**
 * What approval means (docs/decisions/007-publication-and-approved-versions.md): one rule set the
 * server enforces and the web follows to show or explain its buttons.
 *
 * - A **closed** producer writes nothing (products, batches, events) and has no public page.
 * - A **pending** producer may prepare products and batches and submit products for review;
 *   nothing of it goes public until the producer is approved.
 * - Only an **approved** producer publishes batches, and only of a product that has an approved
 *   version (`approved_at` set: approved at least once). While an edit of such a product waits for
 *   review, the public pages keep showing the approved version (a snapshot taken at approval).
 */

/** Message keys (and error codes) of the refusals below. */
export const PUBLICATION_REFUSALS = [
  'producer_closed_readonly',
  'publish_producer_not_approved',
  'publish_product_not_approved',
] as const;
export type PublicationRefusal = (typeof PUBLICATION_REFUSALS)[number];

/** A closed producer may change nothing; null = the producer may write. */
export function producerWriteRefusal(producerStatus: ProducerStatus): 'producer_closed_readonly' | null {
  return producerStatus === 'closed' ? 'producer_closed_readonly' : null;
}

/** The product fields the rule reads: approved at least once (the time of its last approval). */
export interface PublishableProduct {
  approved_at: string | Date | null;
}

/** Why a batch of `product` may not be published by a producer of `producerStatus`; null = it may. */
export function publishRefusal(producerStatus: ProducerStatus, product: PublishableProduct): PublicationRefusal | null {
  const write = producerWriteRefusal(producerStatus);
  if (write) return write;
  if (producerStatus !== 'approved') return 'publish_producer_not_approved';
  if (!product.approved_at) return 'publish_product_not_approved';
  return null;
}

export function canPublish(producerStatus: ProducerStatus, product: PublishableProduct): boolean {
  return publishRefusal(producerStatus, product) === null;
}

/**
 * What a public page (batch, product, GS1 Digital Link) of a producer's product shows:
 * `visible`; `gone` once the producer is closed (410 "no longer available"); `hidden` (404)
 * while the producer is not approved or the product has never been approved.
 */
export type PublicVisibility = 'visible' | 'gone' | 'hidden';

export function publicVisibility(producerStatus: ProducerStatus, productApproved: boolean): PublicVisibility {
  if (producerStatus === 'closed') return 'gone';
  if (producerStatus !== 'approved' || !productApproved) return 'hidden';
  return 'visible';
}

/** Error code of a public page taken down with its producer (HTTP 410). */
export const NO_LONGER_AVAILABLE = 'no_longer_available';

/**
 * Optimistic concurrency on saves (PUT product, PUT batch): the `updated_at` the client read.
 * Optional (older clients send none); when sent and older than the record, the save answers
 * 409 `stale_update` instead of overwriting someone else's change.
 */
export const expectedUpdatedAt = dateTimeField('invalidUpdatedAt')
  .optional()
  .describe('The updated_at the client read; a different current value answers 409 stale_update');
export const STALE_UPDATE = 'stale_update';

/** True when the record changed since the client read it (`sent` absent: no check). */
export function isStale(current: Date | string, sent: string | null | undefined): boolean {
  if (!sent) return false;
  return new Date(current).getTime() !== new Date(sent).getTime();
}
