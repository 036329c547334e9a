import { TAX_RATES, type TaxRate } from './constants.js';

/**
 * The money of a purchase order (DESIGN §5.5), computed the same way by the server (which stores it
 * and never takes totals from a client) and by the web (the form's live preview). No zod: the web
 * imports it alone. All money is whole đồng (VND has no subunit); the arithmetic is in BigInt, so no
 * floating point error and no overflow, and answers are safe integers (PURCHASE_ORDER_MAX_TOTAL).
 *
 * Rounding rule (half up, to the đồng, at three places only):
 * 1. a line's amount = quantity × unit price, the quantity having at most 3 decimals
 *    (12.345 kg): round(quantity_in_thousandths × unit_price / 1000);
 * 2. a line's discount: a percentage (at most 2 decimals) → round(amount × percent / 100); an
 *    amount → as given (never more than the line's amount);
 * 3. VAT per rate, on the sum of the net amounts (amount − discount) of the lines at that rate:
 *    tax = round(base × rate / 100) — once per rate, as on a Vietnamese VAT invoice, so the
 *    rounding of many lines never adds up.
 * Subtotal = Σ amounts; discount = Σ discounts; each rate's base = Σ its net amounts;
 * tax = Σ taxes per rate; grand total = Σ bases + tax. Every sum is exact.
 */

export const DISCOUNT_TYPES = ['amount', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Bounds of a line (the schema refuses more): 1 000 000 units, 1 000 000 000 đồng a unit (so a line's amount is a safe integer). */
export const PURCHASE_ORDER_MAX_QUANTITY = 1_000_000;
export const PURCHASE_ORDER_QUANTITY_DECIMALS = 3;
export const PURCHASE_ORDER_MAX_UNIT_PRICE = 1_000_000_000;
export const PURCHASE_ORDER_PERCENT_DECIMALS = 2;
/** The largest grand total an order may have: 999 999 999 999 999 đồng (a safe integer). */
export const PURCHASE_ORDER_MAX_TOTAL = 999_999_999_999_999;

/** What the totals read of a line. */
export interface TotalsLine {
  /** At most PURCHASE_ORDER_QUANTITY_DECIMALS decimals. */
  quantity: number;
  /** Whole đồng. */
  unit_price: number;
  discount_type?: DiscountType;
  /** A percentage (0..100, ≤ 2 decimals) or an amount in đồng (whole, ≤ the line's amount). */
  discount_value?: number;
  vat_rate: number;
}

export interface LineTotals {
  /** quantity × unit price, rounded. */
  amount: number;
  discount: number;
  /** amount − discount. */
  net: number;
}

export interface VatGroup {
  rate: TaxRate;
  /** Σ net of the lines at this rate. */
  base: number;
  tax: number;
}

export interface PurchaseOrderTotals {
  lines: LineTotals[];
  /** Σ line amounts before discounts. */
  subtotal: number;
  discount: number;
  /** subtotal − discount = Σ bases. */
  net: number;
  /** One group per rate used, in TAX_RATES order. */
  vat: VatGroup[];
  tax: number;
  total: number;
}

/** round(n / d) half up, for n ≥ 0 and d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** `x` as an integer count of 10^-decimals (12.345, 3 → 12345), or null when it has more decimals. */
export function scaled(x: number, decimals: number): bigint | null {
  if (!Number.isFinite(x)) return null;
  const factor = 10 ** decimals;
  const n = Math.round(x * factor);
  // A value with more decimals than allowed is refused rather than silently rounded.
  if (Math.abs(n - x * factor) > 1e-6 * Math.max(1, Math.abs(x * factor)) || !Number.isSafeInteger(n)) return null;
  return BigInt(n);
}

const QTY_FACTOR = 10n ** BigInt(PURCHASE_ORDER_QUANTITY_DECIMALS);
const PCT_FACTOR = 10n ** BigInt(PURCHASE_ORDER_PERCENT_DECIMALS);

/**
 * Why a line cannot be totalled, as a message key (for the schema and the form), or null:
 * `invalidQuantity`, `invalidUnitPrice`, `invalidDiscount`, `discountAboveAmount`, `invalidVatRate`.
 */
export function lineRefusal(line: TotalsLine): string | null {
  const qty = scaled(line.quantity, PURCHASE_ORDER_QUANTITY_DECIMALS);
  if (qty === null || qty <= 0n || line.quantity > PURCHASE_ORDER_MAX_QUANTITY) return 'invalidQuantity';
  if (
    !Number.isSafeInteger(line.unit_price) ||
    line.unit_price < 0 ||
    line.unit_price > PURCHASE_ORDER_MAX_UNIT_PRICE
  ) {
    return 'invalidUnitPrice';
  }
  if (!(TAX_RATES as readonly number[]).includes(line.vat_rate)) return 'invalidVatRate';
  const value = line.discount_value ?? 0;
  if (line.discount_type === 'percent') {
    const pct = scaled(value, PURCHASE_ORDER_PERCENT_DECIMALS);
    if (pct === null || pct < 0n || pct > 100n * PCT_FACTOR) return 'invalidDiscountPercent';
  } else {
    if (!Number.isSafeInteger(value) || value < 0) return 'invalidDiscount';
    if (BigInt(value) > divRound(qty * BigInt(line.unit_price), QTY_FACTOR)) return 'discountAboveAmount';
  }
  return null;
}

/** The amounts of one line (see the rounding rule above). Throws a RangeError for a line `lineRefusal` refuses. */
export function lineTotals(line: TotalsLine): LineTotals {
  const refusal = lineRefusal(line);
  if (refusal) throw new RangeError(`purchase order line: ${refusal}`);
  const qty = scaled(line.quantity, PURCHASE_ORDER_QUANTITY_DECIMALS)!;
  const amount = divRound(qty * BigInt(line.unit_price), QTY_FACTOR);
  const value = line.discount_value ?? 0;
  const discount =
    line.discount_type === 'percent'
      ? divRound(amount * scaled(value, PURCHASE_ORDER_PERCENT_DECIMALS)!, 100n * PCT_FACTOR)
      : BigInt(value);
  return { amount: Number(amount), discount: Number(discount), net: Number(amount - discount) };
}

/**
 * The totals of an order's lines: per line, per VAT rate and overall, in whole đồng. The one
 * function both the server (authoritative) and the web (preview) call. Throws a RangeError for a
 * line `lineRefusal` refuses, or a subtotal or total above PURCHASE_ORDER_MAX_TOTAL
 * (`totalsRefusal` says which, without throwing).
 */
export function purchaseOrderTotals(lines: readonly TotalsLine[]): PurchaseOrderTotals {
  const perLine = lines.map(lineTotals);
  const bases = new Map<number, bigint>();
  let subtotal = 0n;
  let discount = 0n;
  perLine.forEach((t, i) => {
    const rate = lines[i].vat_rate;
    subtotal += BigInt(t.amount);
    discount += BigInt(t.discount);
    bases.set(rate, (bases.get(rate) ?? 0n) + BigInt(t.net));
  });
  const vat: VatGroup[] = [];
  let tax = 0n;
  for (const rate of TAX_RATES) {
    const base = bases.get(rate);
    if (base === undefined) continue;
    const t = divRound(base * BigInt(rate), 100n);
    tax += t;
    vat.push({ rate, base: Number(base), tax: Number(t) });
  }
  const net = subtotal - discount;
  if (subtotal > BigInt(PURCHASE_ORDER_MAX_TOTAL) || net + tax > BigInt(PURCHASE_ORDER_MAX_TOTAL)) {
    throw new RangeError('purchase order: totalTooLarge');
  }
  return {
    lines: perLine,
    subtotal: Number(subtotal),
    discount: Number(discount),
    net: Number(net),
    vat,
    tax: Number(tax),
    total: Number(net + tax),
  };
}

/** Why an order's lines cannot be totalled (a message key and the line's index when one is at fault), or null. */
export function totalsRefusal(lines: readonly TotalsLine[]): { key: string; line: number | null } | null {
  for (let i = 0; i < lines.length; i++) {
    const key = lineRefusal(lines[i]);
    if (key) return { key, line: i };
  }
  try {
    purchaseOrderTotals(lines);
    return null;
  } catch {
    return { key: 'purchaseOrderTotalTooLarge', line: null };
  }
}
