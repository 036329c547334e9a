import {
  CURRENCY,
  variantLabel,
  type Money,
  type Product,
  type ProductCategory,
  type ProductVariant,
} from '@agrihub/contract';
import type { productVariants, products } from '../../db/schema/index.js';
import { productPublicUrl } from '../../lib/public-url.js';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

export function moneyOf(cents: number | null | undefined): Money | null {
  return cents == null ? null : { cents, currency_iso: CURRENCY };
}

export function presentVariant(v: VariantRow): ProductVariant {
  return {
    id: v.id,
    types: v.types,
    price: moneyOf(v.priceCents),
    customer_sku: v.customerSku,
    thumbnail_id: v.thumbnailId,
    thumbnail_url: v.thumbnailUrl,
    label: variantLabel(v.types),
  };
}

export interface PresentContext {
  producerName: string;
  categories: ProductCategory[];
  variants: VariantRow[];
  /** Public origin for qr_url (lib/public-url publicBaseUrl). */
  base: string;
}

export function presentProduct(p: ProductRow, ctx: PresentContext): Product {
  const cat = p.categoryId == null ? undefined : ctx.categories.find((c) => c.id === p.categoryId);
  return {
    id: p.id,
    producer_id: p.producerId,
    producer_name: ctx.producerName,
    name: p.name,
    name_en: p.nameEn,
    description: p.description,
    description_en: p.descriptionEn,
    category_id: p.categoryId,
    category_path: cat?.path ?? null,
    category_path_en: cat?.path_en ?? null,
    product_type_id: p.productTypeId,
    unit: p.unit,
    price: moneyOf(p.priceCents),
    shipping_price: moneyOf(p.shippingPriceCents),
    discount_price: moneyOf(p.discountPriceCents),
    tax_rate: p.taxRate,
    gtin: p.gtin,
    gtin_verified: p.gtinVerified,
    sku: p.sku,
    brand: p.brand,
    trademark: p.trademark,
    standards: p.standards,
    shelf_life_days: p.shelfLifeDays,
    images: p.images.map((i) => ({ id: i.id, url: i.url, thumbnail_url: i.thumbnail_url ?? null })),
    certificates: p.certificates.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.valid_until,
      file: c.file ? { id: c.file.id, url: c.file.url, filename: c.file.filename ?? 'file' } : null,
    })),
    origin_province_code: p.originProvinceCode,
    origin_country: p.originCountry,
    option_groups: p.optionGroups.map((g) => ({ title: g.title, values: g.values, thumbnails: g.thumbnails ?? [] })),
    variants: ctx.variants
      .filter((v) => v.productId === p.id && v.active)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(presentVariant),
    status: p.status,
    reject_reason: p.rejectReason,
    public_code: p.publicCode,
    qr_url: productPublicUrl(ctx.base, p),
    submitted_at: p.submittedAt?.toISOString() ?? null,
    reviewed_at: p.reviewedAt?.toISOString() ?? null,
    approved_at: p.approvedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
