import { z } from 'zod';
import { APPROVAL_STATUSES, BUSINESS_FIELDS, PRODUCER_TYPES, TAX_CODE_PATTERN } from '../constants.js';
import { PROVINCE_CODES } from '../geo.js';
import { emailField, imageUrlField, textField, websiteField } from './common.js';
import { phoneField } from '../phone.js';
import { listQuery } from './list.js';
import { GS1_COMPANY_PREFIX_LENGTH_MAX, GS1_COMPANY_PREFIX_LENGTH_MIN } from '../epc-uri.js';

export const producer = z.object({
  id: z.number().int(),
  name: z.string(),
  producer_type: z.enum(PRODUCER_TYPES),
  business_fields: z.array(z.enum(BUSINESS_FIELDS)),
  status: z.enum(APPROVAL_STATUSES),
  tax_code: z.string().nullable(),
  representative: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  province_code: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** GS1 company prefix length of its GTINs and GLNs in EPCIS URNs (null: 7; ADR 038). */
  gs1_company_prefix_length: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Producer = z.infer<typeof producer>;

const optionalText = (max: number) => textField().trim().max(max, 'tooLong').nullable().optional();

/** Optional form fields: an empty string from a cleared input means "no value". */
const emptyToNull = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? null : v), schema);

/** The editable business information of a producer. */
const producerFields = z.object({
  name: textField({ error: 'pleaseInputProducerName' }).trim().min(1, 'pleaseInputProducerName').max(200, 'tooLong'),
  producer_type: z.enum(PRODUCER_TYPES, { error: 'invalidProducerType' }),
  business_fields: z.array(z.enum(BUSINESS_FIELDS, { error: 'invalidBusinessField' })).max(4),
  tax_code: emptyToNull(textField().trim().regex(TAX_CODE_PATTERN, 'invalidTaxCode').nullable()),
  representative: optionalText(120),
  phone: emptyToNull(phoneField.nullable()),
  email: emptyToNull(emailField.nullable()),
  website: emptyToNull(websiteField(200).nullable()).optional(),
  province_code: emptyToNull(
    textField()
      .refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince')
      .nullable(),
  ),
  address: optionalText(300),
  description: optionalText(5000),
  /** An image the producer uploaded (`/uploads/…`) or an http(s) address (ADR 034). */
  logo_url: emptyToNull(imageUrlField(500).nullable()).optional(),
  /** How many digits of its GTINs/GLNs are its GS1 company prefix (6–12; null: 7), ADR 038. */
  gs1_company_prefix_length: emptyToNull(
    z
      .number({ error: 'invalidGs1PrefixLength' })
      .int('invalidGs1PrefixLength')
      .min(GS1_COMPANY_PREFIX_LENGTH_MIN, 'invalidGs1PrefixLength')
      .max(GS1_COMPANY_PREFIX_LENGTH_MAX, 'invalidGs1PrefixLength')
      .nullable(),
  ).optional(),
});

/** PUT /api/v1/producers/{id}: the producer's own business information (any subset of fields). */
export const updateProducerRequest = producerFields.partial();

/** POST /api/v1/producers: a signed-in user without a producer creates one (pending approval). */
export const createProducerRequest = producerFields.partial().extend({
  name: producerFields.shape.name,
  producer_type: z.enum(PRODUCER_TYPES, { error: 'pleaseSelectProducerType' }),
});

/** GET /api/v1/producers and /api/v1/admin/producers. */
export const PRODUCER_SORT_FIELDS = ['created_at', 'name'] as const;
export const producerListQuery = listQuery(PRODUCER_SORT_FIELDS, '-created_at').extend({
  status: z.enum(APPROVAL_STATUSES, { error: 'invalidStatus' }).optional(),
  producer_type: z.enum(PRODUCER_TYPES, { error: 'invalidProducerType' }).optional(),
});

/** Fields that make a business profile complete (the dashboard's completeness). */
export const PRODUCER_PROFILE_FIELDS = [
  'name',
  'producer_type',
  'business_fields',
  'tax_code',
  'representative',
  'phone',
  'email',
  'province_code',
  'address',
  'description',
  'logo_url',
] as const satisfies readonly (keyof Producer)[];

export function profileCompleteness(p: Producer): { filled: number; total: number; missing: string[] } {
  const missing = PRODUCER_PROFILE_FIELDS.filter((f) => {
    const v = p[f];
    return v == null || v === '' || (Array.isArray(v) && v.length === 0);
  });
  return { filled: PRODUCER_PROFILE_FIELDS.length - missing.length, total: PRODUCER_PROFILE_FIELDS.length, missing };
}

/** GET /api/v1/producers/{id}/gtin-prefixes: the company prefixes a prefix length makes of the producer's GTINs. */
export const gtinPrefixesQuery = z.strictObject({
  length: z.coerce
    .number({ error: 'invalidGs1PrefixLength' })
    .int('invalidGs1PrefixLength')
    .min(GS1_COMPANY_PREFIX_LENGTH_MIN, 'invalidGs1PrefixLength')
    .max(GS1_COMPANY_PREFIX_LENGTH_MAX, 'invalidGs1PrefixLength'),
});
/** At most this many prefixes are listed (more than one already says the length is likely wrong). */
export const GTIN_PREFIXES_LISTED = 5;
export const gtinPrefixes = z.object({
  length: z.number().int(),
  /** Products with a GTIN in all. */
  products: z.number().int(),
  /** The distinct company prefixes, most products first, at most GTIN_PREFIXES_LISTED. */
  prefixes: z.array(z.object({ prefix: z.string(), products: z.number().int() })),
});
export type GtinPrefixes = z.infer<typeof gtinPrefixes>;
