import { z } from 'zod';
import { UNITS } from '../constants.js';
import { LOT_CODE_PATTERN } from '../trace-steps.js';
import { todayInVietnam } from '../vietnam-time.js';
import { dateField, idField, idText, textField } from './common.js';
import { listQuery } from './list.js';
import { quantityField } from './quantity.js';

/**
 * Transformations of the supply chain (ADR 036 §2–3): a new lot (an ordinary draft batch of the
 * producer) made from some of its own lots — lots it produced or received from partners — with the
 * quantity used of each, at one of its locations, on a date.
 */

/** At most this many input lots in one transformation. */
export const TRANSFORMATION_MAX_INPUTS = 50;

const dateOnly = dateField();
const notInFuture = (d: string) => d <= todayInVietnam();

export const transformationInput = z.object({
  lot_id: idField('pleaseSelectInputLot'),
  quantity: quantityField(),
  /** Optional: when given it must be the lot's unit (409 unit_mismatch); no conversion. */
  unit: z.enum(UNITS, { error: 'invalidUnit' }).optional(),
});

export const transformationOutput = z
  .object({
    product_id: idField('pleaseSelectProduct'),
    lot_code: textField({ error: 'pleaseInputLotCode' })
      .trim()
      .min(1, 'pleaseInputLotCode')
      .max(50, 'invalidLotCode')
      .regex(LOT_CODE_PATTERN, 'invalidLotCode'),
    quantity: quantityField(),
    unit: z.enum(UNITS, { error: 'invalidUnit' }),
    production_date: dateOnly,
    expiry_date: dateOnly.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.expiry_date && v.expiry_date <= v.production_date) {
      ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: 'expiryBeforeProduction' });
    }
  });

/** POST /api/v1/transformations. */
export const transformationRequest = z
  .object({
    output: transformationOutput,
    inputs: z
      .array(transformationInput)
      .min(1, 'transformationNeedsInput')
      .max(TRANSFORMATION_MAX_INPUTS, 'tooManyInputs'),
    location_id: idField('transformationLocationInvalid').nullable().default(null),
    transformed_on: dateOnly.refine(notInFuture, 'transformedOnFuture'),
    note: textField().trim().max(2000, 'tooLong').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.inputs.forEach((input, i) => {
      if (seen.has(input.lot_id)) {
        ctx.addIssue({ code: 'custom', path: ['inputs', i, 'lot_id'], message: 'duplicateInputLot' });
      }
      seen.add(input.lot_id);
    });
  });
export type TransformationRequest = z.input<typeof transformationRequest>;

const lotRef = z.object({
  lot_id: z.number().int(),
  lot_code: z.string(),
  public_code: z.string(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  quantity: z.number(),
  unit: z.string(),
});

export const transformation = z.object({
  id: z.number().int(),
  transformed_on: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  /** The new lot: its whole quantity. */
  output: lotRef,
  /** Each input lot with the quantity used of it. */
  inputs: z.array(lotRef),
  /** output ÷ sum of inputs when every unit is the output's, else null (no conversion). */
  yield: z.number().nullable(),
  created_at: z.string(),
});
export type Transformation = z.infer<typeof transformation>;

/**
 * The yield of a transformation: output ÷ Σ inputs when all units equal the output's (4 decimals),
 * else null. One function for the server's answer and the form's live figure.
 */
export function transformationYield(
  output: { quantity: number; unit: string },
  inputs: { quantity: number; unit: string }[],
): number | null {
  if (!inputs.length || inputs.some((i) => i.unit !== output.unit)) return null;
  const total = inputs.reduce((s, i) => s + i.quantity, 0);
  if (!(total > 0) || !(output.quantity > 0)) return null;
  return Math.round((output.quantity / total) * 10_000) / 10_000;
}

export const TRANSFORMATION_SORT_FIELDS = ['transformed_on', 'created_at'] as const;

/** GET /api/v1/transformations: q finds the output lot code. */
export const transformationListQuery = listQuery(TRANSFORMATION_SORT_FIELDS, '-transformed_on');
export type TransformationListQuery = z.infer<typeof transformationListQuery>;

/** GET /api/v1/transformations/input_lots: the producer's lots that can be used (q: lot code or product name). */
export const inputLotQuery = z.object({
  q: textField().trim().max(200).optional(),
  /** A lot id to include whatever q says (the form's current choice). */
  include: idText().optional(),
});

export const inputLot = z.object({
  id: z.number().int(),
  lot_code: z.string(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  quantity: z.number(),
  /** quantity − what shipments and transformations took. */
  remaining: z.number(),
  unit: z.string(),
  production_date: z.string(),
  /** A lot received from a partner (a receipt made it), not produced here. */
  received: z.boolean(),
});
export type InputLot = z.infer<typeof inputLot>;

export const TRANSFORMATION_INPUT_LOTS_LIMIT = 50;
