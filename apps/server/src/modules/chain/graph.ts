import { sql } from 'drizzle-orm';
import { TRACE_MAX_DEPTH, TRACE_MAX_LOTS, type TraceDirection } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';

/**
 * The chain's graph queries, the only ones (ADR 036 §6): a walk over `chain_edges` from some lots,
 * backward (to what they were made of or received from) or forward (to what they went into and
 * who holds it), by one recursive query on an index of each end. Edges always point from an older
 * lot to a newer one (a receipt and a transformation each make a new lot), so the graph has no
 * cycle; the depth cap is a guard, the lot cap bounds the answer.
 */

export interface WalkedLot {
  id: number;
  /** Fewest steps from a start lot (0 for a start lot). */
  depth: number;
}

export interface WalkedEdge {
  id: number;
  fromLotId: number;
  toLotId: number | null;
  kind: 'shipment' | 'transformation';
  sourceId: number;
  partnerId: number | null;
  quantity: number;
  unit: string;
  occurredOn: string;
}

export interface Walk {
  lots: WalkedLot[];
  /** Every edge between walked lots, and (forward) each walked lot's edges to no lot: in transit or outside the platform. */
  edges: WalkedEdge[];
  /** The lot or depth cap was reached: there is more than was answered. */
  truncated: boolean;
}

export interface WalkOptions {
  maxDepth?: number;
  maxLots?: number;
}

type EdgeRow = {
  id: number;
  from_lot_id: number;
  to_lot_id: number | null;
  kind: 'shipment' | 'transformation';
  source_id: number;
  partner_id: number | null;
  quantity: string;
  unit: string;
  occurred_on: string;
};

/**
 * Walks the chain from `startLotIds` in one direction. The recursive part follows edges on the
 * index of the end it stands on; `union` drops a lot met again at the same depth, and the outer
 * query keeps each lot's shortest depth.
 */
export async function walkChain(
  db: Db | Tx,
  startLotIds: readonly number[],
  direction: TraceDirection,
  { maxDepth = TRACE_MAX_DEPTH, maxLots = TRACE_MAX_LOTS }: WalkOptions = {},
): Promise<Walk> {
  if (startLotIds.length === 0) return { lots: [], edges: [], truncated: false };
  const startArray = `{${startLotIds.map((id) => Math.trunc(id)).join(',')}}`;
  const step =
    direction === 'forward'
      ? sql`select e.to_lot_id, w.depth + 1 from walk w join chain_edges e on e.from_lot_id = w.lot_id
            where e.to_lot_id is not null and w.depth < ${maxDepth}`
      : sql`select e.from_lot_id, w.depth + 1 from walk w join chain_edges e on e.to_lot_id = w.lot_id
            where w.depth < ${maxDepth}`;
  const lotRows = (
    await db.execute<{ id: number; depth: number }>(sql`
      with recursive walk(lot_id, depth) as (
        select s.id, 0 from unnest(${startArray}::int[]) as s(id)
        union
        ${step}
      )
      select lot_id as id, min(depth)::int as depth from walk group by lot_id
      order by min(depth), lot_id
      limit ${maxLots + 1}`)
  ).rows;
  const truncatedLots = lotRows.length > maxLots;
  const lots = lotRows.slice(0, maxLots).map((r) => ({ id: Number(r.id), depth: Number(r.depth) }));
  // One array parameter, not one per lot: up to 10,000 lots in a single bound value.
  const idArray = `{${lots.map((l) => l.id).join(',')}}`;
  const edgeRows = (
    await db.execute<EdgeRow>(
      direction === 'forward'
        ? sql`select id, from_lot_id, to_lot_id, kind, source_id, partner_id, quantity::text as quantity, unit,
                occurred_on::text as occurred_on
              from chain_edges where from_lot_id = any(${idArray}::int[])
                and (to_lot_id is null or to_lot_id = any(${idArray}::int[]))
              order by occurred_on, id`
        : sql`select id, from_lot_id, to_lot_id, kind, source_id, partner_id, quantity::text as quantity, unit,
                occurred_on::text as occurred_on
              from chain_edges where to_lot_id = any(${idArray}::int[]) and from_lot_id = any(${idArray}::int[])
              order by occurred_on, id`,
    )
  ).rows;
  const deepest = lots.reduce((m, l) => Math.max(m, l.depth), 0);
  return {
    lots,
    edges: edgeRows.map((e) => ({
      id: Number(e.id),
      fromLotId: Number(e.from_lot_id),
      toLotId: e.to_lot_id == null ? null : Number(e.to_lot_id),
      kind: e.kind,
      sourceId: Number(e.source_id),
      partnerId: e.partner_id == null ? null : Number(e.partner_id),
      quantity: Number(e.quantity),
      unit: e.unit,
      occurredOn: e.occurred_on,
    })),
    truncated: truncatedLots || deepest >= maxDepth,
  };
}

/** The lots whose events happened at a location (a contaminated plot): the start of a recall from it. */
export async function lotsAtLocation(db: Db | Tx, locationId: number, limit = TRACE_MAX_LOTS): Promise<number[]> {
  const rows = (
    await db.execute<{ id: number }>(sql`
      select distinct traceability_id as id from trace_events where location_id = ${locationId}
      order by traceability_id limit ${limit}`)
  ).rows;
  return rows.map((r) => Number(r.id));
}
