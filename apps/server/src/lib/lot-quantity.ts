import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { conflict } from './errors.js';

/**
 * A lot's quantity is taken by its shipments and transformation inputs (ADR 036 §3). Each take is
 * one guarded UPDATE in the caller's transaction: when what is left is less than asked, no row
 * changes and the call answers 409 `quantity_exceeds_remaining` — two requests racing for the last
 * kilo cannot both win, whichever database serialises them.
 */
export async function takeFromLot(tx: Tx, lotId: number, quantity: number): Promise<void> {
  const rows = await tx.execute<{ id: number }>(sql`
    update traceabilities set used_quantity = used_quantity + ${quantity}::numeric
    where id = ${lotId} and quantity - used_quantity >= ${quantity}::numeric
    returning id`);
  if (rows.rows.length === 0) {
    const left = await remainingOf(tx, lotId);
    throw conflict('quantity_exceeds_remaining', { remaining: String(left) });
  }
}

/** Gives back what a cancelled or refused shipment took (never below zero used). */
export async function giveBackToLot(tx: Tx, lotId: number, quantity: number): Promise<void> {
  await tx.execute(sql`
    update traceabilities set used_quantity = greatest(used_quantity - ${quantity}::numeric, 0)
    where id = ${lotId}`);
}

/** What is left of a lot (0 when it does not exist). */
export async function remainingOf(tx: Tx, lotId: number): Promise<number> {
  const rows = await tx.execute<{ left: string | null }>(
    sql`select (quantity - used_quantity)::text as left from traceabilities where id = ${lotId}`,
  );
  return Number(rows.rows[0]?.left ?? 0);
}
