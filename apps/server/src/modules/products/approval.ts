import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productVariants, type ApprovedProduct } from '../../db/schema/index.js';
import type { ProductRow } from './presenter.js';

/**
 * The public fields of `p` as they are now, with its active variants: stored as the approved
 * version when an administrator approves it (ADR 007), and read by every public page.
 */
export async function approvedSnapshot(db: Db | Tx, p: ProductRow): Promise<ApprovedProduct> {
  const variants = await db
    .select({ id: productVariants.id, types: productVariants.types })
    .from(productVariants)
    .where(and(eq(productVariants.productId, p.id), eq(productVariants.active, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    name: p.name,
    name_en: p.nameEn,
    description: p.description,
    description_en: p.descriptionEn,
    gtin: p.gtin,
    unit: p.unit,
    images: p.images,
    certificates: p.certificates,
    origin_province_code: p.originProvinceCode,
    origin_country: p.originCountry,
    sku: p.sku,
    brand: p.brand,
    trademark: p.trademark,
    standards: p.standards,
    shelf_life_days: p.shelfLifeDays,
    variants: variants.map((v) => ({ id: v.id, types: v.types })),
  };
}
