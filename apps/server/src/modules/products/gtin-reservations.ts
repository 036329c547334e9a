import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { gtinReservations, products, traceabilities } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { gtinTaken } from './policy.js';

/**
 * GTINs printed on published batches (ADR 030). A batch records the GTIN of its Digital Link when
 * it is published, and that GTIN is reserved to the batch's producer for good: no other producer's
 * product takes it, and the product whose batch printed it keeps it.
 */

/** True when `gtin14` was printed by another producer's published batch on `platform`. */
export async function gtinReservedToOther(
  db: Db | Tx,
  platform: string,
  gtin14: string,
  producerId: number,
): Promise<boolean> {
  const [hit] = await db
    .select({ producerId: gtinReservations.producerId })
    .from(gtinReservations)
    .where(and(eq(gtinReservations.platform, platform), eq(gtinReservations.gtin14, gtin14)))
    .limit(1);
  return !!hit && hit.producerId !== producerId;
}

/**
 * 409 gtin_printed when `product` would lose a GTIN one of its published batches printed: its
 * packs carry that Digital Link, which must keep leading to the batch and stay this producer's.
 * Checked only when the GTIN changes (`next`: the new GTIN-14, null when dropped).
 */
export async function assertPrintedGtinKept(
  tx: Tx,
  product: { id: number; gtin: string | null; gtin14: string | null },
  next: string | null,
): Promise<void> {
  if (product.gtin14 === next) return;
  const [printed] = await tx
    .select({ gtin14: traceabilities.gtin14 })
    .from(traceabilities)
    .where(
      and(
        eq(traceabilities.productId, product.id),
        isNotNull(traceabilities.gtin14),
        next ? ne(traceabilities.gtin14, next) : undefined,
      ),
    )
    .limit(1);
  if (!printed?.gtin14) return;
  const gtin = product.gtin && product.gtin14 === printed.gtin14 ? product.gtin : printed.gtin14;
  throw new AppError(409, 'gtin_printed', { gtin }, [{ field: 'gtin', message: 'gtin_printed' }]);
}

/**
 * The GTIN-14 a batch being published prints, reserved to its producer: its product's GTIN when
 * the product holds it and its approved version carries it (the only GTIN whose link a consumer
 * is shown), else null (the batch's link is then `/trace/{code}`). The product row is read under
 * a share lock, so an edit dropping the GTIN cannot commit in between. 409 gtin_taken if another
 * producer holds the reservation (data from before it existed).
 */
export async function gtinToPrint(
  tx: Db | Tx,
  batch: { platform: string; producerId: number; productId: number },
): Promise<string | null> {
  const [p] = await tx
    .select({
      gtin: products.gtin,
      gtin14: products.gtin14,
      approved: sql<string | null>`${products.approvedSnapshot}->>'gtin'`,
    })
    .from(products)
    .where(eq(products.id, batch.productId))
    .for('share');
  if (!p?.gtin14 || !p.approved || !/^\d{8,14}$/.test(p.approved) || p.approved.padStart(14, '0') !== p.gtin14) {
    return null;
  }
  await tx
    .insert(gtinReservations)
    .values({ platform: batch.platform, gtin14: p.gtin14, producerId: batch.producerId })
    .onConflictDoNothing();
  if (await gtinReservedToOther(tx, batch.platform, p.gtin14, batch.producerId))
    throw gtinTaken(p.gtin ?? p.gtin14, null);
  return p.gtin14;
}
