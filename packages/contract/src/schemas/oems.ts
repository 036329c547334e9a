import { z } from 'zod';
import { EXPORT_MODES, TAX_CODE_PATTERN, UNITS } from '../constants.js';
import { PROVINCE_CODES } from '../geo.js';
import { activityItem } from './activity.js';
import { emailField, idField, idText, intField, listMeta, messageMeta, textField, websiteField } from './common.js';
import { phoneField } from '../phone.js';
import { listQuery } from './list.js';
import { certificateInput, productFile, PRODUCT_MAX_CERTIFICATES } from './products.js';

/**
 * OEM producers (DESIGN §5.5, spec §2 /admin/oems, §7 admin producer_oems): a platform's directory
 * of contract manufacturers — contacts, province, the global categories they make, monthly
 * capacity and minimum order quantity with a unit of the spec list, certificates with their
 * validity, active or not. DTrack only (platform feature `oems`).
 */

export const OEM_NAME_MAX = 200;
export const OEM_CONTACT_MAX = 120;
export const OEM_WEBSITE_MAX = 200;
export const OEM_ADDRESS_MAX = 300;
export const OEM_NOTE_MAX = 2000;
export const OEM_MAX_CATEGORIES = 50;
export const OEM_MAX_CERTIFICATES = PRODUCT_MAX_CERTIFICATES;

/** A certificate whose `valid_until` is at most this many days ahead is "expiring" (list filter and badge). */
export const CERTIFICATE_EXPIRING_DAYS = 60;
/** The platform's staff are told once per certificate, this many days before it expires. */
export const CERTIFICATE_NOTICE_DAYS = 30;

/** What an OEM's history records: created, edited, a certificate's expiry notice sent (by the job). */
export const OEM_HISTORY_ACTIONS = ['create', 'update', 'certificate_notice'] as const;
export type OemHistoryAction = (typeof OEM_HISTORY_ACTIONS)[number];

/** A certificate's validity on a day: no date or beyond the window, within it, past. */
export const CERTIFICATE_VALIDITIES = ['valid', 'expiring', 'expired'] as const;
export type CertificateValidity = (typeof CERTIFICATE_VALIDITIES)[number];

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both `YYYY-MM-DD`): 0 on the day, negative once past. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The validity of a certificate on `today` (Vietnam's calendar day): expired after its last valid
 * day, expiring while at most CERTIFICATE_EXPIRING_DAYS are left, valid otherwise (and without a date).
 */
export function certificateValidity(validUntil: string | null | undefined, today: string): CertificateValidity {
  if (!validUntil) return 'valid';
  const left = daysUntil(validUntil, today);
  if (left < 0) return 'expired';
  return left <= CERTIFICATE_EXPIRING_DAYS ? 'expiring' : 'valid';
}

/** The worst validity of a list of certificates (expired, then expiring); null without certificates. */
export function worstValidity(validities: readonly CertificateValidity[]): CertificateValidity | null {
  if (!validities.length) return null;
  if (validities.includes('expired')) return 'expired';
  return validities.includes('expiring') ? 'expiring' : 'valid';
}

// ---------- answers ----------

export const oemCertificate = z.object({
  name: z.string(),
  issuer: z.string(),
  number: z.string(),
  valid_until: z.string().nullable(),
  file: productFile.nullable(),
  validity: z.enum(CERTIFICATE_VALIDITIES),
  /** Days left until `valid_until` (negative once expired); null without a date. */
  days_left: z.number().int().nullable(),
});
export type OemCertificate = z.infer<typeof oemCertificate>;

export const producerOem = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_code: z.string().nullable(),
  contact_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  province_code: z.string().nullable(),
  address: z.string().nullable(),
  /** Global product categories the OEM makes (any level of the tree). */
  category_ids: z.array(z.number().int()),
  monthly_capacity: z.number().int().nullable(),
  capacity_unit: z.string().nullable(),
  moq: z.number().int().nullable(),
  moq_unit: z.string().nullable(),
  certificates: z.array(oemCertificate),
  /** The worst validity of its certificates; null without certificates. */
  certificate_status: z.enum(CERTIFICATE_VALIDITIES).nullable(),
  /** The earliest `valid_until` not yet past; null when none. */
  next_expiry: z.string().nullable(),
  active: z.boolean(),
  note: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProducerOem = z.infer<typeof producerOem>;

export const producerOemListAnswer = z.object({
  data: z.object({ producer_oems: z.array(producerOem) }),
  meta: listMeta,
});
export const producerOemAnswer = z.object({
  data: z.object({ producer_oem: producerOem }),
  meta: messageMeta.optional(),
});
export const producerOemHistoryAnswer = z.object({
  data: z.object({ history: z.array(activityItem) }),
  meta: listMeta,
});

// ---------- requests ----------

/** A cleared input ('' or only spaces) means "no value". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blank, textField().trim().max(max, 'tooLong').nullable());
const unitField = z.enum(UNITS, { error: 'pleaseSelectUnit' });

const oemFields = z.object({
  name: textField({ error: 'pleaseInputOemName' }).trim().min(1, 'pleaseInputOemName').max(OEM_NAME_MAX, 'tooLong'),
  tax_code: z.preprocess(blank, textField().trim().regex(TAX_CODE_PATTERN, 'invalidTaxCode').nullable()),
  contact_name: optionalText(OEM_CONTACT_MAX),
  phone: z.preprocess(blank, phoneField.nullable()),
  email: z.preprocess(blank, emailField.nullable()),
  website: z.preprocess(blank, websiteField(OEM_WEBSITE_MAX).nullable()),
  province_code: z.preprocess(
    blank,
    textField()
      .refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince')
      .nullable(),
  ),
  address: optionalText(OEM_ADDRESS_MAX),
  /** Categories of the global tree (checked by the server: 422 invalidCategory). */
  category_ids: z
    .array(idField('invalidCategory'), { error: 'invalidCategory' })
    .max(OEM_MAX_CATEGORIES, 'tooManyOemCategories'),
  monthly_capacity: intField('invalidCapacity', 0).nullable(),
  capacity_unit: unitField.nullable(),
  moq: intField('invalidMoq', 0).nullable(),
  moq_unit: unitField.nullable(),
  certificates: z.array(certificateInput).max(OEM_MAX_CERTIFICATES, 'tooManyOemCertificates'),
  active: z.boolean({ error: 'invalid_value' }),
  note: optionalText(OEM_NOTE_MAX),
});

/** An amount needs its unit: a capacity (or MOQ) sent without one is refused under the unit. */
function amountsWithUnits(v: Partial<z.output<typeof oemFields>>, ctx: z.RefinementCtx) {
  if (v.monthly_capacity != null && !v.capacity_unit)
    ctx.addIssue({ code: 'custom', path: ['capacity_unit'], message: 'pleaseSelectUnit' });
  if (v.moq != null && !v.moq_unit) ctx.addIssue({ code: 'custom', path: ['moq_unit'], message: 'pleaseSelectUnit' });
}

/** POST /api/v1/admin/producer_oems: a name, and any other field (absent: empty; active by default). */
export const producerOemCreate = oemFields
  .partial()
  .extend({ name: oemFields.shape.name })
  .superRefine(amountsWithUnits);
export type ProducerOemCreate = z.input<typeof producerOemCreate>;

/**
 * PUT /api/v1/admin/producer_oems/{id}: any subset of the fields; absent fields are kept (the
 * list's active switch sends `{ active }` alone). A capacity or MOQ travels with its unit.
 */
export const producerOemUpdate = oemFields.partial().superRefine(amountsWithUnits);
export type ProducerOemUpdate = z.input<typeof producerOemUpdate>;

export const OEM_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'monthly_capacity', 'next_expiry'] as const;
export const OEM_CERTIFICATE_FILTERS = ['expiring', 'expired'] as const;
export type OemCertificateFilter = (typeof OEM_CERTIFICATE_FILTERS)[number];

const capacityText = (key: string) =>
  z.coerce
    .number({ error: key })
    .int({ error: key, abort: true })
    .min(0, { error: key, abort: true })
    .max(2_147_483_647, key);

/** The filters of the list, shared by the export (exportAsFilter). */
export const producerOemFilters = {
  q: textField().trim().max(200).optional(),
  province_code: textField()
    .refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince')
    .optional(),
  /** OEMs making this category or one below it. */
  category_id: idText('invalidCategory').optional(),
  capacity_min: capacityText('invalidCapacity').optional(),
  capacity_max: capacityText('invalidCapacity').optional(),
  active: z.enum(['true', 'false'], { error: 'invalid_value' }).optional(),
  /** expiring: a certificate ends within CERTIFICATE_EXPIRING_DAYS (not yet past); expired: one is past. */
  certificate: z.enum(OEM_CERTIFICATE_FILTERS, { error: 'invalid_value' }).optional(),
};

function capacityRange(v: { capacity_min?: number; capacity_max?: number }, ctx: z.RefinementCtx) {
  if (v.capacity_min !== undefined && v.capacity_max !== undefined && v.capacity_min > v.capacity_max)
    ctx.addIssue({ code: 'custom', path: ['capacity_max'], message: 'capacityRangeInvalid' });
}

/**
 * GET /api/v1/admin/producer_oems: q (name, tax code, contact, address; accent-free), province,
 * category (with its subtree), monthly capacity between min and max, active, certificates
 * expiring or expired; sort; paging.
 */
export const producerOemListQuery = listQuery(OEM_SORT_FIELDS, 'name')
  .extend(producerOemFilters)
  .superRefine(capacityRange);
export type ProducerOemListQuery = z.input<typeof producerOemListQuery>;

/** POST /api/v1/admin/producer_oems/export (XLSX): every OEM, or the list's filters and/or ids. */
export const producerOemExportRequest = z
  .object({
    mode: z.enum(EXPORT_MODES, { error: 'invalidExportMode' }),
    ids: z.array(idField()).max(10_000).optional(),
    ...producerOemFilters,
    capacity_min: intField('invalidCapacity', 0).optional(),
    capacity_max: intField('invalidCapacity', 0).optional(),
  })
  .superRefine(capacityRange);
export type ProducerOemExportRequest = z.input<typeof producerOemExportRequest>;
