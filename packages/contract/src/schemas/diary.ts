import { z } from 'zod';
import {
  DIARY_ENTRY_TYPES,
  DIARY_FUTURE_TOLERANCE_MS,
  DIARY_KEY_PATTERN,
  DIARY_MAX_AGE_DAYS,
  DIARY_MAX_PHOTOS,
  DIARY_NOTES_MAX,
  DIARY_TEMPLATES,
  type DiaryEntryType,
  type DiaryField,
} from '../diary.js';
import { LOCATION_KINDS } from './locations.js';
import { BATCH_STATES, LOT_CODE_PATTERN } from '../trace-steps.js';
import { dateTimeField, errorEnvelope, idField, idText, isStorableText, textField } from './common.js';
import { pageField, perPageField } from './list.js';
import { hasQuantityPrecision, QUANTITY_MAX, roundQuantity } from './quantity.js';
import { traceFile } from './traceabilities.js';

/**
 * Requests and answers of the farm diary (/api/v1/diary, ADR 044). Detail schemas are built from
 * DIARY_TEMPLATES so that the form and the server read the same rules.
 */

/** 16–64 characters of `A-Z a-z 0-9 _ -` (422 invalidIdempotencyKey). */
export const diaryIdempotencyKey = textField({ error: 'invalidIdempotencyKey' }).regex(
  DIARY_KEY_PATTERN,
  'invalidIdempotencyKey',
);

/** Missing → `diaryFieldRequired`; present but wrong → `key`. */
const requiredOr = (key: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === '' ? 'diaryFieldRequired' : key;

function fieldSchema(f: DiaryField): z.ZodType {
  switch (f.kind) {
    case 'text': {
      const s = z
        .string({ error: requiredOr('invalidText') })
        .refine(isStorableText, { message: 'invalidCharacters', abort: true })
        .trim();
      return f.required
        ? s.min(1, 'diaryFieldRequired').max(f.max ?? 200, 'tooLong')
        : z.preprocess((v) => (v === '' ? null : v), s.max(f.max ?? 200, 'tooLong').nullable()).default(null);
    }
    case 'number': {
      const s = z
        .number({ error: requiredOr('invalidQuantity') })
        .positive('invalidQuantity')
        .max(QUANTITY_MAX, 'invalidQuantity')
        .refine(hasQuantityPrecision, 'invalidQuantity')
        .transform(roundQuantity);
      return f.required ? s : s.nullable().default(null);
    }
    case 'integer': {
      const s = z
        .number({ error: requiredOr('invalidNumber') })
        .int({ error: 'invalidNumber', abort: true })
        .min(f.min ?? 1, { error: 'invalidNumber', abort: true })
        .max(f.max ?? 10_000, 'invalidNumber');
      return f.required ? s : s.nullable().default(null);
    }
    case 'unit': {
      const s = z.enum(f.options as [string, ...string[]], { error: requiredOr('invalidUnit') });
      return f.required ? s : z.preprocess((v) => (v === '' ? null : v), s.nullable()).default(null);
    }
  }
}

/** The lot a harvest goes to: an open lot of the producer, or a new draft lot of one of its products. */
export const diaryHarvestLot = z
  .object({
    traceability_id: idField('invalidBatch').optional(),
    product_id: idField('invalidProduct').optional(),
    lot_code: textField({ error: 'invalidLotCode' })
      .trim()
      .min(1, 'invalidLotCode')
      .max(50, 'invalidLotCode')
      .regex(LOT_CODE_PATTERN, 'invalidLotCode')
      .optional(),
  })
  .refine((l) => (l.traceability_id === undefined) !== (l.product_id === undefined), {
    message: 'diaryHarvestLotRequired',
  });

function detailsSchema(type: DiaryEntryType) {
  const fields = DIARY_TEMPLATES[type];
  const shape: Record<string, z.ZodType> = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  if (type === 'harvesting') shape.lot = diaryHarvestLot;
  const amount = fields.find((f) => f.kind === 'number');
  return z.object(shape, { error: 'diaryFieldRequired' }).superRefine((d, ctx) => {
    // An amount means nothing without its unit.
    if (amount && d[amount.name] != null && fields.some((f) => f.kind === 'unit') && d.unit == null)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'pleaseSelectUnit' });
  });
}

/** The details of each entry type (validated server-side and by the phone's form). */
export const DIARY_DETAIL_SCHEMAS = Object.fromEntries(DIARY_ENTRY_TYPES.map((t) => [t, detailsSchema(t)])) as Record<
  DiaryEntryType,
  ReturnType<typeof detailsSchema>
>;

/** Values of an entry's details: texts, numbers, null for an optional field left empty; `lot` of a harvest. */
export type DiaryDetails = Record<string, unknown>;

const DAY_MS = 86_400_000;
const occurredAt = dateTimeField()
  .refine((s) => Date.parse(s) <= Date.now() + DIARY_FUTURE_TOLERANCE_MS, 'diaryTimeInFuture')
  .refine((s) => Date.parse(s) >= Date.now() - DIARY_MAX_AGE_DAYS * DAY_MS, 'diaryTimeTooOld');

/**
 * POST /api/v1/diary/entries. At least one of location_id (a plot) / traceability_id (a lot).
 * A harvest's `details.lot` says where the harvest goes: `{ traceability_id }` adds to an open lot,
 * `{ product_id, lot_code? }` makes a new draft lot (then location_id, the plot, is required).
 */
export const diaryEntryRequest = z
  .object({
    idempotency_key: diaryIdempotencyKey,
    type: z.enum(DIARY_ENTRY_TYPES, { error: 'invalidDiaryType' }),
    occurred_at: occurredAt,
    location_id: idField('invalidLocation').nullable().default(null),
    traceability_id: idField('invalidBatch').nullable().default(null),
    details: z.record(z.string(), z.unknown(), { error: 'diaryFieldRequired' }),
    notes: z
      .preprocess((v) => (v === '' ? null : v), textField().trim().max(DIARY_NOTES_MAX, 'tooLong').nullable())
      .default(null),
    photo_ids: z.array(idField('invalidUpload')).max(DIARY_MAX_PHOTOS, 'tooManyFiles').default([]),
  })
  .transform((v, ctx) => {
    const parsed = DIARY_DETAIL_SCHEMAS[v.type].safeParse(v.details);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
        ctx.addIssue({
          code: 'custom',
          path: ['details', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
          message: issue.message,
          ...(max !== undefined ? { params: { max } } : {}),
        });
      }
      return z.NEVER;
    }
    const details: DiaryDetails = parsed.data;
    const lot = details.lot as { traceability_id?: number; product_id?: number } | undefined;
    if (v.type === 'harvesting' && lot?.product_id !== undefined && v.location_id === null)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'diaryHarvestNeedsPlot' });
    else if (v.location_id === null && v.traceability_id === null && lot?.traceability_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'diaryPlotOrLotRequired' });
    if (v.traceability_id !== null && lot?.traceability_id !== undefined && lot.traceability_id !== v.traceability_id)
      ctx.addIssue({ code: 'custom', path: ['details', 'lot'], message: 'diaryLotMismatch' });
    return { ...v, details };
  });
export type DiaryEntryRequest = z.input<typeof diaryEntryRequest>;
export type DiaryEntryInput = z.output<typeof diaryEntryRequest>;

// ---------- answers ----------

export const diaryEntry = z.object({
  id: z.number().int(),
  idempotency_key: z.string(),
  type: z.enum(DIARY_ENTRY_TYPES),
  occurred_at: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  batch: z.object({ id: z.number().int(), lot_code: z.string(), product_name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  notes: z.string().nullable(),
  photos: z.array(traceFile),
  trace_event_id: z.number().int().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type DiaryEntry = z.infer<typeof diaryEntry>;

/** GET /api/v1/diary/entries: newest first, optionally of one plot or one lot. */
export const diaryEntryListQuery = z.object({
  location_id: idText('invalidLocation').optional(),
  traceability_id: idText('invalidBatch').optional(),
  page: pageField,
  per_page: perPageField,
});
export type DiaryEntryListQuery = z.input<typeof diaryEntryListQuery>;

/** A spraying as the phone's offline rule needs it (harvestRefusal). */
export const diarySprayingRef = z.object({
  location_id: z.number().int().nullable(),
  traceability_id: z.number().int().nullable(),
  occurred_at: z.string(),
  phi_days: z.number().int(),
});
export type DiarySprayingRef = z.infer<typeof diarySprayingRef>;

export const diaryPlot = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  area_ha: z.number().nullable(),
  crop: z.string().nullable(),
  /** safeToHarvestFrom of the plot's sprayings (Vietnam date), null when none. */
  safe_from: z.string().nullable(),
  last_spraying: z.object({ occurred_at: z.string(), product: z.string(), phi_days: z.number().int() }).nullable(),
});
export type DiaryPlot = z.infer<typeof diaryPlot>;

export const diaryLot = z.object({
  id: z.number().int(),
  lot_code: z.string(),
  product_name: z.string(),
  status: z.enum(BATCH_STATES),
  unit: z.string(),
  quantity: z.number(),
  /** The plots/locations the lot's events happened at. */
  location_ids: z.array(z.number().int()),
});
export type DiaryLot = z.infer<typeof diaryLot>;

/** GET /api/v1/diary/context: what the phone keeps for offline use. */
export const diaryContext = z.object({
  plots: z.array(diaryPlot),
  lots: z.array(diaryLot),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sprayings: z.array(diarySprayingRef),
});
export type DiaryContext = z.infer<typeof diaryContext>;

/**
 * The body of a 422 `harvest_unsafe` answer: the usual error envelope plus `details.safe_from`
 * (`YYYY-MM-DD`, Vietnam date); the message names the date as dd/mm/yyyy.
 */
export const harvestUnsafeError = z.object({
  meta: z.object({ code: z.literal('harvest_unsafe'), message: z.string() }),
  details: z.object({ safe_from: z.string() }),
});

/** The 422 answers of POST /diary/entries: the error envelope, with `details.safe_from` for `harvest_unsafe`. */
export const diaryErrorEnvelope = errorEnvelope.extend({
  details: z.object({ safe_from: z.string() }).optional(),
});
