import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PUBLIC_ORIGINS_MAX,
  PUBLIC_ORIGIN_LOTS_MAX,
  PUBLIC_ORIGIN_OUTLINES_MAX,
  PUBLIC_ORIGIN_STEPS_MAX,
  TRACE_MAX_LOTS,
  provinceName,
  type LocationGeometry,
  type PublicOrigin,
  type PublicOriginPlace,
  type PublicOriginStep,
  type PublicOrigins,
  type TraceStep,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import type { ClusterBus } from '../../plugins/cluster.js';
import { walkChain } from '../chain/graph.js';

/**
 * The origins of a public page (ADR 036 §5): for a lot received or made from other lots, the
 * chain walked backward (walkChain, the one graph query) → the producers of the lots at its start
 * (no incoming edge) with the farm plots, ponds and barns where those lots' events happened, and
 * the steps of the lots on the way (step, who, place, date). Never a quantity, a price, a partner
 * or a note: only names, provinces, areas, outlines and dates leave this file.
 */

/** Where an origin's lots can have grown: the places the public page draws. */
const ORIGIN_KINDS = new Set(['farm_plot', 'pond', 'barn']);

type EventRow = {
  lot_id: number;
  step: string;
  occurred_at: Date | string;
  place: string | null;
  chain: boolean;
  producer_id: number;
  pr_name: string;
  pr_province_code: string | null;
  l_id: number | null;
  l_name: string | null;
  l_kind: string | null;
  l_province_code: string | null;
  l_area_ha: string | number | null;
  l_geometry: LocationGeometry | null;
};

const isoOf = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The origins of `lotId` (a lot with an incoming edge); null when the walk finds nothing upstream. */
export async function originsOf(db: Db | Tx, lotId: number): Promise<PublicOrigins | null> {
  const walk = await walkChain(db, [lotId], 'backward', { maxLots: PUBLIC_ORIGIN_LOTS_MAX });
  const upstream = walk.lots.filter((l) => l.id !== lotId);
  if (upstream.length === 0) return null;
  const fed = new Set(walk.edges.map((e) => e.toLotId));
  const originLots = new Set(upstream.filter((l) => !fed.has(l.id)).map((l) => l.id));
  const ids = `{${upstream.map((l) => l.id).join(',')}}`;
  // One read of every upstream lot's events, with the producer's name and the event's location.
  const rows = (
    await db.execute<EventRow>(sql`
      select e.traceability_id as lot_id, e.step, e.occurred_at, e.place,
        (e.shipment_id is not null or e.transformation_id is not null) as chain,
        t.producer_id, pr.name as pr_name, pr.province_code as pr_province_code,
        l.id as l_id, l.name as l_name, l.kind as l_kind, l.province_code as l_province_code,
        l.area_ha as l_area_ha, l.geometry as l_geometry
      from trace_events e
      join traceabilities t on t.id = e.traceability_id
      join producers pr on pr.id = t.producer_id
      left join locations l on l.id = e.location_id
      where e.traceability_id = any(${ids}::int[])
      order by e.occurred_at, e.id`)
  ).rows;

  const origins = new Map<number, PublicOrigin & { placeIds: Set<number> }>();
  const originOf = (r: EventRow) => {
    let o = origins.get(Number(r.producer_id));
    if (!o) {
      o = {
        name: r.pr_name,
        province_code: r.pr_province_code,
        province: provinceName(r.pr_province_code),
        places: [],
        placeIds: new Set(),
      };
      origins.set(Number(r.producer_id), o);
    }
    return o;
  };
  let outlines = 0;
  let truncated = walk.truncated;
  const steps: PublicOriginStep[] = [];
  for (const r of rows) {
    const lot = Number(r.lot_id);
    if (originLots.has(lot)) {
      if (origins.size >= PUBLIC_ORIGINS_MAX && !origins.has(Number(r.producer_id))) truncated = true;
      else {
        const o = originOf(r);
        if (r.l_id != null && r.l_kind && ORIGIN_KINDS.has(r.l_kind) && !o.placeIds.has(Number(r.l_id))) {
          o.placeIds.add(Number(r.l_id));
          const drawn = r.l_geometry != null && outlines < PUBLIC_ORIGIN_OUTLINES_MAX;
          if (drawn) outlines++;
          o.places.push({
            name: r.l_name ?? '',
            kind: r.l_kind as PublicOriginPlace['kind'],
            province_code: r.l_province_code ?? '',
            province: provinceName(r.l_province_code),
            area_ha: r.l_area_ha == null ? null : Number(r.l_area_ha),
            geometry: drawn ? r.l_geometry : null,
          });
        }
      }
    }
    // The steps on the way: the chain's own events, and what happened at a known place.
    if (r.chain || r.l_id != null) {
      if (steps.length >= PUBLIC_ORIGIN_STEPS_MAX) truncated = true;
      else
        steps.push({
          step: r.step as TraceStep,
          by: r.pr_name,
          place: r.l_name ?? r.place,
          occurred_at: isoOf(r.occurred_at),
        });
    }
  }
  // An origin lot without a single event still names its producer.
  if (originLots.size && origins.size < PUBLIC_ORIGINS_MAX) {
    const seen = new Set(rows.filter((r) => originLots.has(Number(r.lot_id))).map((r) => Number(r.lot_id)));
    const bare = [...originLots].filter((id) => !seen.has(id));
    if (bare.length) {
      const more = (
        await db.execute<EventRow>(sql`
          select t.id as lot_id, t.producer_id, pr.name as pr_name, pr.province_code as pr_province_code
          from traceabilities t join producers pr on pr.id = t.producer_id
          where t.id = any(${`{${bare.join(',')}}`}::int[]) order by t.id`)
      ).rows;
      for (const r of more) {
        if (origins.size >= PUBLIC_ORIGINS_MAX && !origins.has(Number(r.producer_id))) truncated = true;
        else originOf(r);
      }
    }
  }
  return {
    origins: [...origins.values()].map(({ placeIds: _ids, ...o }) => o),
    steps,
    truncated,
  };
}

/** Rows of a lookup that may carry origins: `has_chain` says the lot has an incoming edge. */
type ChainRow = { id: number; has_chain?: boolean | null; origins?: PublicOrigins | null };

/**
 * Adds `origins` to the rows of lots with an incoming edge (the lookup's `has_chain`, one index
 * probe): the others cost nothing more. The walk is read after the row, outside its snapshot; a
 * write upstream meanwhile bumps the page revisions downstream (tellDownstream), so a page built
 * from an older chain is not stored.
 */
export async function attachOrigins<R extends ChainRow>(db: Db | Tx, rows: R[]): Promise<R[]> {
  for (const row of rows) if (row.has_chain) row.origins = await originsOf(db, Number(row.id));
  return rows;
}

/** Lots downstream of a write at most; beyond it their pages are rebuilt when their own data changes. */
const DOWNSTREAM_MAX = TRACE_MAX_LOTS;

const busOf = (app: FastifyInstance) => (app as { cluster?: ClusterBus }).cluster;

/**
 * Inside a transaction that changes what other lots' origins show (a location, a producer's name,
 * an upstream lot's events): every lot downstream of `lotIds` (walkChain forward, not the lots
 * themselves) loses its stored page and its producer's page revision moves (ADR 028), and other
 * nodes drop their cached copy once it commits. Answers the public codes, for the caller to drop
 * on this node after the commit (invalidateDownstream).
 */
export async function tellDownstream(app: FastifyInstance, tx: Tx, lotIds: readonly number[]): Promise<string[]> {
  if (lotIds.length === 0) return [];
  const walk = await walkChain(tx, lotIds, 'forward', { maxLots: DOWNSTREAM_MAX });
  const start = new Set(lotIds);
  const down = walk.lots.filter((l) => !start.has(l.id)).map((l) => l.id);
  if (down.length === 0) return [];
  const ids = `{${down.join(',')}}`;
  await tx.execute(sql`update producer_page_revs set rev = rev + 1 where producer_id in (
      select distinct producer_id from traceabilities where id = any(${ids}::int[]))`);
  await tx.execute(sql`delete from trace_public_docs where traceability_id = any(${ids}::int[])`);
  const codes = (
    await tx.execute<{ public_code: string }>(
      sql`select public_code from traceabilities where id = any(${ids}::int[]) and status = 'published' order by id`,
    )
  ).rows.map((r) => r.public_code);
  const bus = busOf(app);
  if (bus) for (const code of codes) await bus.tell(tx, { kind: 'batch', code });
  return codes;
}

/** After the commit of a write that told tellDownstream: this node drops its copies at once. */
export function invalidateDownstream(app: FastifyInstance, codes: readonly string[]): void {
  const bus = busOf(app);
  if (bus) for (const code of codes) bus.apply({ kind: 'batch', code });
}

/**
 * The lots of a producer that went to another lot by a shipment (received). Read through the
 * producer's lots and the index on an edge's start: a rare write (a profile or status change)
 * of a producer with many lots pays one probe per lot.
 */
export async function shippedLotsOf(tx: Tx, producerId: number): Promise<number[]> {
  const rows = (
    await tx.execute<{ id: number }>(sql`
      select distinct e.from_lot_id as id from traceabilities t join chain_edges e on e.from_lot_id = t.id
      where t.producer_id = ${producerId} and e.kind = 'shipment' and e.to_lot_id is not null
      order by e.from_lot_id limit ${DOWNSTREAM_MAX}`)
  ).rows;
  return rows.map((r) => Number(r.id));
}
