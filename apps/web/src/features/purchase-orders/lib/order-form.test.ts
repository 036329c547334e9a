import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { purchaseOrderInput, type SupplierProduct } from '@agrihub/contract/schemas/purchase-orders';
import {
  emptyLine,
  fieldPathOf,
  lineFromProduct,
  orderFieldErrors,
  orderInputOf,
  orderToValues,
  parseSupplierKey,
  previewTotals,
  type OrderFormValues,
} from './order-form';
import { exportUrl, readPurchaseOrderFilters } from './list-params';

const values = (over: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...orderToValues(null),
  supplier: 'oem:3',
  delivery_date: dayjs('2099-05-02'),
  delivery_place: 'Kho Tân Bình',
  lines: [
    {
      description: 'Cà phê nhân',
      unit: 'Kg',
      quantity: 120,
      unit_price: 45_000,
      discount_type: 'percent',
      discount_value: 5,
      vat_rate: 5,
    },
    {
      description: 'Hộp giấy',
      unit: 'Hộp',
      quantity: 2000,
      unit_price: 12_500,
      discount_type: 'amount',
      discount_value: 1_000_000,
      vat_rate: 8,
    },
    {
      description: 'Nước mắm',
      unit: 'Thùng',
      quantity: 50,
      unit_price: 310_000,
      discount_type: 'amount',
      discount_value: 0,
      vat_rate: 10,
    },
  ],
  ...over,
});

describe('purchase order form', () => {
  it('sends what the contract accepts, never a total', () => {
    const body = orderInputOf(values({ payment_terms: '', note: 'Giao giờ hành chính' }));
    expect(purchaseOrderInput.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      supplier_type: 'oem',
      supplier_id: 3,
      delivery_date: '2099-05-02',
      note: 'Giao giờ hành chính',
    });
    expect(body.payment_terms).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/total|subtotal|"tax"/);
  });

  it('previews the totals per VAT rate with the contract function, leaving lines being typed out', () => {
    const { totals, perLine, incomplete } = previewTotals([...values().lines, { ...emptyLine(), quantity: null }]);
    expect(totals.vat).toEqual([
      { rate: 5, base: 5_130_000, tax: 256_500 },
      { rate: 8, base: 24_000_000, tax: 1_920_000 },
      { rate: 10, base: 15_500_000, tax: 1_550_000 },
    ]);
    expect(totals.total).toBe(48_356_500);
    expect(perLine.map((l) => l?.net ?? null)).toEqual([5_130_000, 24_000_000, 15_500_000, null]);
    expect(incomplete).toBe(1);
    // A discount above the amount makes its line incomplete, not the preview wrong.
    expect(previewTotals([{ ...values().lines[2], discount_value: 99_999_999 }]).incomplete).toBe(1);
  });

  it('puts server field errors under their fields', () => {
    expect(fieldPathOf('supplier_id')).toEqual(['supplier']);
    expect(fieldPathOf('attachment_ids.1')).toEqual(['attachments']);
    expect(fieldPathOf('lines.2.discount_value')).toEqual(['lines', 2, 'discount_value']);
    expect(fieldPathOf('delivery_date')).toEqual(['delivery_date']);
    expect(
      orderFieldErrors([
        { field: 'supplier_type', message: 'Vui lòng chọn nhà cung cấp.' },
        { field: 'supplier_id', message: 'Vui lòng chọn nhà cung cấp.' },
        { field: 'lines.0.quantity', message: 'Sai' },
      ]),
    ).toEqual([
      { name: ['supplier'], errors: ['Vui lòng chọn nhà cung cấp.'] },
      { name: ['lines', 0, 'quantity'], errors: ['Sai'] },
    ]);
  });

  it('fills a line from the supplier’s product and variant', () => {
    const products: SupplierProduct[] = [
      {
        id: 7,
        name: 'Chè Shan Tuyết',
        unit: 'Túi',
        price: 150_000,
        vat_rate: 5,
        variants: [{ id: 70, label: '200g', price: 90_000 }],
      },
    ];
    expect(lineFromProduct(emptyLine(), products, '7:70')).toMatchObject({
      product_id: 7,
      variant_id: 70,
      description: 'Chè Shan Tuyết (200g)',
      unit: 'Túi',
      unit_price: 90_000,
      vat_rate: 5,
    });
    expect(lineFromProduct({ ...emptyLine(), product_id: 7 }, products, undefined)).toMatchObject({ product_id: null });
    expect(parseSupplierKey('producer:12')).toEqual({ type: 'producer', id: 12 });
    expect(parseSupplierKey('x:1')).toBeNull();
  });

  it('reads the list filters from the URL, dropping what is not valid', () => {
    const f = readPurchaseOrderFilters(
      new URLSearchParams(
        'status=approved&supplier_type=oem&supplier_id=4&date_from=2026-02-30&amount_min=0&amount_max=-5',
      ),
    );
    expect(f).toEqual({
      status: 'approved',
      supplier_type: 'oem',
      supplier_id: 4,
      date_from: undefined,
      date_to: undefined,
      amount_min: 0,
      amount_max: undefined,
    });
    expect(readPurchaseOrderFilters(new URLSearchParams('supplier_id=4')).supplier_id).toBeUndefined();
    const filters = { page: 2, per_page: 20, sort: '-created_at' as const, status: 'approved' as const, q: 'cà phê' };
    expect(exportUrl('api/v1/admin/purchase_orders', 'exportAsFilter', filters)).toBe(
      '/api/v1/admin/purchase_orders/export?mode=exportAsFilter&status=approved&q=c%C3%A0+ph%C3%AA',
    );
    expect(exportUrl('api/v1/admin/purchase_orders', 'exportAllData', filters)).toBe(
      '/api/v1/admin/purchase_orders/export?mode=exportAllData',
    );
  });
});
