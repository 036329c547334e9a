import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  PUBLIC_PRODUCT_BATCHES,
  provinceName,
  publicVisibility,
  todayInVietnam,
  toGtin14,
  variantLabel,
  type PublicProducer,
  type PublicProduct,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { gtinReservations, productVariants, producers, products, traceabilities } from '../../db/schema/index.js';
import { approvedVariantTypes, publicCertificates, publicImages, publicProducer } from './public-shapes.js';

/**
 * The public view of a product of `platform` by its public code, as last approved (ADR 007):
 * product, producer, certificates with validity, variant labels and its newest published batches.
 * null when it is not public (never approved, producer not approved), 'gone' once its producer
 * is closed (the contract's publicVisibility).
 */
export async function loadPublicProduct(
  db: Db,
  platform: string,
  code: string,
  today = todayInVietnam(),
): Promise<PublicProduct | 'gone' | null> {
  const [row] = await db
    .select({
      product: { id: products.id, publicCode: products.publicCode, snapshot: products.approvedSnapshot },
      producerStatus: producers.status,
      producer: {
        name: producers.name,
        provinceCode: producers.provinceCode,
        type: producers.producerType,
        logoUrl: producers.logoUrl,
        address: producers.address,
      },
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(and(eq(products.publicCode, code), eq(products.platform, platform)))
    .limit(1);
  if (!row) return null;
  const visibility = publicVisibility(row.producerStatus, row.product.snapshot != null);
  if (visibility !== 'visible') return visibility === 'gone' ? 'gone' : null;
  const { id, publicCode: productCode } = row.product;
  const p = row.product.snapshot!;
  const batches = await db
    .select({
      code: traceabilities.publicCode,
      lotCode: traceabilities.lotCode,
      productionDate: traceabilities.productionDate,
      expiryDate: traceabilities.expiryDate,
      heldAt: traceabilities.heldAt,
      recalledAt: traceabilities.recalledAt,
      variantId: traceabilities.variantId,
      variantTypes: productVariants.types,
    })
    .from(traceabilities)
    .leftJoin(productVariants, eq(productVariants.id, traceabilities.variantId))
    .where(
      and(
        eq(traceabilities.productId, id),
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
    code: productCode,
    name: p.name,
    name_en: p.name_en,
    description: p.description,
    description_en: p.description_en,
    gtin: p.gtin,
    unit: p.unit,
    cover: images[0] ?? null,
    images,
    origin_province_code: p.origin_province_code,
    origin_province: provinceName(p.origin_province_code),
    origin_country: p.origin_country,
    producer: publicProducer({ ...row.producer, type: row.producer.type as PublicProducer['type'] }),
    certificates: publicCertificates(p.certificates, today),
    variants: p.variants.map((v) => ({ label: variantLabel(v.types) })),
    batches: batches.map((b) => {
      const variant = approvedVariantTypes(p, b.variantId, b.variantTypes);
      return {
        code: b.code,
        lot_code: b.lotCode,
        variant: variant ? { label: variantLabel(variant) } : null,
        production_date: b.productionDate,
        expiry_date: b.expiryDate,
        expired: !!b.expiryDate && b.expiryDate < today,
        recalled: !!b.recalledAt,
        on_hold: !!b.heldAt && !b.recalledAt,
      };
    }),
  };
}

/**
 * The product of `platform` that owns `gtin` (compared as GTIN-14) and was approved with it, if
 * its page is public or was taken down with its producer (the trace page then says so); another
 * product carrying the same digits owns nothing and is never followed.
 */
export async function gtinOwner(
  db: Db,
  platform: string,
  gtin: string,
): Promise<{ productId: number; producerId: number; code: string } | null> {
  const gtin14 = toGtin14(gtin);
  const [row] = await db
    .select({
      productId: products.id,
      producerId: products.producerId,
      code: products.publicCode,
      producerStatus: producers.status,
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(
      and(
        eq(products.platform, platform),
        eq(products.gtin14, gtin14),
        isNotNull(products.approvedSnapshot),
        // The approved version carries this GTIN: a GTIN changed in an unreviewed edit resolves nothing.
        sql`lpad(${products.approvedSnapshot}->>'gtin', 14, '0') = ${gtin14}`,
        // Never a GTIN another producer's batches printed (ADR 030; data from before the rule).
        sql`not exists (select 1 from ${gtinReservations} r where r.platform = ${products.platform}
          and r.gtin14 = ${products.gtin14} and r.producer_id <> ${products.producerId})`,
      ),
    )
    .limit(1);
  if (!row || publicVisibility(row.producerStatus, true) === 'hidden') return null;
  return { productId: row.productId, producerId: row.producerId, code: row.code };
}

/** Public code of the product page `/01/{gtin}` leads to (see gtinOwner). */
export async function productCodeByGtin(db: Db, platform: string, gtin: string): Promise<string | null> {
  return (await gtinOwner(db, platform, gtin))?.code ?? null;
}

/**
 * Public code of the published batch that printed `gtin` and whose `which` column is `value`,
 * unless its producer's pages are hidden (a closed producer's page says it is no longer
 * available). One lookup through a unique index on the platform and GTIN.
 */
async function publishedBatchCode(
  db: Db,
  platform: string,
  gtin: string,
  which: typeof traceabilities.lotCode | typeof traceabilities.publicCode,
  value: string,
): Promise<string | null> {
  const [row] = await db
    .select({ code: traceabilities.publicCode, producerStatus: producers.status })
    .from(traceabilities)
    .innerJoin(producers, eq(producers.id, traceabilities.producerId))
    .where(
      and(
        eq(traceabilities.platform, platform),
        eq(traceabilities.gtin14, toGtin14(gtin)),
        eq(which, value),
        eq(traceabilities.status, 'published'),
      ),
    )
    .limit(1);
  // A published batch's product has an approved version (publication requires one).
  if (!row || publicVisibility(row.producerStatus, true) === 'hidden') return null;
  return row.code;
}

/**
 * Public code of the batch `/01/{gtin}/10/{lot}` leads to: the published batch that printed this
 * GTIN with this lot (ADR 030), whoever holds the GTIN today (the unique index on (platform,
 * gtin14, lot_code): a GTIN is one producer's and a lot one batch of it).
 */
export const batchCodeByGtinLot = (db: Db, platform: string, gtin: string, lot: string) =>
  publishedBatchCode(db, platform, gtin, traceabilities.lotCode, lot);

/**
 * Public code of the batch `/01/{gtin}/21/{serial}` leads to: the portal prints no per-item
 * serials, so a serial resolves only when it is the public code of a published batch that printed
 * this GTIN (ADR 037).
 */
export const batchCodeByGtinSerial = (db: Db, platform: string, gtin: string, serial: string) =>
  publishedBatchCode(db, platform, gtin, traceabilities.publicCode, serial);
