import { z } from 'zod';
import { PROVINCE_CODES } from '../geo.js';
import { geometryField } from '../geometry.js';
import { isValidGln } from '../gln.js';
import { expectedUpdatedAt } from '../publication.js';
import { TRACE_STEPS } from '../trace-steps.js';
import { dateField, idText, textField } from './common.js';
import { listQuery, pageField, perPageField } from './list.js';

/**
 * Locations of the supply chain (DESIGN §5.6, ADR 036): a producer's farm plots, ponds, barns,
 * packing houses, processing plants, warehouses and shops, where the chain's events happen.
 * Labels are the messages `location_kind.<kind>` and `certification_scheme.<scheme>`.
 */
export const LOCATION_KINDS = [
  'farm_plot',
  'pond',
  'barn',
  'packing_house',
  'processing_plant',
  'warehouse',
  'shop',
] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const CERTIFICATION_SCHEMES = ['vietgap', 'globalgap', 'organic', 'other'] as const;
export type CertificationScheme = (typeof CERTIFICATION_SCHEMES)[number];

export const LOCATION_NAME_MAX = 200;
export const LOCATION_COMMUNE_MAX = 120;
export const LOCATION_ADDRESS_MAX = 300;
export const LOCATION_CROP_MAX = 200;
export const LOCATION_MAX_CERTIFICATIONS = 20;
export const CERTIFICATION_TEXT_MAX = 200;

/** A cleared input ('' or only spaces) means "no value". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blank, textField().trim().max(max, 'tooLong').nullable()).default(null);

export const certificationInput = z
  .object({
    scheme: z.enum(CERTIFICATION_SCHEMES, { error: 'invalidCertificationScheme' }),
    number: optionalText(CERTIFICATION_TEXT_MAX),
    issuer: optionalText(CERTIFICATION_TEXT_MAX),
    valid_from: z.preprocess(blank, dateField().nullable()).default(null),
    valid_until: z.preprocess(blank, dateField().nullable()).default(null),
  })
  .superRefine((c, ctx) => {
    // YYYY-MM-DD strings compare as dates.
    if (c.valid_from && c.valid_until && c.valid_from > c.valid_until)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'certificationDatesInvalid' });
  });
export type CertificationInput = z.output<typeof certificationInput>;

/** POST/PUT of a location: the fields a producer fills in (the owner comes from the session). */
export const locationInput = z.object({
  kind: z.enum(LOCATION_KINDS, { error: 'invalidLocationKind' }),
  name: textField({ error: 'pleaseInputLocationName' })
    .trim()
    .min(1, 'pleaseInputLocationName')
    .max(LOCATION_NAME_MAX, 'tooLong'),
  province_code: textField({ error: 'invalidProvince' }).refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince'),
  commune: optionalText(LOCATION_COMMUNE_MAX),
  /** Street, hamlet (thôn/ấp): the part of the address below the commune. */
  address: optionalText(LOCATION_ADDRESS_MAX),
  gln: z.preprocess(blank, textField().trim().refine(isValidGln, 'invalidGln').nullable()).default(null),
  /** A point or a polygon (../geometry.ts), rounded to 6 decimals. */
  geometry: z.preprocess((v) => (v === '' ? null : v), geometryField.nullable()).default(null),
  crop_or_species: optionalText(LOCATION_CROP_MAX),
  certifications: z
    .array(certificationInput)
    .max(LOCATION_MAX_CERTIFICATIONS, 'tooManyLocationCertifications')
    .default([]),
});
export type LocationInput = z.output<typeof locationInput>;

// ---------- requests and answers of the API (/api/v1/locations, /api/v1/admin/locations) ----------

/** POST/PUT body: the location's fields; PUT may send the `updated_at` it read (stale → 409 stale_update). */
export const locationRequest = locationInput.extend({ updated_at: expectedUpdatedAt });
export type LocationRequest = z.input<typeof locationRequest>;

export const LOCATION_SORT_FIELDS = ['name', 'created_at', 'area_ha'] as const;

/** The producer's list: kind, province, q (name or GLN, accent-free), sort, paging. */
export const locationListQuery = listQuery(LOCATION_SORT_FIELDS, '-created_at').extend({
  kind: z.enum(LOCATION_KINDS, { error: 'invalidLocationKind' }).optional(),
  province_code: textField({ error: 'invalidProvince' })
    .refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince')
    .optional(),
});
export type LocationListQuery = z.input<typeof locationListQuery>;

/** The admin's list: the same filters, and one producer's locations. */
export const adminLocationListQuery = locationListQuery.extend({ producer_id: idText().optional() });

export const locationCertification = z.object({
  scheme: z.enum(CERTIFICATION_SCHEMES),
  number: z.string().nullable(),
  issuer: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** On today's date in Vietnam (oems.ts certificateValidity): expired after valid_until. */
  validity: z.enum(['valid', 'expiring', 'expired']),
});
export type LocationCertification = z.infer<typeof locationCertification>;

const positionOut = z.tuple([z.number(), z.number()]);
export const locationGeometryOut = z.union([
  z.object({ type: z.literal('Point'), coordinates: positionOut }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(positionOut)) }),
]);

export const location = z.object({
  id: z.number().int(),
  kind: z.enum(LOCATION_KINDS),
  name: z.string(),
  province_code: z.string(),
  commune: z.string().nullable(),
  address: z.string().nullable(),
  gln: z.string().nullable(),
  geometry: locationGeometryOut.nullable(),
  /** Geodesic area of a polygon in ha (4 decimals); null for a point or no geometry. */
  area_ha: z.number().nullable(),
  crop_or_species: z.string().nullable(),
  certifications: z.array(locationCertification),
  /** The owner (shown to the platform administrator; the producer's own id for a producer). */
  producer: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof location>;

/** A location as an event or a shipment shows it. */
export const locationRef = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(LOCATION_KINDS) });
export type LocationRef = z.infer<typeof locationRef>;

/** Paging of the events at a location (newest first: a fixed order, no sort). */
export const locationEventQuery = z.object({ page: pageField, per_page: perPageField });
export type LocationEventQuery = z.input<typeof locationEventQuery>;

/** Which chain row an event stands for: a shipment sent, a shipment received, a transformation's output. */
export const CHAIN_EVENT_SOURCES = ['shipment', 'receipt', 'transformation'] as const;
export type ChainEventSource = (typeof CHAIN_EVENT_SOURCES)[number];

/** One event of the owner's lots recorded at a location (GET /api/v1/locations/:id/events). */
export const locationEvent = z.object({
  id: z.number().int(),
  step: z.enum(TRACE_STEPS),
  occurred_at: z.string(),
  batch: z.object({ id: z.number().int(), lot_code: z.string(), product_name: z.string() }),
  /** Null for an event the producer recorded itself. */
  source: z.enum(CHAIN_EVENT_SOURCES).nullable(),
  shipment_id: z.number().int().nullable(),
  transformation_id: z.number().int().nullable(),
});
export type LocationEvent = z.infer<typeof locationEvent>;
