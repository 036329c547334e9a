import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { saleChannelReferences, saleChannelSyncLogs, type products } from '../../../db/schema/index.js';

import { hasBatchOnSale } from './snapshot.js';

type ProductRow = typeof products.$inferSelect;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether an edit touched what a listing shows or rests on (name, description, price, images, GTIN, status, approved version). */
export function listingChanged(before: ProductRow, after: ProductRow): boolean {
  return (
    before.name !== after.name ||
    before.description !== after.description ||
    before.priceCents !== after.priceCents ||
    before.gtin !== after.gtin ||
    before.status !== after.status ||
    !sameJson(
      before.images.map((i) => i.id),
      after.images.map((i) => i.id),
    ) ||
    !sameJson(before.optionGroups, after.optionGroups) ||
    !sameJson(before.approvedSnapshot, after.approvedSnapshot)
  );
}

/**
 * The product's synced registrations become out_of_date, in the caller's transaction (the product
 * save, the approval that replaces the approved version): their listing keeps the last synced
 * snapshot until someone syncs again (ADR 015). One sync log row each, by the actor.
 */
export function markProductListingsOutOfDate(tx: Tx, productId: number, actorId: number | null): Promise<number> {
  return markOutOfDate(tx, productId, actorId);
}

/**
 * A batch of the product was published, held, released or recalled: its synced listings whose
 * availability (in stock while a batch is on sale) no longer holds become out_of_date, in the
 * batch move's transaction, so the producer and a pushing channel adapter see it. (The feed itself
 * reads availability live.)
 */
export async function markAvailabilityChanged(tx: Tx, productId: number, actorId: number | null): Promise<number> {
  const now = (await hasBatchOnSale(tx, productId)) ? 'in_stock' : 'out_of_stock';
  return markOutOfDate(tx, productId, actorId, ne(sql`${saleChannelReferences.snapshot}->>'availability'`, now));
}

async function markOutOfDate(tx: Tx, productId: number, actorId: number | null, extra?: SQL): Promise<number> {
  const now = new Date();
  const rows = await tx
    .update(saleChannelReferences)
    .set({ syncStatus: 'out_of_date', updatedAt: now })
    .where(and(eq(saleChannelReferences.productId, productId), eq(saleChannelReferences.syncStatus, 'synced'), extra))
    .returning({ id: saleChannelReferences.id });
  if (rows.length) {
    await tx
      .insert(saleChannelSyncLogs)
      .values(
        rows.map((r) => ({ referenceId: r.id, status: 'out_of_date' as const, error: null, actorId, createdAt: now })),
      );
  }
  return rows.length;
}
