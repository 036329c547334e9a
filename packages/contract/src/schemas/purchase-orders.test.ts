import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/index.js';
import { PURCHASE_ORDER_MESSAGES } from '../messages/purchase-orders.js';
import {
  purchaseOrderExportQuery,
  purchaseOrderInput,
  purchaseOrderListQuery,
  purchaseOrderStatusBody,
  purchaseOrderUpdate,
} from './purchase-orders.js';

const line = { description: 'Cà phê Robusta nhân xô', unit: 'Kg', quantity: 100, unit_price: 95_000, vat_rate: 5 };
const order = {
  supplier_type: 'oem',
  supplier_id: 1,
  delivery_date: '2026-03-10',
  delivery_place: 'Kho Bình Dương',
  lines: [line],
};

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('purchase order schemas', () => {
  it('takes an order with defaults: amount discount 0, no attachments', () => {
    const r = purchaseOrderInput.parse(order);
    expect(r.lines[0]).toMatchObject({ discount_type: 'amount', discount_value: 0 });
    expect(r.attachment_ids).toEqual([]);
    expect(purchaseOrderInput.parse({ ...order, payment_terms: '  ', note: '' }).note).toBeUndefined();
  });

  it('names each bad field of an order and of its lines', () => {
    expect(issuesOf(purchaseOrderInput.safeParse({ lines: [] }))).toEqual({
      supplier_type: 'pleaseSelectSupplier',
      supplier_id: 'pleaseSelectSupplier',
      delivery_date: 'pleaseInputDeliveryDate',
      delivery_place: 'pleaseInputDeliveryPlace',
      lines: 'pleaseAddOrderLines',
    });
    const bad = purchaseOrderInput.safeParse({
      ...order,
      order_date: '2026-03-11',
      lines: [
        { ...line, description: '', unit: 'Tấn', quantity: 0, unit_price: 1.5, vat_rate: 7 },
        { ...line, variant_id: 3, discount_value: 9_500_001 },
        { ...line, discount_type: 'percent', discount_value: 120 },
      ],
    });
    // (A VAT rate outside the list stops the rest of its line's checks, the goods' name included.)
    expect(issuesOf(bad)).toEqual({
      'lines.0.unit': 'pleaseSelectUnit',
      'lines.0.vat_rate': 'invalidTaxRate',
      'lines.1.variant_id': 'invalidOrderVariant',
      'lines.1.discount_value': 'discountAboveAmount',
      'lines.2.discount_value': 'invalidDiscountPercent',
    });
    // An empty line names every missing field at once, its goods included.
    expect(issuesOf(purchaseOrderInput.safeParse({ ...order, lines: [{ description: '' }] }))).toEqual({
      'lines.0.description': 'pleaseInputLineDescription',
      'lines.0.unit': 'pleaseSelectUnit',
      'lines.0.quantity': 'invalidOrderQuantity',
      'lines.0.unit_price': 'invalidUnitPrice',
      'lines.0.vat_rate': 'invalidTaxRate',
    });
    // The line's own checks (amounts) run once its fields parse.
    expect(
      issuesOf(purchaseOrderInput.safeParse({ ...order, lines: [{ ...line, description: ' ', quantity: 0.0001 }] })),
    ).toEqual({ 'lines.0.quantity': 'invalidOrderQuantity', 'lines.0.description': 'pleaseInputLineDescription' });
    expect(issuesOf(purchaseOrderInput.safeParse({ ...order, order_date: '2026-03-11', lines: [line] }))).toEqual({
      delivery_date: 'deliveryBeforeOrderDate',
    });
    // A product line needs no description (the product's name is used).
    expect(
      purchaseOrderInput.safeParse({ ...order, lines: [{ ...line, description: '', product_id: 4 }] }).success,
    ).toBe(true);
  });

  it('takes a status with an optional reason (an approval with its version), never an edit with a status', () => {
    expect(purchaseOrderStatusBody.parse({ status: 'cancelled', reason: ' Hết hàng ' })).toEqual({
      status: 'cancelled',
      reason: 'Hết hàng',
    });
    expect(issuesOf(purchaseOrderStatusBody.safeParse({ status: 'done' }))).toEqual({
      status: 'invalidPurchaseOrderStatus',
    });
    expect(purchaseOrderStatusBody.safeParse({ status: 'approved', total: 1 }).success).toBe(false);
    // An approval names the version it approves (ADR 031).
    expect(issuesOf(purchaseOrderStatusBody.safeParse({ status: 'approved' }))).toEqual({
      version: 'purchaseOrderVersionRequired',
    });
    expect(purchaseOrderStatusBody.parse({ status: 'approved', version: 3 })).toEqual({
      status: 'approved',
      version: 3,
    });
    // An edit never moves an order: a status in it is refused, not ignored.
    expect(issuesOf(purchaseOrderUpdate.safeParse({ ...order, status: 'processing' }))).toEqual({
      status: 'purchaseOrderStatusNotByEdit',
    });
  });

  it('checks the filters and their ranges', () => {
    const q = purchaseOrderListQuery.parse({ amount_min: '1000', amount_max: '5000', date_from: '2026-01-01' });
    expect(q).toMatchObject({ amount_min: 1000, amount_max: 5000, page: 1, sort: '-created_at' });
    expect(
      issuesOf(
        purchaseOrderListQuery.safeParse({
          amount_min: '5',
          amount_max: '1',
          date_from: '2026-02-01',
          date_to: '2026-01-01',
        }),
      ),
    ).toEqual({ amount_max: 'amountRangeReversed', date_to: 'dateRangeReversed' });
    expect(issuesOf(purchaseOrderListQuery.safeParse({ amount_min: '-1', status: 'x', sort: 'supplier' }))).toEqual({
      amount_min: 'invalidAmountFilter',
      status: 'invalidPurchaseOrderStatus',
      sort: 'invalidSort',
    });
    expect(purchaseOrderExportQuery.parse({}).mode).toBe('exportAllData');
  });

  it('answers only keys the catalogue has in vi and en, with diacritics in Vietnamese', () => {
    const keys = [
      ...Object.values(issuesOf(purchaseOrderInput.safeParse({ lines: [] }))),
      ...Object.values(
        issuesOf(
          purchaseOrderInput.safeParse({
            ...order,
            delivery_place: 'x'.repeat(501),
            payment_terms: 'x'.repeat(1001),
            note: 'x'.repeat(2001),
            attachment_ids: Array.from({ length: 11 }, (_, i) => i + 1),
            lines: [{ ...line, description: 'x'.repeat(501), unit_price: -1, discount_type: 'x' }],
          }),
        ),
      ),
    ];
    expect(keys.length).toBeGreaterThan(8);
    for (const key of new Set(keys)) {
      expect(MESSAGES.vi[key], key).toBeTruthy();
      expect(MESSAGES.en[key], key).toBeTruthy();
    }
    expect(Object.keys(PURCHASE_ORDER_MESSAGES.en).sort()).toEqual(Object.keys(PURCHASE_ORDER_MESSAGES.vi).sort());
    expect(PURCHASE_ORDER_MESSAGES.vi['po_pdf.title']).toBe('ĐƠN ĐẶT HÀNG');
  });
});
