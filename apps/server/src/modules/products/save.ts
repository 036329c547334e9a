import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  buildVariants,
  isStale,
  toGtin14,
  type ExistingVariant,
  type PlatformKey,
  type productRequest,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import {
  categories,
  productTypes,
  productVariants,
  products,
  traceabilities,
  type Certificate,
  type OptionGroup,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { AppError, conflict, unprocessable } from '../../lib/errors.js';
import { platformOf } from '../../lib/scope.js';
import { publicCode } from '../../lib/secrets.js';
import type { StorageDriver } from '../../plugins/storage.js';
import type { ProductRow } from './presenter.js';
import { pickUpload, publishUploads, resolveOwnUploads, type OwnUpload } from '../uploads/resolve.js';
import { gtinClash, gtinTaken, statusAfterEdit } from './policy.js';
import { assertPrintedGtinKept, gtinReservedToOther } from './gtin-reservations.js';
import { listingChanged, markProductListingsOutOfDate } from '../sale-channels/sync/stale.js';

export type ProductInput = z.output<typeof productRequest>;
interface SaveScope {
  platform: PlatformKey;
  producerId: number;
  /** Who saves (recorded in the product's history when an edit sends it back to draft). */
  actorId?: number | null;
}

export const skuTaken = (field = 'sku', code = 'sku_taken', params: Record<string, string> = {}) =>
  new AppError(409, code, params, [{ field, message: code }]);

/** 409 sku_taken when another product of the producer already has this SKU. */
export async function assertSkuFree(tx: Tx, producerId: number, sku: string, exceptId?: number) {
  const conds = [eq(products.producerId, producerId), eq(products.sku, sku)];
  if (exceptId) conds.push(ne(products.id, exceptId));
  const [hit] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(...conds))
    .limit(1);
  if (hit) throw skuTaken();
}

/**
 * The GTIN as GTIN-14 when no other product of the platform holds it (otherwise the 409 of
 * gtinClash) and no other producer's published batch printed it (409 gtin_taken, ADR 030).
 */
export async function assertGtinFree(tx: Tx, scope: SaveScope, gtin: string, exceptId?: number): Promise<string> {
  const gtin14 = toGtin14(gtin);
  if (await gtinReservedToOther(tx, scope.platform, gtin14, scope.producerId)) throw gtinTaken(gtin, null);
  const conds = [platformOf(products, scope), eq(products.gtin14, gtin14)];
  if (exceptId) conds.push(ne(products.id, exceptId));
  const [hit] = await tx
    .select({ producerId: products.producerId, name: products.name })
    .from(products)
    .where(and(...conds))
    .limit(1);
  if (hit) throw gtinClash(hit, scope.producerId, gtin);
  return gtin14;
}

/** 409 stale_update when the client's `updated_at` is not the product's (someone saved since it read). */
export function assertFresh(current: Date, sent: string | undefined): void {
  if (isStale(current, sent)) throw conflict('stale_update');
}

/** A new updated_at strictly after the old one, so two saves never share the value a client sends back. */
export const nextUpdatedAt = (previous: Date | null | undefined) =>
  new Date(Math.max(Date.now(), (previous?.getTime() ?? 0) + 1));

async function checkCatalog(tx: Tx, input: ProductInput) {
  const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
  if (!cat) throw unprocessable('invalidCategory', {}, 'category_id');
  const [child] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, input.category_id))
    .limit(1);
  if (child) throw unprocessable('categoryNotLeaf', {}, 'category_id');
  if (input.product_type_id != null) {
    const [t] = await tx
      .select({ id: productTypes.id })
      .from(productTypes)
      .where(eq(productTypes.id, input.product_type_id));
    if (!t) throw unprocessable('invalidProductType', {}, 'product_type_id');
  }
}

/**
 * Creates or replaces a product, and rebuilds its variants when option_groups or variants are
 * sent. The caller runs it inside one transaction: any error leaves nothing half-saved.
 */
export async function saveProduct(
  tx: Tx,
  storage: StorageDriver,
  scope: SaveScope,
  input: ProductInput,
  existing?: ProductRow,
): Promise<ProductRow> {
  await checkCatalog(tx, input);
  if (input.sku) await assertSkuFree(tx, scope.producerId, input.sku, existing?.id);
  const gtin14 = input.gtin ? await assertGtinFree(tx, scope, input.gtin, existing?.id) : null;
  if (existing) await assertPrintedGtinKept(tx, existing, gtin14);

  const groupsIn = input.option_groups;
  const uploadIds = [
    ...input.image_ids,
    ...input.certificates.flatMap((c) => (c.file_id ? [c.file_id] : [])),
    ...(groupsIn ?? []).flatMap((g) => g.thumbnail_ids.filter((x): x is number => x != null)),
    ...(input.variants ?? []).flatMap((v) => (v.thumbnail_id ? [v.thumbnail_id] : [])),
  ];
  const found = await resolveOwnUploads(tx, storage, scope, uploadIds);
  const images = input.image_ids.map((id, i) => {
    const u = pickUpload(found, id, `image_ids.${i}`, 'image');
    return { id: u.id, url: u.url, thumbnail_url: u.thumbnail_url };
  });
  const certificates: Certificate[] = input.certificates.map((c, i) => ({
    name: c.name,
    issuer: c.issuer,
    number: c.number,
    valid_until: c.valid_until,
    file: c.file_id
      ? (({ id, url, filename }) => ({ id, url, filename }))(pickUpload(found, c.file_id, `certificates.${i}.file_id`))
      : null,
  }));
  const optionGroups: OptionGroup[] | undefined = groupsIn?.map((g, gi) => ({
    title: g.title,
    values: g.values,
    thumbnails: g.values.map((_, vi) => {
      const id = g.thumbnail_ids[vi];
      if (id == null) return null;
      const u = pickUpload(found, id, `option_groups.${gi}.thumbnail_ids.${vi}`, 'image');
      return { id: u.id, url: u.thumbnail_url ?? u.url };
    }),
  }));

  const fields = {
    name: input.name,
    nameEn: input.name_en ?? null,
    description: input.description ?? null,
    descriptionEn: input.description_en ?? null,
    categoryId: input.category_id,
    productTypeId: input.product_type_id ?? null,
    unit: input.unit,
    priceCents: input.price?.cents ?? null,
    shippingPriceCents: input.shipping_price?.cents ?? null,
    discountPriceCents: input.discount_price?.cents ?? null,
    taxRate: input.tax_rate ?? null,
    gtin: input.gtin ?? null,
    gtin14,
    // An administrator's check of the GTIN holds only for that GTIN.
    gtinVerified: !!existing && existing.gtin14 === gtin14 && existing.gtinVerified,
    sku: input.sku ?? null,
    brand: input.brand ?? null,
    trademark: input.trademark ?? null,
    standards: input.standards,
    shelfLifeDays: input.shelf_life_days ?? null,
    images,
    certificates,
    originProvinceCode: input.origin_province_code ?? null,
    originCountry: input.origin_country ?? null,
    ...(optionGroups ? { optionGroups } : {}),
  };

  let row: ProductRow;
  if (existing) {
    // Pending ones are refused earlier (assertProducerMayEdit).
    const status = statusAfterEdit(existing.status);
    [row] = (await tx
      .update(products)
      .set({ ...fields, status, updatedAt: nextUpdatedAt(existing.updatedAt) })
      .where(eq(products.id, existing.id))
      .returning()) as [ProductRow];
    if (status !== existing.status) {
      await recordActivity(tx, {
        subjectType: 'product',
        subjectId: existing.id,
        platform: existing.platform,
        actorId: scope.actorId ?? null,
        action: 'back_to_draft',
        from: existing.status,
        to: status,
      });
    }
  } else {
    [row] = (await tx
      .insert(products)
      .values({
        ...fields,
        platform: scope.platform,
        producerId: scope.producerId,
        status: 'draft',
        publicCode: publicCode(),
      })
      .returning()) as [ProductRow];
  }

  if (groupsIn !== undefined || input.variants !== undefined) {
    await syncVariants(tx, scope.producerId, row, input.variants ?? [], found);
  }
  // Photos, thumbnails and certificates show on the product's and its batches' public pages.
  await publishUploads(tx, uploadIds);
  // Sales channel listings of this product no longer match it: out of date until synced again.
  if (existing && listingChanged(existing, row)) await markProductListingsOutOfDate(tx, row.id, scope.actorId ?? null);
  return row;
}

/** Rebuilds the variants of `product` from its option groups (spec §4), keeping surviving combinations' data. */
async function syncVariants(
  tx: Tx,
  producerId: number,
  product: ProductRow,
  sent: NonNullable<ProductInput['variants']>,
  found: Map<number, OwnUpload>,
) {
  const current = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
  const currentIds = new Set(current.map((v) => v.id));
  const claimed = new Set<number>();
  const fromRequest: ExistingVariant[] = sent.map((v, i) => {
    const id = v.id != null && currentIds.has(v.id) && !claimed.has(v.id) ? v.id : null;
    if (id) claimed.add(id);
    const thumb = v.thumbnail_id ? pickUpload(found, v.thumbnail_id, `variants.${i}.thumbnail_id`, 'image') : null;
    return {
      id,
      types: v.types,
      price: v.price,
      customer_sku: v.customer_sku,
      thumbnail_id: thumb?.id ?? null,
      thumbnail_url: thumb ? (thumb.thumbnail_url ?? thumb.url) : null,
    };
  });
  const fromDb: ExistingVariant[] = current
    .filter((v) => !claimed.has(v.id))
    .sort((a, b) => Number(b.active) - Number(a.active))
    .map((v) => ({
      id: v.id,
      types: v.types,
      price: v.priceCents == null ? null : { cents: v.priceCents },
      customer_sku: v.customerSku,
      thumbnail_id: v.thumbnailId,
      thumbnail_url: v.thumbnailUrl,
    }));
  const built = buildVariants(product.optionGroups, [...fromRequest, ...fromDb]);

  const skus = built.map((v) => v.customer_sku).filter((s): s is string => !!s);
  if (new Set(skus).size !== skus.length) throw unprocessable('duplicateVariantSku', {}, 'variants');
  if (skus.length) {
    const [hit] = await tx
      .select({ sku: productVariants.customerSku })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          eq(products.producerId, producerId),
          ne(products.id, product.id),
          eq(productVariants.active, true),
          inArray(productVariants.customerSku, skus),
        ),
      )
      .limit(1);
    if (hit) throw skuTaken('variants', 'variant_sku_taken', { sku: hit.sku ?? '' });
  }

  const kept = new Set<number>();
  for (const [position, v] of built.entries()) {
    const values = {
      types: v.types,
      priceCents: v.price?.cents ?? null,
      customerSku: v.customer_sku,
      thumbnailId: v.thumbnail_id,
      thumbnailUrl: v.thumbnail_url,
      position,
      active: true,
    };
    if (v.id) {
      kept.add(v.id);
      await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
    } else {
      await tx.insert(productVariants).values({ ...values, productId: product.id });
    }
  }
  const gone = current.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) {
    // Variants a batch refers to are kept (inactive) so the batch keeps its variant; others are deleted.
    const used = await tx
      .select({ id: traceabilities.variantId })
      .from(traceabilities)
      .where(inArray(traceabilities.variantId, gone));
    const usedIds = new Set(used.map((u) => u.id));
    const drop = gone.filter((id) => !usedIds.has(id));
    if (usedIds.size)
      await tx
        .update(productVariants)
        .set({ active: false })
        .where(inArray(productVariants.id, [...usedIds] as number[]));
    if (drop.length) await tx.delete(productVariants).where(inArray(productVariants.id, drop));
  }
}
