import type { ProductStatus } from '@agrihub/contract';
import { AppError, conflict } from '../../lib/errors.js';

/**
 * Product rules beyond the review table (contract workflows): who may change a product and
 * what an edit does to its review, and what a GTIN clash may reveal.
 */

/** The producer edits or deletes a product except while an administrator reviews it (409 product_under_review). */
export function assertProducerMayEdit(p: { status: string }): void {
  if (p.status === 'pending') throw conflict('product_under_review');
}

/** Editing a reviewed product sends it back to draft (ADR 005); its approved version stays public (ADR 007). */
export function statusAfterEdit(status: ProductStatus): ProductStatus {
  return status === 'approved' || status === 'rejected' ? 'draft' : status;
}

/**
 * 409 when the GTIN is taken: by another producer's product (gtin_taken, naming no one: another
 * producer's catalogue is not disclosed) or by another product of the same producer
 * (gtin_taken_own, naming it). GS1: a GTIN identifies one trade item, so one product of the
 * platform holds it (the unique index products_platform_gtin14_uq).
 */
export function gtinTaken(gtin: string, ownProductName: string | null): AppError {
  return ownProductName == null
    ? new AppError(409, 'gtin_taken', { gtin }, [{ field: 'gtin', message: 'gtin_taken' }])
    : new AppError(409, 'gtin_taken_own', { gtin, name: ownProductName }, [
        { field: 'gtin', message: 'gtin_taken_own' },
      ]);
}

/** The holder of a GTIN as the asking producer may see it: its name only when it is the producer's own. */
export function gtinClash(hit: { producerId: number; name: string }, producerId: number, gtin: string): AppError {
  return gtinTaken(gtin, hit.producerId === producerId ? hit.name : null);
}
