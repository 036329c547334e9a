import { z } from 'zod';
import { PLATFORM_KEYS } from '../platforms.js';
import { SERVICE_REGISTRATION_STEPS } from '../constants.js';
import { SERVICE_SHORT_STEPS } from '../workflows.js';
import { envelope, errorEnvelope, intField, textField } from './common.js';
import { serviceFormFieldAnswer, serviceFormFields } from './service-form.js';

// ---------- S1: the service catalogue (register_services, DESIGN §5.2) ----------

/** `type` decides the flow: 0 free (registered at once), 1 the full flow, 2 the short flow. */
export const SERVICE_TYPES = [0, 1, 2] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The steps of a service type's flow (none for a free service). */
export function serviceSteps(type: number): readonly string[] {
  if (type === 1) return SERVICE_REGISTRATION_STEPS;
  if (type === 2) return SERVICE_SHORT_STEPS;
  return [];
}

/** Every step that can carry target days (the union of both flows, `done` excluded: nothing is due after it). */
export const SERVICE_TARGET_STEPS = [...SERVICE_REGISTRATION_STEPS, 'inprogress'].filter((s) => s !== 'done');

/** Icon keys of the catalogue; the web maps each to an icon. */
export const SERVICE_ICONS = [
  'legal',
  'signature',
  'declaration',
  'barcode',
  'trademark',
  'ministry',
  'photo',
  'fulfillment',
  'printing',
  'testing',
  'video',
  'shop',
  'advertising',
  'kol',
  'traceability',
  'loan',
  'invoice',
  'event',
  'logistics',
  'design',
  'ecommerce_design',
  'multichannel',
  'department',
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

/** Slugs other parts of the app rely on. */
export const SERVICE_SLUGS = {
  multichannelSelling: 'multichannel_selling',
  traceability: 'traceability',
  gs1Barcode: 'gs1-barcode',
  foodDeclaration: 'food-product-declaration',
  departmentRegistration: 'department-registration',
} as const;

/** Prices in VND: whole đồng, 0 .. 1e12. */
export const PRICE_MAX = 1_000_000_000_000;
export const PRICING_MAX_ROWS = 100;
export const TARGET_DAYS_MAX = 365;

const priceField = intField('invalidPrice', 0, PRICE_MAX);
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const requiredText = (max: number, missing: string) =>
  textField({ error: missing }).trim().min(1, missing).max(max, 'tooLong');
const optionalText = (max: number) => z.preprocess(emptyToNull, textField().trim().max(max, 'tooLong').nullable());

/** One row of a pricing table (also one row of the pricing xlsx). */
export const servicePricingRow = z.object({
  item_vi: requiredText(200, 'servicePricingItemRequired'),
  item_en: requiredText(200, 'servicePricingItemRequired'),
  unit_vi: optionalText(50).default(null).transform((v) => v ?? ''),
  unit_en: optionalText(50).default(null).transform((v) => v ?? ''),
  price: z.preprocess((v) => (v === '' || v === undefined ? null : v), priceField.nullable()),
  note: optionalText(500).default(null),
});
export type ServicePricingRow = z.output<typeof servicePricingRow>;

/** Step → days; only steps of a flow, each 0..365. */
export const serviceTargetDays = z
  .record(z.string(), intField('invalidTargetDays', 0, TARGET_DAYS_MAX))
  .refine((r) => Object.keys(r).every((k) => SERVICE_TARGET_STEPS.includes(k)), { message: 'invalidTargetDaysStep' });

/** PUT /api/v1/admin/register_services/:id — every field optional, slug and type fixed at seed. */
export const serviceUpdateBody = z
  .object({
    title_vi: requiredText(200, 'serviceTitleRequired'),
    title_en: requiredText(200, 'serviceTitleRequired'),
    description_vi: textField().trim().max(5000, 'tooLong'),
    description_en: textField().trim().max(5000, 'tooLong'),
    icon: z.enum(SERVICE_ICONS, { error: 'invalidServiceIcon' }),
    available: z.boolean({ error: 'invalidValue' }),
    price_from: priceField.nullable(),
    price_unit_vi: optionalText(50),
    price_unit_en: optionalText(50),
    pricing: z.array(servicePricingRow).max(PRICING_MAX_ROWS, 'tooManyPricingRows'),
    target_days: serviceTargetDays,
    position: intField('invalidNumber', 0, 10_000),
    /** The fields the request form asks for (the whole list, in order). */
    form_fields: serviceFormFields,
  })
  .partial();
export type ServiceUpdateBody = z.input<typeof serviceUpdateBody>;

export const serviceSlugParam = z.object({ slug: textField().trim().min(1).max(100) });

/** A catalogue entry: `title`, `description`, `price_unit` in the caller's language, and both languages. */
export const registerService = z.object({
  id: z.number().int(),
  platform: z.enum(PLATFORM_KEYS),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  title_vi: z.string(),
  title_en: z.string(),
  description_vi: z.string(),
  description_en: z.string(),
  icon: z.string(),
  type: z.number().int(),
  available: z.boolean(),
  price_from: z.number().nullable(),
  price_unit: z.string().nullable(),
  price_unit_vi: z.string().nullable(),
  price_unit_en: z.string().nullable(),
  pricing: z.array(
    z.object({
      item_vi: z.string(),
      item_en: z.string(),
      unit_vi: z.string(),
      unit_en: z.string(),
      price: z.number().nullable(),
      note: z.string().nullable(),
    }),
  ),
  target_days: z.record(z.string(), z.number()),
  /** The flow's steps (empty for a free service). */
  steps: z.array(z.string()),
  /** The fields the request form asks for, in order. */
  form_fields: z.array(serviceFormFieldAnswer),
  position: z.number().int(),
  updated_at: z.string(),
});
export type RegisterService = z.infer<typeof registerService>;

export const registerServiceListAnswer = z.object({
  data: z.object({ register_services: z.array(registerService) }),
  meta: z.object({ total_count: z.number().int() }),
});
export const registerServiceAnswer = envelope('register_service', registerService);

/** One problem of a pricing import: the xlsx row (1-based, header = 1), the column header and why. */
export const pricingImportProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type PricingImportProblem = z.infer<typeof pricingImportProblem>;
/** The 422 answer of a refused import (nothing was imported): `problems` when rows were refused. */
export const pricingImportReport = errorEnvelope.extend({ problems: z.array(pricingImportProblem).optional() });
