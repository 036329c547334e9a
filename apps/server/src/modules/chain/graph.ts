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

type WalkRow = {
  row: 'lot' | 'edge';
  id: number;
  depth: number | null;
  from_lot_id: number | null;
  to_lot_id: number | null;
  kind: string | null;
  source_id: number | null;
  partner_id: number | null;
  quantity: string | null;
  unit: string | null;
  occurred_on: string | null;
};

/**
 * Walks the chain from `startLotIds` in one direction, in one statement. The recursive part
 * follows edges on the index of the end it stands on and carries the edge it came by, so the
 * edges of the answer are read by primary key, never by a scan over a list of lots. Forward, an
 * edge to no lot (in transit, or outside the platform) is walked too and ends there. `union`
 * drops a lot met again by the same edge at the same depth; each lot keeps its shortest depth.
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
      ? sql`select e.to_lot_id, w.depth + 1, e.id from walk w join chain_edges e on e.from_lot_id = w.lot_id
            where w.depth < ${maxDepth}`
      : sql`select e.from_lot_id, w.depth + 1, e.id from walk w join chain_edges e on e.to_lot_id = w.lot_id
            where w.depth < ${maxDepth}`;
  const rows = (
    await db.execute<WalkRow>(sql`
      with recursive walk(lot_id, depth, edge_id) as (
        select s.id, 0, null::int from unnest(${startArray}::int[]) as s(id)
        union
        ${step}
      ),
      lots as (
        select lot_id, min(depth)::int as depth from walk where lot_id is not null group by lot_id
        order by 2, 1 limit ${maxLots + 1}
      ),
      edge_ids as (select distinct edge_id from walk where edge_id is not null)
      select 'lot' as row, l.lot_id as id, l.depth, null::int as from_lot_id, null::int as to_lot_id, null::text as kind,
        null::int as source_id, null::int as partner_id, null::text as quantity, null::text as unit, null::text as occurred_on
      from lots l
      union all
      select 'edge', e.id, null, e.from_lot_id, e.to_lot_id, e.kind, e.source_id, e.partner_id, e.quantity::text, e.unit,
        e.occurred_on::text
      from edge_ids i join chain_edges e on e.id = i.edge_id`)
  ).rows;
  const lotRows = rows.filter((r) => r.row === 'lot');
  const truncatedLots = lotRows.length > maxLots;
  const lots = lotRows
    .slice(0, maxLots)
    .map((r) => ({ id: Number(r.id), depth: Number(r.depth) }))
    .sort((a, b) => a.depth - b.depth || a.id - b.id);
  const kept = new Set(lots.map((l) => l.id));
  const edges = rows
    .filter((r) => r.row === 'edge')
    .map((e) => ({
      id: Number(e.id),
      fromLotId: Number(e.from_lot_id),
      toLotId: e.to_lot_id == null ? null : Number(e.to_lot_id),
      kind: e.kind as WalkedEdge['kind'],
      sourceId: Number(e.source_id),
      partnerId: e.partner_id == null ? null : Number(e.partner_id),
      quantity: Number(e.quantity),
      unit: e.unit as string,
      occurredOn: e.occurred_on as string,
    }))
    // Past the lot cap, keep only the edges between lots of the answer (and forward, to no lot).
    .filter((e) => kept.has(e.fromLotId) && (e.toLotId === null || kept.has(e.toLotId)))
    .sort((a, b) => (a.occurredOn < b.occurredOn ? -1 : a.occurredOn > b.occurredOn ? 1 : a.id - b.id));
  const deepest = lots.reduce((m, l) => Math.max(m, l.depth), 0);
  return { lots, edges, truncated: truncatedLots || deepest >= maxDepth };
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
