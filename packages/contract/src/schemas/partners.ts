import { z } from 'zod';
import { isValidGln } from '../gln.js';
import { idField, idText, textField } from './common.js';
import { listQuery, searchField } from './list.js';

/**
 * A producer's trading partners (ADR 036 §4): another producer of the same platform
 * (`linked_producer_id`, found with the producer search; its name, tax code and address are the
 * producer's) or an outside party (name, tax code, address, optional GLN). The note is the
 * owner's, never shown to the partner.
 */
export const PARTNER_KINDS = ['platform', 'outside'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const PARTNER_NAME_MAX = 200;
export const PARTNER_TAX_CODE_MAX = 20;
export const PARTNER_ADDRESS_MAX = 300;
export const PARTNER_NOTE_MAX = 2000;

/** A cleared input ('' or only spaces) means "no value". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blank, textField().trim().max(max, 'tooLong').nullable()).default(null);

/** POST/PUT of a partner. With `linked_producer_id` the other fields but the note are the producer's. */
export const partnerInput = z
  .object({
    linked_producer_id: idField('invalidPartnerProducer').nullable().default(null),
    name: optionalText(PARTNER_NAME_MAX),
    tax_code: optionalText(PARTNER_TAX_CODE_MAX),
    address: optionalText(PARTNER_ADDRESS_MAX),
    gln: z.preprocess(blank, textField().trim().nullable()).default(null),
    note: optionalText(PARTNER_NOTE_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.linked_producer_id != null) return;
    if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'pleaseInputPartnerName' });
    if (v.gln && !isValidGln(v.gln)) ctx.addIssue({ code: 'custom', path: ['gln'], message: 'invalidGln' });
  });
export type PartnerInput = z.input<typeof partnerInput>;

export const partner = z.object({
  id: z.number().int(),
  kind: z.enum(PARTNER_KINDS),
  /** The platform producer it stands for (id, name, province), or null for an outside party. */
  linked_producer: z
    .object({ id: z.number().int(), name: z.string(), province_code: z.string().nullable() })
    .nullable(),
  name: z.string(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  gln: z.string().nullable(),
  /** The owner's internal note. */
  note: z.string().nullable(),
  shipment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Partner = z.infer<typeof partner>;

export const PARTNER_SORT_FIELDS = ['name', 'created_at'] as const;
/** GET /api/v1/partners: q searches name, tax code and GLN without accents. */
export const partnerListQuery = listQuery(PARTNER_SORT_FIELDS, 'name').extend({
  kind: z.enum(PARTNER_KINDS, { error: 'invalidPartnerKind' }).optional(),
});
export type PartnerListQuery = z.input<typeof partnerListQuery>;

/** GET /api/v1/partners/producer-search?q=: approved producers of the caller's platform by name or tax code. */
export const producerSearchQuery = z.object({ q: searchField });
export const PRODUCER_SEARCH_LIMIT = 20;
/** What the search tells of another producer: id, name and province only. */
export const producerSearchItem = z.object({
  id: z.number().int(),
  name: z.string(),
  province_code: z.string().nullable(),
});
export type ProducerSearchItem = z.infer<typeof producerSearchItem>;

export const partnerIdParam = z.object({ id: idText() });
