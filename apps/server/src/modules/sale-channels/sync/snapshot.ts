import { and, count, eq, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { missingRequirements, todayInVietnam, type MissingItem, type SaleChannelRequirements } from '@agrihub/contract';
import type { Config } from '../../../config/env.js';
import type { Db, Tx } from '../../../db/client.js';
import { traceabilities, type products, type SaleChannelSnapshot } from '../../../db/schema/index.js';
import { platformOrigin } from '../../notifications/mail.js';

type ProductRow = typeof products.$inferSelect;

/** Most additional images a listing carries (Google Merchant takes up to 10). */
const ADDITIONAL_IMAGES_MAX = 10;

/** An upload URL as an absolute link on the platform's host (stored ones are root-relative). */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The public product page a listing links to: `/trace/p/{public_code}` on the platform's host. */
export function productPageUrl(origin: string, publicCode: string): string {
  return `${origin}/trace/p/${encodeURIComponent(publicCode)}`;
}

/**
 * Batches that put their product on sale: AgriHub keeps no stock, so a product is in stock while it
 * has a published batch that is neither recalled, on hold nor past its expiry date (ADR 015).
 */
function batchOnSale(today: string): SQL {
  return and(
    eq(traceabilities.status, 'published'),
    isNull(traceabilities.recalledAt),
    isNull(traceabilities.heldAt),
    or(isNull(traceabilities.expiryDate), gte(traceabilities.expiryDate, today)),
  )!;
}

/** Whether the product is on sale (a batch on sale). */
export async function hasBatchOnSale(db: Db | Tx, productId: number, today = todayInVietnam()): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(traceabilities)
    .where(and(eq(traceabilities.productId, productId), batchOnSale(today)));
  return Number(n) > 0;
}

/** Which of these products are on sale today, in one query (the feed's live availability). */
export async function productsOnSale(
  db: Db | Tx,
  productIds: number[],
  today = todayInVietnam(),
): Promise<Set<number>> {
  if (!productIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: traceabilities.productId })
    .from(traceabilities)
    .where(and(inArray(traceabilities.productId, productIds), batchOnSale(today)));
  return new Set(rows.map((r) => r.id));
}

export interface SnapshotSource {
  product: ProductRow;
  producerName: string;
  inStock: boolean;
}

/**
 * The listing of a product as its public page shows it (ADR 007: the approved version, never an
 * edit waiting for review): title, description, images and GTIN of the approved version; the
 * price (đồng: price_cents holds whole đồng, VND has no subunit) from the product; brand = the
 * producer. null when the product has no approved version (no public page to link to).
 */
export function buildSnapshot(config: Config, src: SnapshotSource): SaleChannelSnapshot | null {
  const p = src.product;
  const approved = p.approvedSnapshot;
  if (!approved) return null;
  const origin = platformOrigin(config, p.platform);
  const images = approved.images.map((img) => absoluteUrl(origin, img.url));
  return {
    id: p.publicCode,
    title: approved.name,
    description: (approved.description ?? '').trim(),
    link: productPageUrl(origin, p.publicCode),
    image_link: images[0] ?? null,
    additional_image_links: images.slice(1, 1 + ADDITIONAL_IMAGES_MAX),
    price_vnd: p.priceCents ?? 0,
    availability: src.inStock ? 'in_stock' : 'out_of_stock',
    brand: src.producerName,
    gtin: approved.gtin,
    condition: 'new',
  };
}

/**
 * The channel's requirements checked on what would be published (the approved version and the
 * price), so a listing never carries less than the channel asks even when the live product meets it.
 */
export function snapshotMissing(
  requirements: SaleChannelRequirements,
  snapshot: SaleChannelSnapshot,
  imageCount: number,
  approved: boolean,
): MissingItem[] {
  return missingRequirements(requirements, {
    gtin: snapshot.gtin,
    image_count: imageCount,
    approved,
    price_cents: snapshot.price_vnd,
    description: snapshot.description,
  });
}

/** Every missing item once (the first of each key), in the order given. */
export function uniqueMissing(...lists: MissingItem[][]): MissingItem[] {
  const seen = new Set<string>();
  return lists.flat().filter((m) => (seen.has(m.key) ? false : (seen.add(m.key), true)));
}
