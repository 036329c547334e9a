import {
  productReadiness,
  type MissingItem,
  type ReferenceableProduct,
  type SaleChannelReference,
  type SaleChannelRequirements,
} from '@agrihub/contract/schemas/sale-channels';
import { z } from 'zod';
import { isApiError } from './api-error';

/** One requirement of a channel in words: a key under `sales-channels:requirements.` and its count, if any. */
export interface RequirementLine {
  key: 'gtin' | 'min_images' | 'approved_product' | 'price' | 'min_description';
  count?: number;
}

/** A channel's requirements as lines to read (none: the channel asks nothing of a product). */
export function requirementLines(req: SaleChannelRequirements): RequirementLine[] {
  const out: RequirementLine[] = [];
  if (req.gtin) out.push({ key: 'gtin' });
  if (req.min_images > 0) out.push({ key: 'min_images', count: req.min_images });
  if (req.approved_product) out.push({ key: 'approved_product' });
  if (req.price) out.push({ key: 'price' });
  if (req.min_description > 0) out.push({ key: 'min_description', count: req.min_description });
  return out;
}

/** The `enums` key and parameters of a missing item ("needs at least {{need}} images (has {{have}})"). */
export function missingLabelArgs(item: MissingItem): [key: string, params: { need?: number; have?: number }] {
  const params: { need?: number; have?: number } = {};
  if (item.need !== undefined) params.need = item.need;
  if (item.have !== undefined) params.have = item.have;
  return [`saleChannelMissing.${item.key}`, params];
}

/** Why a product can or cannot be picked in the "register products" list of a channel. */
export type ProductChoice =
  | { selectable: true; resubmit: boolean; missing: [] }
  | { selectable: false; why: 'missing'; missing: MissingItem[] }
  | { selectable: false; why: 'registered' | 'closed' | 'not_offered'; missing: MissingItem[] };

/**
 * Whether a product may be registered to a channel now: it lacks nothing, and is not registered yet
 * (a rejected one is sent again; pending, approved and closed ones are not: the table refuses them).
 * `not_offered`: the answer has no state for the channel (it is paused).
 */
export function productChoice(product: ReferenceableProduct, channelId: number): ProductChoice {
  const state = product.channels.find((c) => c.channel_id === channelId);
  if (!state) return { selectable: false, why: 'not_offered', missing: [] };
  const status = state.reference?.register_status;
  if (status === 'pending' || status === 'approved')
    return { selectable: false, why: 'registered', missing: state.missing };
  if (status === 'closed') return { selectable: false, why: 'closed', missing: state.missing };
  if (state.missing.length) return { selectable: false, why: 'missing', missing: state.missing };
  return { selectable: true, resubmit: status === 'rejected', missing: [] };
}

const refusal = z.object({ products: z.array(productReadiness) });
export type ProductReadiness = z.infer<typeof productReadiness>;

/**
 * The per-product readiness a refused registration answers (422 saleChannelProductsNotReady): only
 * the products that lack something; empty for any other failure.
 */
export function refusedProducts(error: unknown): ProductReadiness[] {
  if (!isApiError(error) || error.status !== 422) return [];
  const parsed = refusal.safeParse(error.details);
  return parsed.success ? parsed.data.products.filter((p) => p.missing.length) : [];
}

/** Whether the owner may sync a registration now: an approved product registration on a channel not paused. */
export function canSync(
  ref: Pick<SaleChannelReference, 'referenceable_type' | 'register_status'> & { channel: { active: boolean } },
): boolean {
  return ref.referenceable_type === 'product' && ref.register_status === 'approved' && ref.channel.active;
}
