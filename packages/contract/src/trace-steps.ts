/**
 * Batch (traceability) vocabulary: the stages a producer records and their GS1 CBV 2.0
 * business steps (https://ref.gs1.org/cbv/BizStep-…), used in the EPCIS 2.0 export.
 *
 * CBV 2.0 has no farming-specific steps, so the mapping is:
 * - planting   → commissioning: the lot comes into existence (seed/seedling set out, animals stocked);
 *                it is the first event of a batch, exported with action ADD.
 * - caring     → other: watering, fertilising, feeding, spraying — CBV has no cultivation step.
 *                (sensor_reporting is reserved for sensor readings, inspecting for conformance checks.)
 * - harvesting → commissioning: the harvest is where GS1 US's FSMA 204 recommendations assign the
 *                traceability lot (ADR 038); exported with action ADD when it is the batch's first event.
 * - processing → other: washing, drying, roasting, slaughtering… (a transformation in general;
 *                exported as an ObjectEvent, not a TransformationEvent, since inputs are not recorded).
 * - packing    → packing
 * - storing    → storing
 * - shipping   → shipping
 * - receiving  → receiving
 * - other      → other
 */
export const TRACE_STEPS = [
  'planting',
  'caring',
  'harvesting',
  'processing',
  'packing',
  'storing',
  'shipping',
  'receiving',
  'other',
] as const;
export type TraceStep = (typeof TRACE_STEPS)[number];

export const CBV_BIZ_STEP_PREFIX = 'https://ref.gs1.org/cbv/BizStep-';

export const TRACE_STEP_CBV: Record<TraceStep, string> = {
  planting: 'commissioning',
  caring: 'other',
  harvesting: 'commissioning',
  processing: 'other',
  packing: 'packing',
  storing: 'storing',
  shipping: 'shipping',
  receiving: 'receiving',
  other: 'other',
};

/** The full CBV 2.0 business step URI of a stage. */
export function bizStepUri(step: TraceStep): string {
  return CBV_BIZ_STEP_PREFIX + TRACE_STEP_CBV[step];
}

/** Vietnamese and English labels of the stages (the web also has them in its locales). */
export const TRACE_STEP_LABELS: Record<TraceStep, { vi: string; en: string }> = {
  planting: { vi: 'Gieo trồng', en: 'Planting' },
  caring: { vi: 'Chăm sóc', en: 'Caring' },
  harvesting: { vi: 'Thu hoạch', en: 'Harvesting' },
  processing: { vi: 'Sơ chế, chế biến', en: 'Processing' },
  packing: { vi: 'Đóng gói', en: 'Packing' },
  storing: { vi: 'Bảo quản', en: 'Storing' },
  shipping: { vi: 'Vận chuyển', en: 'Shipping' },
  receiving: { vi: 'Nhận hàng', en: 'Receiving' },
  other: { vi: 'Khác', en: 'Other' },
};

/** draft → published; a published batch may additionally be on hold or recalled. */
export const BATCH_STATUSES = ['draft', 'published'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What the list shows: the status plus the hold/recall state of published batches. */
export const BATCH_STATES = ['draft', 'published', 'on_hold', 'recalled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const LOT_CODE_PATTERN = /^[A-Za-z0-9\-_./]{1,50}$/;
/** Public codes: 16 chars of an unambiguous base32 alphabet (see server lib/secrets.publicCode). */
export const PUBLIC_CODE_PATTERN = /^[A-Za-z0-9]{6,32}$/;

/** More distinct scan sources (network prefixes) than this → duplicate warning. */
export const DUPLICATE_SOURCES_THRESHOLD = 20;
/** Votes per client per batch per hour. */
export const VOTES_PER_HOUR = 5;
export const VOTE_COMMENT_MAX = 500;
export const TRACE_EVENTS_MAX_PHOTOS = 10;
export const TRACE_EVENTS_MAX_DOCUMENTS = 10;
/** Timezone offset of event times in EPCIS (Asia/Ho_Chi_Minh has no DST). */
export const TRACE_TIMEZONE_OFFSET = '+07:00';
