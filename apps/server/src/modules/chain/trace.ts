import {
  chainVisibility,
  edgeQuantityVisible,
  edgeVisible,
  type TraceEdge,
  type TraceGraph,
  type TraceNode,
  type TraceQueryDirection,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { walkChain, type Walk } from './graph.js';
import { lotsById, partnersById, startLot, type ChainScope } from './lots.js';

/**
 * The trace of a lot (ADR 036 §6): the walk backward, forward or both (graph.ts), each lot
 * reduced to what the caller may see (contract chain-visibility.ts). Lots the caller may not see
 * are left out and the answer says so (`hidden_beyond`); their edges go with them.
 */
export async function buildTrace(
  db: Db,
  scope: ChainScope,
  lotId: number,
  direction: TraceQueryDirection,
): Promise<TraceGraph> {
  const start = await startLot(db, scope, lotId);
  const walks: { walk: Walk; sign: 1 | -1 }[] = [];
  if (direction !== 'forward') walks.push({ walk: await walkChain(db, [start.id], 'backward'), sign: -1 });
  if (direction !== 'backward') walks.push({ walk: await walkChain(db, [start.id], 'forward'), sign: 1 });

  const depthOf = new Map<number, number>();
  const edgesById = new Map<number, Walk['edges'][number]>();
  for (const { walk, sign } of walks) {
    for (const l of walk.lots) if (!depthOf.has(l.id) || l.depth === 0) depthOf.set(l.id, sign * l.depth);
    for (const e of walk.edges) edgesById.set(e.id, e);
  }
  const lots = await lotsById(db, scope.platform, [...depthOf.keys()]);
  const edges = [...edgesById.values()];
  const visibility = chainVisibility(scope.viewer, [...lots.values()], edges);
  const partners = await partnersById(
    db,
    edges.filter((e) => e.toLotId === null && e.partnerId !== null).map((e) => e.partnerId!),
  );

  const nodes: TraceNode[] = [];
  for (const [id, depth] of depthOf) {
    const lot = lots.get(id);
    const v = visibility.get(id);
    if (!lot || !v || v === 'hidden') continue;
    const full = v === 'full';
    nodes.push({
      key: `lot:${id}`,
      type: 'lot',
      lot_id: id,
      lot_code: lot.lotCode,
      product_name: lot.productName,
      producer_name: lot.producerName,
      own: full,
      visibility: v,
      quantity: full ? lot.quantity : null,
      unit: full ? lot.unit : null,
      state: lot.state,
      depth,
    });
  }
  const out: TraceEdge[] = [];
  for (const e of edges) {
    if (!edgeVisible(scope.viewer, e, visibility)) continue;
    let to = `lot:${e.toLotId}`;
    if (e.toLotId === null) {
      const partner = e.partnerId === null ? undefined : partners.get(e.partnerId);
      to = `holder:${e.id}`;
      nodes.push({
        key: to,
        type: 'holder',
        partner_name: partner?.name ?? '',
        on_platform: partner?.linkedProducerId != null,
        depth: (depthOf.get(e.fromLotId) ?? 0) + 1,
      });
    }
    const qty = edgeQuantityVisible(scope.viewer, e, visibility);
    out.push({
      id: e.id,
      kind: e.kind,
      from: `lot:${e.fromLotId}`,
      to,
      date: e.occurredOn,
      quantity: qty ? e.quantity : null,
      unit: qty ? e.unit : null,
      shipment_id: e.kind === 'shipment' ? e.sourceId : null,
      transformation_id: e.kind === 'transformation' ? e.sourceId : null,
    });
  }
  nodes.sort((a, b) => a.depth - b.depth || a.key.localeCompare(b.key));
  return {
    lot_id: start.id,
    direction,
    nodes,
    edges: out,
    truncated: walks.some((w) => w.walk.truncated),
    hidden_beyond: [...visibility.values()].some((v) => v === 'hidden'),
  };
}
