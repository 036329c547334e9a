import { sql } from 'drizzle-orm';
import type { BatchState, ChainViewer, RecallScope } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { stateOf } from '../traceabilities/presenter.js';

/** Who asks for a trace or a recall: the platform, and the producer (or the platform's administrator). */
export interface ChainScope {
  platform: string;
  viewer: ChainViewer;
}

/** What the chain's answers show of a lot. */
export interface ChainLot {
  id: number;
  producerId: number;
  productId: number;
  lotCode: string;
  publicCode: string;
  productName: string;
  producerName: string;
  quantity: number;
  usedQuantity: number;
  unit: string;
  state: BatchState;
}

const ids = (list: readonly number[]) => `{${list.map((n) => Math.trunc(n)).join(',')}}`;

/** The lots of `lotIds` on the platform, with their product's and producer's names, by id. */
export async function lotsById(
  db: Db | Tx,
  platform: string,
  lotIds: readonly number[],
): Promise<Map<number, ChainLot>> {
  const out = new Map<number, ChainLot>();
  if (!lotIds.length) return out;
  const rows = (
    await db.execute<{
      id: number;
      producer_id: number;
      product_id: number;
      lot_code: string;
      public_code: string;
      product_name: string;
      producer_name: string;
      quantity: string;
      used_quantity: string;
      unit: string;
      status: string;
      held_at: unknown;
      recalled_at: unknown;
    }>(sql`
      select t.id, t.producer_id, t.product_id, t.lot_code, t.public_code, p.name as product_name,
        pr.name as producer_name, t.quantity::text as quantity, t.used_quantity::text as used_quantity, t.unit,
        t.status, t.held_at, t.recalled_at
      from traceabilities t join products p on p.id = t.product_id join producers pr on pr.id = t.producer_id
      where t.id = any(${ids(lotIds)}::int[]) and t.platform = ${platform}`)
  ).rows;
  for (const r of rows) {
    out.set(Number(r.id), {
      id: Number(r.id),
      producerId: Number(r.producer_id),
      productId: Number(r.product_id),
      lotCode: r.lot_code,
      publicCode: r.public_code,
      productName: r.product_name,
      producerName: r.producer_name,
      quantity: Number(r.quantity),
      usedQuantity: Number(r.used_quantity),
      unit: r.unit,
      state: stateOf({
        status: r.status as 'draft' | 'published',
        heldAt: r.held_at ? new Date() : null,
        recalledAt: r.recalled_at ? new Date() : null,
      }),
    });
  }
  return out;
}

/** The names of trading partners (a platform producer's own name when linked), by id. */
export async function partnersById(
  db: Db | Tx,
  partnerIds: readonly number[],
): Promise<Map<number, { name: string; linkedProducerId: number | null }>> {
  const out = new Map<number, { name: string; linkedProducerId: number | null }>();
  if (!partnerIds.length) return out;
  const rows = (
    await db.execute<{ id: number; name: string; linked_producer_id: number | null }>(sql`
      select tp.id, coalesce(pr.name, tp.name) as name, tp.linked_producer_id
      from trading_partners tp left join producers pr on pr.id = tp.linked_producer_id
      where tp.id = any(${ids([...new Set(partnerIds)])}::int[])`)
  ).rows;
  for (const r of rows)
    out.set(Number(r.id), {
      name: r.name,
      linkedProducerId: r.linked_producer_id == null ? null : Number(r.linked_producer_id),
    });
  return out;
}

/**
 * The lot a trace starts from: on the platform, and the caller's own unless it is the
 * administrator (another producer's lot id answers 404, as if it did not exist).
 */
export async function startLot(db: Db | Tx, scope: ChainScope, lotId: number): Promise<ChainLot> {
  const lot = (await lotsById(db, scope.platform, [lotId])).get(lotId);
  if (!lot || (!scope.viewer.admin && lot.producerId !== scope.viewer.producerId)) throw notFound();
  return lot;
}

/** The location a recall starts from, on the platform and the caller's own (404 otherwise). */
export async function startLocation(
  db: Db | Tx,
  scope: ChainScope,
  locationId: number,
): Promise<{ id: number; name: string; producerId: number }> {
  const [row] = (
    await db.execute<{ id: number; name: string; producer_id: number }>(sql`
      select id, name, producer_id from locations where id = ${locationId} and platform = ${scope.platform}`)
  ).rows;
  if (!row || (!scope.viewer.admin && Number(row.producer_id) !== scope.viewer.producerId)) throw notFound();
  return { id: Number(row.id), name: row.name, producerId: Number(row.producer_id) };
}

export const isLotScope = (s: RecallScope): s is { lot_id: number } => 'lot_id' in s;
