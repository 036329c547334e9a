/**
 * Who sees which lot of the supply chain (ADR 036 §5), one rule for the trace, the mock recall and
 * the recall: a producer sees its own lots in full; a lot of another producer one edge away from
 * one of its own lots (the other side of its own shipment or receipt) reduced to names and dates —
 * no quantity, no note; anything further is not shown at all (the answer says it was cut). The
 * platform's administrator sees the whole chain in full.
 */
export type ChainViewer = { admin: true } | { admin: false; producerId: number };

/** `full`: every field; `names`: lot code, product, producer and dates; `hidden`: not returned. */
export type LotVisibility = 'full' | 'names' | 'hidden';

export interface VisibilityLot {
  id: number;
  producerId: number;
}
export interface VisibilityEdge {
  fromLotId: number;
  toLotId: number | null;
}

/** The visibility of each lot of a walked graph for `viewer` (a lot absent from `lots` is hidden). */
export function chainVisibility(
  viewer: ChainViewer,
  lots: readonly VisibilityLot[],
  edges: readonly VisibilityEdge[],
): Map<number, LotVisibility> {
  const out = new Map<number, LotVisibility>();
  if (viewer.admin) {
    for (const l of lots) out.set(l.id, 'full');
    return out;
  }
  const own = new Set(lots.filter((l) => l.producerId === viewer.producerId).map((l) => l.id));
  for (const l of lots) out.set(l.id, own.has(l.id) ? 'full' : 'hidden');
  for (const e of edges) {
    if (e.toLotId === null) continue;
    if (own.has(e.fromLotId) && !own.has(e.toLotId) && out.has(e.toLotId)) out.set(e.toLotId, 'names');
    if (own.has(e.toLotId) && !own.has(e.fromLotId) && out.has(e.fromLotId)) out.set(e.fromLotId, 'names');
  }
  return out;
}

/**
 * Whether the viewer sees an edge's quantity: the administrator always; a producer when the edge
 * leaves or enters one of its own lots (its own shipment, receipt or transformation).
 */
export function edgeQuantityVisible(
  viewer: ChainViewer,
  edge: VisibilityEdge,
  visibility: ReadonlyMap<number, LotVisibility>,
): boolean {
  if (viewer.admin) return true;
  return (
    visibility.get(edge.fromLotId) === 'full' || (edge.toLotId !== null && visibility.get(edge.toLotId) === 'full')
  );
}

/**
 * Whether the viewer sees an edge at all: both its lots visible, and (for a shipment to no lot —
 * outside the platform or not yet received) the shipping lot its own or the viewer the admin.
 */
export function edgeVisible(
  viewer: ChainViewer,
  edge: VisibilityEdge,
  visibility: ReadonlyMap<number, LotVisibility>,
): boolean {
  const from = visibility.get(edge.fromLotId) ?? 'hidden';
  if (from === 'hidden') return false;
  if (edge.toLotId === null) return viewer.admin || from === 'full';
  const to = visibility.get(edge.toLotId) ?? 'hidden';
  return to !== 'hidden' && (from === 'full' || to === 'full');
}
