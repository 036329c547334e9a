import {
  missingRequirements,
  type MissingItem,
  type RequirementSubject,
  type SaleChannelRequirements,
} from '@agrihub/contract';
import type { products } from '../../db/schema/index.js';

/** The product columns the requirement check reads. */
export type ProductFacts = Pick<
  typeof products.$inferSelect,
  'gtin' | 'images' | 'status' | 'priceCents' | 'description'
>;

/**
 * A product as the contract's one requirement rule (`missingRequirements`) sees it. It reads the
 * live row: an approved product's live fields are its approved version (ADR 005: any edit sends it
 * back to draft), so "approved" and the other facts always describe the same version, and an
 * edited product is "not approved" until it is reviewed again.
 */
export function requirementSubjectOf(p: ProductFacts): RequirementSubject {
  return {
    gtin: p.gtin,
    image_count: p.images.length,
    approved: p.status === 'approved',
    price_cents: p.priceCents,
    description: p.description,
  };
}

/** What `product` lacks for a channel with `requirements` (empty when it may be registered). */
export function productMissing(requirements: SaleChannelRequirements, product: ProductFacts): MissingItem[] {
  return missingRequirements(requirements, requirementSubjectOf(product));
}
