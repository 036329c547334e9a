import { z } from 'zod';
import { PRODUCER_TYPES } from '../constants.js';
import { PUBLIC_CODE_PATTERN, VOTE_COMMENT_MAX } from '../trace-steps.js';
import { idText, intField, messageMeta, textField } from './common.js';
import { listQuery } from './list.js';
import { batchCertificate, productionBase, traceEvent, traceFile } from './traceabilities.js';
import { LOCATION_KINDS } from './locations.js';
import { TRACE_STEPS } from '../trace-steps.js';
import type { LocationGeometry } from '../geometry.js';

export const publicCodeParam = z.object({ code: textField().regex(PUBLIC_CODE_PATTERN, 'not_found') });

/** An image on the public pages (no upload id). */
export const publicImage = traceFile.omit({ id: true });

/** The producer as a consumer sees it: no ids, no contact data. */
export const publicProducer = z.object({
  name: z.string(),
  province_code: z.string().nullable(),
  province: z.string().nullable(),
  type: z.enum(PRODUCER_TYPES),
  logo_url: z.string().nullable(),
  /** The producer's registered address (Circular 02/2024: name and address of the producer). */
  address: z.string().nullable(),
});
export type PublicProducer = z.infer<typeof publicProducer>;

/** A certificate with its validity today (Asia/Ho_Chi_Minh). */
export const publicCertificate = batchCertificate.extend({ valid: z.boolean() });
export type PublicCertificate = z.infer<typeof publicCertificate>;

/**
 * GET /api/v1/client/traceabilities/{code} → `{ data: { traceability: PublicTrace } }`.
 * What a consumer sees after scanning a QR code: no user data, no internal producer ids.
 */
/** A batch's consumer ratings: the average to one decimal (null without votes) and their number. */
export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** The average of `count` ratings as the public page shows it: one decimal, null without votes. */
export function roundRating(average: number | string | null, count: number): RatingSummary {
  return { average: average == null || count === 0 ? null : Math.round(Number(average) * 10) / 10, count };
}

/** Caps of a public page's origins (ADR 036 §5): the page stays small whatever the chain. */
export const PUBLIC_ORIGINS_MAX = 20;
export const PUBLIC_ORIGIN_STEPS_MAX = 50;
/** Plots drawn with their outline; the others are listed by name only (geometry null). */
export const PUBLIC_ORIGIN_OUTLINES_MAX = 10;
/** Lots walked backward from the looked-up lot at most. */
export const PUBLIC_ORIGIN_LOTS_MAX = 200;

/** A farm plot, pond or barn where an origin lot's events happened: no GLN, no certificates, no crop. */
export const publicOriginPlace = z.object({
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  province_code: z.string(),
  province: z.string().nullable(),
  area_ha: z.number().nullable(),
  /** GeoJSON as stored (checked on write); null beyond PUBLIC_ORIGIN_OUTLINES_MAX plots. */
  geometry: z.custom<LocationGeometry>().nullable(),
});
export type PublicOriginPlace = z.infer<typeof publicOriginPlace>;

/** One origin: the producer of lots at the start of the chain (no incoming edge), with its plots. */
export const publicOrigin = z.object({
  name: z.string(),
  province_code: z.string().nullable(),
  province: z.string().nullable(),
  places: z.array(publicOriginPlace),
});
export type PublicOrigin = z.infer<typeof publicOrigin>;

/** A step of an upstream lot (names, places and dates only: never quantities, prices or notes). */
export const publicOriginStep = z.object({
  step: z.enum(TRACE_STEPS),
  /** Who did it (the producer's name). */
  by: z.string(),
  place: z.string().nullable(),
  occurred_at: z.string(),
});
export type PublicOriginStep = z.infer<typeof publicOriginStep>;

/** Where a lot made or received in the chain came from (absent for a lot with no incoming edge). */
export const publicOrigins = z.object({
  origins: z.array(publicOrigin),
  steps: z.array(publicOriginStep),
  /** A cap was reached: the chain goes on beyond what is shown. */
  truncated: z.boolean(),
});
export type PublicOrigins = z.infer<typeof publicOrigins>;

export const publicTrace = z.object({
  code: z.string(),
  lot_code: z.string(),
  product: z.object({
    name: z.string(),
    name_en: z.string().nullable(),
    description: z.string().nullable(),
    description_en: z.string().nullable(),
    gtin: z.string().nullable(),
    unit: z.string(),
    images: z.array(publicImage),
    origin_province_code: z.string().nullable(),
    origin_country: z.string().nullable(),
    /** Circular 02/2024 (ADR 043): absent values are null and not shown. */
    brand: z.string().nullable(),
    trademark: z.string().nullable(),
    /** The product code (SKU). */
    sku: z.string().nullable(),
    shelf_life_days: z.number().int().nullable(),
  }),
  variant: z.object({ label: z.string() }).nullable(),
  producer: publicProducer,
  production_date: z.string(),
  expiry_date: z.string().nullable(),
  /** expiry_date is before today (Asia/Ho_Chi_Minh). */
  expired: z.boolean(),
  quantity: z.number(),
  unit: z.string(),
  production_base: productionBase.nullable(),
  certificates: z.array(publicCertificate),
  /** Standards applied (TCVN, QCVN, VietGAP…): declared by the product, named by its, the batch's and its locations' certificates. */
  standards: z.array(z.string()),
  events: z.array(traceEvent),
  published_at: z.string().nullable(),
  recall: z.object({ at: z.string(), reason: z.string() }).nullable(),
  hold: z.object({ at: z.string(), reason: z.string() }).nullable(),
  scan_count: z.number().int(),
  duplicate_warning: z.object({ reason: z.enum(['more_scans_than_units', 'many_places']) }).nullable(),
  rating: ratingSummary,
  /** The chain upstream (ADR 036 §5): only for a lot received or made from other lots. */
  origins: publicOrigins.optional(),
});
export type PublicTrace = z.infer<typeof publicTrace>;

/** POST /api/v1/votes (public). */
export const voteRequest = z.object({
  code: textField({ error: 'not_found' }).regex(PUBLIC_CODE_PATTERN, 'not_found'),
  rating: intField('invalidRating', 1, 5),
  comment: textField().trim().max(VOTE_COMMENT_MAX, 'tooLong').nullable().default(null),
});
export type VoteRequest = z.input<typeof voteRequest>;

export const vote = z.object({
  id: z.number().int(),
  traceability_id: z.number().int(),
  lot_code: z.string(),
  product_name: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type Vote = z.infer<typeof vote>;

/** POST /api/v1/votes answers the vote and the batch's ratings with it, for the page's summary. */
export const voteAnswer = z.object({
  data: z.object({ vote, rating: ratingSummary }),
  meta: messageMeta.optional(),
});
export type VoteAnswer = z.infer<typeof voteAnswer>;

/** GET /api/v1/votes: the producer's votes, newest first; q searches lot code, product name and comment. */
export const VOTE_SORT_FIELDS = ['created_at', 'rating'] as const;
export const voteListQuery = listQuery(VOTE_SORT_FIELDS, '-created_at').extend({
  traceability_id: idText().optional(),
});
export type VoteListQuery = z.infer<typeof voteListQuery>;
