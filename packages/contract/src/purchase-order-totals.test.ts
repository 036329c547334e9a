import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_RATES } from './constants.js';
import {
  PURCHASE_ORDER_MAX_QUANTITY,
  PURCHASE_ORDER_MAX_TOTAL,
  PURCHASE_ORDER_MAX_UNIT_PRICE,
  lineRefusal,
  lineTotals,
  purchaseOrderTotals,
  totalsRefusal,
  type TotalsLine,
} from './purchase-order-totals.js';

describe('purchaseOrderTotals', () => {
  it('sums lines per VAT rate with amount and percentage discounts', () => {
    const t = purchaseOrderTotals([
      // 120 kg × 45 000 đ, 5 % off: 5 400 000 − 270 000
      { quantity: 120, unit_price: 45_000, discount_type: 'percent', discount_value: 5, vat_rate: 5 },
      // 2 000 hộp × 12 500 đ, 1 000 000 đ off
      { quantity: 2000, unit_price: 12_500, discount_type: 'amount', discount_value: 1_000_000, vat_rate: 8 },
      // 50 thùng × 310 000 đ, no discount
      { quantity: 50, unit_price: 310_000, vat_rate: 10 },
      // 12.5 kg × 80 000 đ at 5 % too: 1 000 000
      { quantity: 12.5, unit_price: 80_000, vat_rate: 5 },
    ]);
    expect(t.lines).toEqual([
      { amount: 5_400_000, discount: 270_000, net: 5_130_000 },
      { amount: 25_000_000, discount: 1_000_000, net: 24_000_000 },
      { amount: 15_500_000, discount: 0, net: 15_500_000 },
      { amount: 1_000_000, discount: 0, net: 1_000_000 },
    ]);
    expect(t.vat).toEqual([
      { rate: 5, base: 6_130_000, tax: 306_500 },
      { rate: 8, base: 24_000_000, tax: 1_920_000 },
      { rate: 10, base: 15_500_000, tax: 1_550_000 },
    ]);
    expect(t.subtotal).toBe(46_900_000);
    expect(t.discount).toBe(1_270_000);
    expect(t.net).toBe(45_630_000);
    expect(t.tax).toBe(3_776_500);
    expect(t.total).toBe(49_406_500);
  });

  it('rounds half up at the line amount, the percentage discount and the tax of each rate', () => {
    // 0.333 kg × 1 000 đ = 333 đ; 1.5 × 1 đ = 1.5 → 2; 2.5 × 1 đ = 2.5 → 3 (half up, not to even)
    expect(lineTotals({ quantity: 0.333, unit_price: 1000, vat_rate: 0 }).amount).toBe(333);
    expect(lineTotals({ quantity: 1.5, unit_price: 1, vat_rate: 0 }).amount).toBe(2);
    expect(lineTotals({ quantity: 2.5, unit_price: 1, vat_rate: 0 }).amount).toBe(3);
    expect(lineTotals({ quantity: 0.001, unit_price: 500, vat_rate: 0 }).amount).toBe(1); // 0.5 → 1
    expect(lineTotals({ quantity: 0.001, unit_price: 499, vat_rate: 0 }).amount).toBe(0); // 0.499 → 0
    // 12.5 % of 1 001 đ = 125.125 → 125; 2.5 % of 1 002 = 25.05 → 25; 50 % of 3 = 1.5 → 2
    expect(
      lineTotals({ quantity: 1, unit_price: 1001, discount_type: 'percent', discount_value: 12.5, vat_rate: 0 })
        .discount,
    ).toBe(125);
    expect(
      lineTotals({ quantity: 3, unit_price: 1, discount_type: 'percent', discount_value: 50, vat_rate: 0 }).discount,
    ).toBe(2);
    // Tax per rate on the sum: three lines of 5 đ at 10 % are 15 đ → 1.5 → 2 (not 3 × round(0.5) = 3).
    const t = purchaseOrderTotals([1, 2, 3].map(() => ({ quantity: 1, unit_price: 5, vat_rate: 10 })));
    expect(t.vat).toEqual([{ rate: 10, base: 15, tax: 2 }]);
    // 8 % of 1 234 567 = 98 765.36 → 98 765
    expect(purchaseOrderTotals([{ quantity: 1, unit_price: 1_234_567, vat_rate: 8 }]).tax).toBe(98_765);
  });

  it('keeps a 0 % group and orders groups by rate', () => {
    const t = purchaseOrderTotals([
      { quantity: 1, unit_price: 100, vat_rate: 10 },
      { quantity: 1, unit_price: 300, vat_rate: 0 },
    ]);
    expect(t.vat).toEqual([
      { rate: 0, base: 300, tax: 0 },
      { rate: 10, base: 100, tax: 10 },
    ]);
    expect(purchaseOrderTotals([])).toMatchObject({ subtotal: 0, vat: [], total: 0 });
  });

  it('refuses lines the schema refuses, naming the field', () => {
    const ok: TotalsLine = { quantity: 1, unit_price: 100, vat_rate: 10 };
    expect(lineRefusal(ok)).toBeNull();
    expect(lineRefusal({ ...ok, quantity: 0 })).toBe('invalidQuantity');
    expect(lineRefusal({ ...ok, quantity: 1.0005 })).toBe('invalidQuantity');
    expect(lineRefusal({ ...ok, quantity: PURCHASE_ORDER_MAX_QUANTITY + 1 })).toBe('invalidQuantity');
    expect(lineRefusal({ ...ok, quantity: Number.NaN })).toBe('invalidQuantity');
    expect(lineRefusal({ ...ok, unit_price: 1.5 })).toBe('invalidUnitPrice');
    expect(lineRefusal({ ...ok, unit_price: -1 })).toBe('invalidUnitPrice');
    expect(lineRefusal({ ...ok, unit_price: PURCHASE_ORDER_MAX_UNIT_PRICE + 1 })).toBe('invalidUnitPrice');
    expect(lineRefusal({ ...ok, vat_rate: 7 })).toBe('invalidVatRate');
    expect(lineRefusal({ ...ok, discount_value: 101 })).toBe('discountAboveAmount');
    expect(lineRefusal({ ...ok, discount_value: 100 })).toBeNull();
    expect(lineRefusal({ ...ok, discount_value: 1.5 })).toBe('invalidDiscount');
    expect(lineRefusal({ ...ok, discount_type: 'percent', discount_value: 100.5 })).toBe('invalidDiscountPercent');
    expect(lineRefusal({ ...ok, discount_type: 'percent', discount_value: 1.255 })).toBe('invalidDiscountPercent');
    expect(() => lineTotals({ ...ok, vat_rate: 7 })).toThrow(RangeError);
    const huge = Array.from({ length: 100 }, () => ({
      quantity: PURCHASE_ORDER_MAX_QUANTITY,
      unit_price: PURCHASE_ORDER_MAX_UNIT_PRICE,
      vat_rate: 10,
    }));
    expect(totalsRefusal(huge)).toEqual({ key: 'purchaseOrderTotalTooLarge', line: null });
    expect(totalsRefusal([ok, { ...ok, quantity: -1 }])).toEqual({ key: 'invalidQuantity', line: 1 });
    expect(totalsRefusal([ok])).toBeNull();
  });

  /** A valid line: quantity with ≤ 3 decimals, whole unit price, a discount within the amount. */
  const lineArb = fc
    .record({
      milli: fc.integer({ min: 1, max: 50_000_000 }),
      unit_price: fc.integer({ min: 0, max: 50_000_000 }),
      vat_rate: fc.constantFrom(...TAX_RATES),
      percent: fc.boolean(),
      basisPoints: fc.integer({ min: 0, max: 10_000 }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ milli, unit_price, vat_rate, percent, basisPoints, share }): TotalsLine => {
      const quantity = milli / 1000;
      const amount = Math.round((milli * unit_price) / 1000);
      return percent
        ? { quantity, unit_price, vat_rate, discount_type: 'percent', discount_value: basisPoints / 100 }
        : { quantity, unit_price, vat_rate, discount_type: 'amount', discount_value: Math.floor(amount * share) };
    });

  it('adds up exactly and rounds each tax within half a đồng (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const t = purchaseOrderTotals(lines);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(t.subtotal).toBe(sum(t.lines.map((l) => l.amount)));
        expect(t.discount).toBe(sum(t.lines.map((l) => l.discount)));
        expect(t.net).toBe(t.subtotal - t.discount);
        expect(sum(t.vat.map((g) => g.base))).toBe(t.net);
        expect(t.tax).toBe(sum(t.vat.map((g) => g.tax)));
        expect(t.total).toBe(t.net + t.tax);
        for (const [i, l] of t.lines.entries()) {
          // Each line: the exact product within half a đồng; net never negative.
          const exact = (Math.round(lines[i].quantity * 1000) * lines[i].unit_price) / 1000;
          expect(Math.abs(l.amount - exact)).toBeLessThanOrEqual(0.5);
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.amount);
        }
        for (const g of t.vat) {
          expect(Math.abs(g.tax - (g.base * g.rate) / 100)).toBeLessThanOrEqual(0.5);
          expect(Number.isSafeInteger(g.tax)).toBe(true);
        }
        expect(t.total).toBeLessThanOrEqual(PURCHASE_ORDER_MAX_TOTAL);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the lines (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), fc.integer(), (lines, seed) => {
        const shuffled = [...lines].sort((a, b) => ((a.unit_price * 31 + seed) % 7) - ((b.unit_price * 31 + seed) % 7));
        const a = purchaseOrderTotals(lines);
        const b = purchaseOrderTotals(shuffled);
        expect({ ...b, lines: [] }).toEqual({ ...a, lines: [] });
      }),
      { numRuns: 300 },
    );
  });
});
