import { z } from 'zod';
import { EXPORT_MODES, UNITS } from '../constants.js';
import { PROVINCE_CODES } from '../geo.js';
import {
  BATCH_STATES,
  BATCH_STATUSES,
  LOT_CODE_PATTERN,
  TRACE_EVENTS_MAX_DOCUMENTS,
  TRACE_EVENTS_MAX_PHOTOS,
  TRACE_STEPS,
} from '../trace-steps.js';
import { dateField, dateTimeField, idField, idText, textField } from './common.js';
import { listQuery, searchField, sortTokens } from './list.js';
import { expectedUpdatedAt } from '../publication.js';
import { certificateInput, productCertificate } from './products.js';
import { quantityField } from './quantity.js';
import { locationRef } from './locations.js';

/** `YYYY-MM-DD`, a real calendar date (years 1900..9999). */
export const dateOnly = dateField();

// ---------- shared pieces ----------

export const traceFile = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export const traceDocument = z.object({ id: z.number().int(), url: z.string(), filename: z.string() });

/** Certificates of a batch have the shape of a product's (response and request). */
export const batchCertificate = productCertificate;
export type BatchCertificate = z.infer<typeof batchCertificate>;
export const batchCertificateInput = certificateInput;
export type BatchCertificateInput = z.input<typeof batchCertificateInput>;

export const productionBase = z.object({
  name: z.string(),
  address: z.string().nullable(),
  province_code: z.string().nullable(),
});
export const productionBaseInput = z.object({
  name: textField({ error: 'pleaseInputBaseName' }).trim().min(1, 'pleaseInputBaseName').max(200, 'tooLong'),
  address: textField().trim().max(300, 'tooLong').nullable().default(null),
  province_code: z
    .enum(PROVINCE_CODES as [string, ...string[]], { error: 'invalidProvince' })
    .nullable()
    .default(null),
});

// ---------- events ----------

export const traceEvent = z.object({
  id: z.number().int(),
  step: z.enum(TRACE_STEPS),
  /** GS1 CBV 2.0 business step URI of the step. */
  biz_step: z.string(),
  occurred_at: z.string(),
  place: z.string().nullable(),
  description: z.string().nullable(),
  photos: z.array(traceFile),
  documents: z.array(traceDocument),
  position: z.number().int(),
  /** `captured`: a partner's EPCIS event captured onto the lot (ADR 040), shown as theirs, not the producer's. */
  origin: z.enum(['own', 'captured']),
  /** Who captured it (the partner's system), for a captured event. */
  captured_by: z.string().nullable(),
});
export type TraceEvent = z.infer<typeof traceEvent>;

export const traceEventRequest = z.object({
  step: z.enum(TRACE_STEPS, { error: 'invalidStep' }),
  occurred_at: dateTimeField(),
  place: textField().trim().max(200, 'tooLong').nullable().default(null),
  /** One of the producer's locations (ADR 036); without `place`, the location's name is stored as the place. */
  location_id: idField('invalidLocation').nullable().default(null),
  description: textField().trim().max(2000, 'tooLong').nullable().default(null),
  /** Upload ids (images) in display order. */
  photo_ids: z.array(idField('invalidUpload')).max(TRACE_EVENTS_MAX_PHOTOS, 'tooManyFiles').default([]),
  document_ids: z.array(idField('invalidUpload')).max(TRACE_EVENTS_MAX_DOCUMENTS, 'tooManyFiles').default([]),
});
export type TraceEventRequest = z.input<typeof traceEventRequest>;

/** PUT /traceabilities/{id}/events/order: every event id of the batch, in the new order. */
export const reorderEventsRequest = z.object({
  event_ids: z.array(idField('reorderMismatch')).min(1, 'reorderMismatch'),
});

export const eventParams = z.object({
  id: idText(),
  eventId: idText(),
});

// ---------- batches ----------

export const batchProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  gtin: z.string().nullable(),
  unit: z.string(),
  cover: traceFile.omit({ id: true }).nullable(),
  /** Last approval of the product (null: never approved, its batches cannot be published). */
  approved_at: z.string().nullable(),
});

const batchBase = z.object({
  id: z.number().int(),
  public_code: z.string(),
  lot_code: z.string(),
  product: batchProduct,
  variant: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  production_date: z.string(),
  expiry_date: z.string().nullable(),
  quantity: z.number(),
  /** quantity − what shipments and transformation inputs took (ADR 036 §3). */
  remaining_quantity: z.number(),
  unit: z.string(),
  production_base: productionBase.nullable(),
  certificates: z.array(batchCertificate),
  status: z.enum(BATCH_STATUSES),
  /** status plus hold/recall: draft, published, on_hold, recalled. */
  state: z.enum(BATCH_STATES),
  published_at: z.string().nullable(),
  held_at: z.string().nullable(),
  hold_reason: z.string().nullable(),
  recalled_at: z.string().nullable(),
  recall_reason: z.string().nullable(),
  scan_count: z.number().int(),
  event_count: z.number().int(),
  /** The public page (GS1 Digital Link when the product has a GTIN). */
  trace_url: z.string(),
  /** API path of the QR code PNG. */
  qr_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const batchListItem = batchBase;
export type BatchListItem = z.infer<typeof batchListItem>;
/** An event as the producer sees it on its batch: with the location it happened at, when recorded at one. */
export const batchEvent = traceEvent.extend({ location: locationRef.nullable() });
export type BatchEvent = z.infer<typeof batchEvent>;
export const batch = batchBase.extend({ events: z.array(batchEvent) });
export type Batch = z.infer<typeof batch>;

const batchFields = z.object({
  product_id: idField('pleaseSelectProduct'),
  variant_id: idField().nullable().default(null),
  lot_code: textField({ error: 'pleaseInputLotCode' })
    .trim()
    .min(1, 'pleaseInputLotCode')
    .max(50, 'invalidLotCode')
    .regex(LOT_CODE_PATTERN, 'invalidLotCode'),
  production_date: dateOnly,
  expiry_date: dateOnly.nullable().default(null),
  quantity: quantityField(),
  unit: z.enum(UNITS, { error: 'invalidUnit' }),
  production_base: productionBaseInput.nullable().default(null),
  certificates: z.array(batchCertificateInput).max(20).default([]),
  /** PUT: the updated_at the client read; stale → 409 stale_update (not checked when absent). */
  updated_at: expectedUpdatedAt,
});

/** POST /api/v1/traceabilities and PUT /api/v1/traceabilities/{id} (full replacement, drafts only). */
export const batchRequest = batchFields.superRefine((v, ctx) => {
  if (v.expiry_date && v.expiry_date <= v.production_date) {
    ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: 'expiryBeforeProduction' });
  }
});
export type BatchRequest = z.input<typeof batchRequest>;

/** POST /{id}/hold and /{id}/recall. */
export const batchReasonRequest = z.object({
  reason: textField({ error: 'pleaseInputReason' }).trim().min(1, 'pleaseInputReason').max(500, 'tooLong'),
});

export const BATCH_SORT_FIELDS = ['created_at', 'production_date', 'lot_code'] as const;
export const BATCH_SORTS = sortTokens(BATCH_SORT_FIELDS);

const batchFilters = {
  q: searchField,
  /** draft, published (live: not held, not recalled), on_hold, recalled. */
  status: z.enum(BATCH_STATES, { error: 'invalidStatus' }).optional(),
  product_id: idText().optional(),
  /** production_date range, inclusive. */
  from: dateOnly.optional(),
  to: dateOnly.optional(),
};

/** GET /api/v1/traceabilities: q searches lot code and product name. */
export const batchListQuery = listQuery(BATCH_SORT_FIELDS, '-created_at').extend(batchFilters);
export type BatchListQuery = z.infer<typeof batchListQuery>;

/** POST /api/v1/traceabilities/export (XLSX). exportAsFilter uses the filters and/or the ids. */
export const batchExportRequest = z.object({
  mode: z.enum(EXPORT_MODES, { error: 'invalidExportMode' }),
  ids: z.array(idField()).max(10_000).optional(),
  ...batchFilters,
  sort: batchListQuery.shape.sort,
});
export type BatchExportRequest = z.input<typeof batchExportRequest>;

export const traceAudit = z.object({
  id: z.number().int(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TraceAudit = z.infer<typeof traceAudit>;

/** Batch history actions (activity rows of subject 'traceability'; the web translates `history.<action>`). */
export const TRACE_AUDIT_ACTIONS = [
  'create',
  'update',
  'publish',
  'hold',
  'release',
  'recall',
  'event_add',
  'event_update',
  'event_delete',
  'event_reorder',
  /** The lot was made by a transformation (its inputs in the detail). */
  'transform',
  /** Part of the lot went into a transformation (the new lot and the quantity in the detail). */
  'transform_input',
  // The supply chain (ADR 036 §7): a mock recall run from the batch, a recall of its chain started from it.
  'mock_recall',
  'chain_recall',
] as const;
