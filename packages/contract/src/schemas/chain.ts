/**
 * The supply chain's shared vocabulary (ADR 036): what a shipment goes through and what an edge
 * of the chain's graph stands for. Schemas of each area live in their own file beside this one.
 */

/** sent → received (by the partner, into a lot of its own) | refused (by the partner, with a reason) | cancelled (by the sender, before it is received). */
export const SHIPMENT_STATUSES = ['sent', 'received', 'refused', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** shipment: from the shipped lot to the lot it was received into (or to no lot: in transit or outside); transformation: from an input to the output. */
export const CHAIN_EDGE_KINDS = ['shipment', 'transformation'] as const;
export type ChainEdgeKind = (typeof CHAIN_EDGE_KINDS)[number];

/** How far a trace walks (ADR 036 §6): steps, and lots before it answers "truncated". */
export const TRACE_MAX_DEPTH = 50;
export const TRACE_MAX_LOTS = 10_000;

export const TRACE_DIRECTIONS = ['backward', 'forward'] as const;
export type TraceDirection = (typeof TRACE_DIRECTIONS)[number];
