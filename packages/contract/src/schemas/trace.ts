import { z } from 'zod';
import { BATCH_STATES } from '../trace-steps.js';
import { CHAIN_EDGE_KINDS } from './chain.js';
import { idField, textField } from './common.js';
import { pageField, perPageField, searchField } from './list.js';

/**
 * The supply chain's trace, mock recall and recall (ADR 036 §5–7). A node is a lot or a holder
 * outside what the platform knows (a shipment to an outside party or not yet received); what a
 * caller sees of each follows `chain-visibility.ts`.
 */
export const TRACE_QUERY_DIRECTIONS = ['backward', 'forward', 'both'] as const;
export type TraceQueryDirection = (typeof TRACE_QUERY_DIRECTIONS)[number];

export const traceQuery = z.object({
  direction: z.enum(TRACE_QUERY_DIRECTIONS, { error: 'invalidDirection' }).default('both'),
});

export const traceLotNode = z.object({
  key: z.string(),
  type: z.literal('lot'),
  lot_id: z.number().int(),
  lot_code: z.string(),
  product_name: z.string(),
  producer_name: z.string(),
  /** The caller's own lot (or the administrator): the node links to its batch page. */
  own: z.boolean(),
  /** `full` or `names` (another producer's lot one step from the caller's: no quantity). */
  visibility: z.enum(['full', 'names']),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  state: z.enum(BATCH_STATES),
  /** Steps from the start lot: negative upstream, positive downstream, 0 the start. */
  depth: z.number().int(),
});
export const traceHolderNode = z.object({
  key: z.string(),
  type: z.literal('holder'),
  partner_name: z.string(),
  /** On the platform but not yet received (in transit), or outside the platform. */
  on_platform: z.boolean(),
  depth: z.number().int(),
});
export const traceNode = z.discriminatedUnion('type', [traceLotNode, traceHolderNode]);
export type TraceNode = z.infer<typeof traceNode>;
export type TraceLotNode = z.infer<typeof traceLotNode>;

export const traceEdge = z.object({
  id: z.number().int(),
  kind: z.enum(CHAIN_EDGE_KINDS),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  shipment_id: z.number().int().nullable(),
  transformation_id: z.number().int().nullable(),
});
export type TraceEdge = z.infer<typeof traceEdge>;

export const traceGraph = z.object({
  lot_id: z.number().int(),
  direction: z.enum(TRACE_QUERY_DIRECTIONS),
  nodes: z.array(traceNode),
  edges: z.array(traceEdge),
  /** The depth or lot cap of the walk was reached. */
  truncated: z.boolean(),
  /** Lots were left out because the caller may not see them (beyond one step of its own lots). */
  hidden_beyond: z.boolean(),
});
export type TraceGraph = z.infer<typeof traceGraph>;

/** Where a mock recall or a recall starts: a lot, or a location (every lot with an event there). */
export const recallScope = z.union([
  z.object({ lot_id: idField() }).strict(),
  z.object({ location_id: idField() }).strict(),
]);
export type RecallScope = { lot_id: number } | { location_id: number };

export const MOCK_RECALL_FORMATS = ['xlsx', 'pdf'] as const;
export const mockRecallExportRequest = z.union([
  z.object({ lot_id: idField(), format: z.enum(MOCK_RECALL_FORMATS, { error: 'invalidFormat' }) }).strict(),
  z.object({ location_id: idField(), format: z.enum(MOCK_RECALL_FORMATS, { error: 'invalidFormat' }) }).strict(),
]);

const recallReason = textField({ error: 'pleaseInputReason' }).trim().min(1, 'pleaseInputReason').max(500, 'tooLong');
/** The recall: the same start, one reason, and `confirm: true` (the user confirmed the list it saw). */
export const recallRequest = z.union([
  z
    .object({ lot_id: idField(), reason: recallReason, confirm: z.literal(true, { error: 'confirmRequired' }) })
    .strict(),
  z
    .object({ location_id: idField(), reason: recallReason, confirm: z.literal(true, { error: 'confirmRequired' }) })
    .strict(),
]);

export const mockRecallLot = z.object({
  lot_id: z.number().int(),
  lot_code: z.string(),
  product_name: z.string(),
  producer_name: z.string(),
  /** The caller's own lot (or the administrator): quantities shown, links to its page. */
  own: z.boolean(),
  quantity: z.number().nullable(),
  unit: z.string(),
  /** Quantity − used: what the holder still has of the lot. */
  quantity_held: z.number().nullable(),
  state: z.enum(BATCH_STATES),
  depth: z.number().int(),
});
export const mockRecallHolder = z.object({
  name: z.string(),
  /** A producer of the platform (notified by a recall) or an outside party / not yet received. */
  on_platform: z.boolean(),
  /** The lot it holds (null: a shipment to an outside party or not yet received). */
  lot_id: z.number().int().nullable(),
  lot_code: z.string().nullable(),
  /** The quantity shipped to it (shown to the shipper and the administrator). */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  shipped_on: z.string().nullable(),
});
export const mockRecallReport = z.object({
  start: z.object({ lot_id: z.number().int().nullable(), location_id: z.number().int().nullable(), label: z.string() }),
  lots: z.array(mockRecallLot),
  holders: z.array(mockRecallHolder),
  /** Affected lots the caller may not see (beyond one step of its own): the administrator sees them. */
  hidden_count: z.number().int(),
  truncated: z.boolean(),
  elapsed_ms: z.number(),
  generated_at: z.string(),
});
export type MockRecallReport = z.infer<typeof mockRecallReport>;
export type MockRecallLot = z.infer<typeof mockRecallLot>;

export const recallResult = z.object({
  /** Published or held lots moved to recalled by this action. */
  recalled: z.array(z.object({ lot_id: z.number().int(), lot_code: z.string() })),
  already_recalled: z.array(z.object({ lot_id: z.number().int(), lot_code: z.string() })),
  /** Draft lots: not public, so not recalled (listed for the producer to hold or delete). */
  drafts: z.array(z.object({ lot_id: z.number().int(), lot_code: z.string() })),
  /** Lots of other producers: to be recalled by their producer or the platform's administrator. */
  others: z.array(z.object({ lot_code: z.string(), producer_name: z.string() })),
  hidden_count: z.number().int(),
  /** Producers of the platform told once each (in-app and mail). */
  notified_producers: z.number().int(),
});
export type RecallResult = z.infer<typeof recallResult>;

/**
 * The administrator's lot search (GET /api/v1/admin/chain/lots): every lot of the platform, `q`
 * accent- and case-free in the lot code, the public code, the product's or the producer's name;
 * newest production date first, paged and counted.
 */
export const adminChainLotQuery = z.object({ page: pageField, per_page: perPageField, q: searchField });
export type AdminChainLotQuery = z.infer<typeof adminChainLotQuery>;

export const adminChainLot = z.object({
  id: z.number().int(),
  lot_code: z.string(),
  public_code: z.string(),
  product_name: z.string(),
  producer_name: z.string(),
  state: z.enum(BATCH_STATES),
  production_date: z.string(),
});
export type AdminChainLot = z.infer<typeof adminChainLot>;
