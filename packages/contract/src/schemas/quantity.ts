import { z } from 'zod';

/**
 * Quantities of the chain (ADR 036 §3): a lot's quantity, a shipment's, a receipt's and a
 * transformation input's. Positive decimals with at most 3 decimals (kg to the gram), at most
 * one billion, stored as numeric(14,3); always with a unit of spec §5 (UNITS) that must match the
 * lot's — no conversion.
 */
export const QUANTITY_MAX = 1_000_000_000;
export const QUANTITY_DECIMALS = 3;

/** True when `v` has at most 3 decimals (checked on the thousandths, so 0.1 + 0.2 passes). */
export function hasQuantityPrecision(v: number): boolean {
  const scaled = v * 10 ** QUANTITY_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Rounds to the stored precision (what numeric(14,3) keeps). */
export function roundQuantity(v: number): number {
  return Math.round(v * 10 ** QUANTITY_DECIMALS) / 10 ** QUANTITY_DECIMALS;
}

/** A positive quantity ≤ 1e9 with ≤ 3 decimals; every refusal says `key` (default invalidQuantity). */
export function quantityField(key = 'invalidQuantity') {
  return z
    .number({ error: key })
    .positive(key)
    .max(QUANTITY_MAX, key)
    .refine(hasQuantityPrecision, key)
    .transform(roundQuantity);
}
