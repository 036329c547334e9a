import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  PUBLIC_PRODUCT_BATCHES,
  provinceName,
  toGtin14,
  variantLabel,
  type PublicProducer,
  type PublicProduct,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { productVariants, producers, products, traceabilities } from '../../db/schema/index.js';
import { vnToday } from './cache.js';
import { publicCertificates, publicImages, publicProducer } from './public-shapes.js';

/**
 * The public view of an approved product of `platform` by its public code (null otherwise):
 * product, producer, certificates with validity, variant labels and its newest published batches.
 */
export async function loadPublicProduct(
  db: Db,
  platform: string,
  code: string,
  today = vnToday(),
): Promise<PublicProduct | null> {
  const [row] = await db
    .select({
      product: products,
      producer: {
        name: producers.name,
        provinceCode: producers.provinceCode,
        type: producers.producerType,
        logoUrl: producers.logoUrl,
      },
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(and(eq(products.publicCode, code), eq(products.platform, platform), eq(products.status, 'approved')))
    .limit(1);
  if (!row) return null;
  const p = row.product;
  const variants = await db
    .select({ types: productVariants.types })
    .from(productVariants)
    .where(and(eq(productVariants.productId, p.id), eq(productVariants.active, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const batches = await db
    .select({
      code: traceabilities.publicCode,
      lotCode: traceabilities.lotCode,
      productionDate: traceabilities.productionDate,
      expiryDate: traceabilities.expiryDate,
      heldAt: traceabilities.heldAt,
      recalledAt: traceabilities.recalledAt,
      variantTypes: productVariants.types,
    })
    .from(traceabilities)
    .leftJoin(productVariants, eq(productVariants.id, traceabilities.variantId))
    .where(
      and(
        eq(traceabilities.productId, p.id),
        eq(traceabilities.platform, platform),
        eq(traceabilities.status, 'published'),
      ),
    )
    .orderBy(
      desc(traceabilities.productionDate),
      sql`${traceabilities.publishedAt} desc nulls last`,
      desc(traceabilities.id),
    )
    .limit(PUBLIC_PRODUCT_BATCHES);
  const images = publicImages(p.images);
  return {
    code: p.publicCode,
    name: p.name,
    name_en: p.nameEn,
    description: p.description,
    description_en: p.descriptionEn,
    gtin: p.gtin,
    unit: p.unit,
    cover: images[0] ?? null,
    images,
    origin_province_code: p.originProvinceCode,
    origin_province: provinceName(p.originProvinceCode),
    origin_country: p.originCountry,
    producer: publicProducer({ ...row.producer, type: row.producer.type as PublicProducer['type'] }),
    certificates: publicCertificates(p.certificates, today),
    variants: variants.map((v) => ({ label: variantLabel(v.types) })),
    batches: batches.map((b) => ({
      code: b.code,
      lot_code: b.lotCode,
      variant: b.variantTypes ? { label: variantLabel(b.variantTypes) } : null,
      production_date: b.productionDate,
      expiry_date: b.expiryDate,
      expired: !!b.expiryDate && b.expiryDate < today,
      recalled: !!b.recalledAt,
      on_hold: !!b.heldAt && !b.recalledAt,
    })),
  };
}

/** Public code of the approved product of `platform` whose GTIN equals `gtin` (any length, compared as GTIN-14). */
export async function productCodeByGtin(db: Db, platform: string, gtin: string): Promise<string | null> {
  const [row] = await db
    .select({ code: products.publicCode })
    .from(products)
    .where(
      and(
        eq(products.platform, platform),
        eq(products.status, 'approved'),
        sql`lpad(${products.gtin}, 14, '0') = ${toGtin14(gtin)}`,
      ),
    )
    .orderBy(sql`${products.reviewedAt} desc nulls last`, desc(products.id))
    .limit(1);
  return row?.code ?? null;
}
