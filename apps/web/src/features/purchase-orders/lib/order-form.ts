import dayjs, { type Dayjs } from 'dayjs';
import { TAX_RATES, UNITS, type TaxRate, type Unit } from '@agrihub/contract/constants';
import {
  lineRefusal,
  purchaseOrderTotals,
  type DiscountType,
  type PurchaseOrderTotals,
  type TotalsLine,
} from '@agrihub/contract/purchase-order-totals';
import type {
  PurchaseOrder,
  PurchaseOrderInput,
  PurchaseOrderSupplierType,
  SupplierProduct,
} from '@agrihub/contract/schemas/purchase-orders';
import type { FieldError } from '../../../lib/api-error';

/** A line as the editor holds it (numbers may be empty while typed). */
export interface LineValues {
  product_id?: number | null;
  variant_id?: number | null;
  description?: string;
  unit?: Unit;
  quantity?: number | null;
  unit_price?: number | null;
  discount_type: DiscountType;
  discount_value?: number | null;
  vat_rate?: TaxRate;
}

export interface AttachmentValue {
  id: number;
  url: string;
  filename: string;
}

/** The order as the form holds it; the supplier is one value, `type:id`. */
export interface OrderFormValues {
  supplier?: string;
  order_date: Dayjs | null;
  delivery_date: Dayjs | null;
  delivery_place: string;
  payment_terms: string;
  note: string;
  attachments: AttachmentValue[];
  lines: LineValues[];
}

export const supplierKey = (type: PurchaseOrderSupplierType, id: number) => `${type}:${id}`;

/** The supplier of a `type:id` value, or null. */
export function parseSupplierKey(key: string | undefined): { type: PurchaseOrderSupplierType; id: number } | null {
  const m = /^(oem|producer):(\d+)$/.exec(key ?? '');
  return m ? { type: m[1] as PurchaseOrderSupplierType, id: Number(m[2]) } : null;
}

export const emptyLine = (): LineValues => ({
  description: '',
  discount_type: 'amount',
  discount_value: 0,
  vat_rate: 10,
});

const day = (s: string | null | undefined) => (s ? dayjs(s) : null);
const ymd = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The form's first values: the order's, or an empty order with one line. */
export function orderToValues(order: PurchaseOrder | null): OrderFormValues {
  if (!order) {
    return {
      supplier: undefined,
      order_date: null,
      delivery_date: null,
      delivery_place: '',
      payment_terms: '',
      note: '',
      attachments: [],
      lines: [emptyLine()],
    };
  }
  return {
    supplier: supplierKey(order.supplier.type, order.supplier.id ?? 0),
    order_date: day(order.order_date),
    delivery_date: day(order.delivery_date),
    delivery_place: order.delivery_place,
    payment_terms: order.payment_terms ?? '',
    note: order.note ?? '',
    attachments: order.attachments.map(({ id, url, filename }) => ({ id, url, filename })),
    lines: order.lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id,
      description: l.description,
      unit: l.unit,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_type: l.discount_type,
      discount_value: l.discount_value,
      vat_rate: l.vat_rate as TaxRate,
    })),
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The request body of the form (the server computes every total itself). */
export function orderInputOf(v: OrderFormValues): PurchaseOrderInput {
  const supplier = parseSupplierKey(v.supplier);
  return {
    supplier_type: supplier?.type as PurchaseOrderSupplierType,
    supplier_id: supplier?.id as number,
    order_date: ymd(v.order_date),
    delivery_date: ymd(v.delivery_date),
    delivery_place: v.delivery_place ?? '',
    payment_terms: v.payment_terms || undefined,
    note: v.note || undefined,
    attachment_ids: (v.attachments ?? []).map((a) => a.id),
    lines: (v.lines ?? []).map((l) => ({
      product_id: l.product_id ?? null,
      variant_id: l.product_id ? (l.variant_id ?? null) : null,
      description: l.description ?? '',
      unit: l.unit as Unit,
      quantity: num(l.quantity) as number,
      unit_price: num(l.unit_price) as number,
      discount_type: l.discount_type ?? 'amount',
      discount_value: num(l.discount_value) ?? 0,
      vat_rate: l.vat_rate as number,
    })),
  };
}

/** A line the totals can read (every number typed and valid), else null. */
export function totalsLineOf(l: LineValues | undefined): TotalsLine | null {
  if (!l) return null;
  const line = {
    quantity: num(l.quantity) ?? NaN,
    unit_price: num(l.unit_price) ?? NaN,
    discount_type: l.discount_type ?? 'amount',
    discount_value: num(l.discount_value) ?? 0,
    vat_rate: l.vat_rate ?? NaN,
  };
  return lineRefusal(line) ? null : line;
}

/**
 * The live preview of the totals with the contract's purchaseOrderTotals (the server computes the
 * same on save): the lines still being typed are left out and counted in `incomplete`.
 */
export function previewTotals(lines: readonly (LineValues | undefined)[]): {
  totals: PurchaseOrderTotals;
  /** Per line, its amounts or null while incomplete. */
  perLine: (PurchaseOrderTotals['lines'][number] | null)[];
  incomplete: number;
} {
  const valid = lines.map(totalsLineOf);
  const ready = valid.filter((l): l is TotalsLine => l !== null);
  let totals: PurchaseOrderTotals;
  try {
    totals = purchaseOrderTotals(ready);
  } catch {
    totals = purchaseOrderTotals([]);
  }
  let k = 0;
  const perLine = valid.map((l) => (l ? (totals.lines[k++] ?? null) : null));
  return { totals, perLine, incomplete: valid.length - ready.length };
}

/** Where a server field error goes in the form: `supplier_id` → supplier, `attachment_ids.2` → attachments, `lines.0.quantity` → that cell. */
export function fieldPathOf(field: string): (string | number)[] {
  const parts = field.split('.');
  if (parts[0] === 'supplier_id' || parts[0] === 'supplier_type') return ['supplier'];
  if (parts[0] === 'attachment_ids') return ['attachments'];
  if (parts[0] === 'lines' && parts.length >= 3) return ['lines', Number(parts[1]), parts[2]];
  return [parts[0]];
}

/** A 422's field errors in antd's `setFields` shape, one entry per form field. */
export function orderFieldErrors(errors: readonly FieldError[]): { name: (string | number)[]; errors: string[] }[] {
  const byPath = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const e of errors) {
    const name = fieldPathOf(e.field);
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(e.message)) entry.errors.push(e.message);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}

/** A product (and variant) picked for a line: the value `productId` or `productId:variantId`. */
export const productKey = (productId: number, variantId?: number | null) =>
  variantId ? `${productId}:${variantId}` : String(productId);

export function parseProductKey(key: string | undefined): { product_id: number; variant_id: number | null } | null {
  const m = /^(\d+)(?::(\d+))?$/.exec(key ?? '');
  return m ? { product_id: Number(m[1]), variant_id: m[2] ? Number(m[2]) : null } : null;
}

/**
 * What picking a product fills in a line: the goods (name and variant), the product's unit when it
 * is one of the spec's, its price (the variant's first) and VAT rate; what the user typed stays
 * where the product says nothing.
 */
export function lineFromProduct(
  line: LineValues,
  products: readonly SupplierProduct[],
  key: string | undefined,
): LineValues {
  const picked = parseProductKey(key);
  if (!picked) return { ...line, product_id: null, variant_id: null };
  const product = products.find((p) => p.id === picked.product_id);
  if (!product) return line;
  const variant = product.variants.find((v) => v.id === picked.variant_id) ?? null;
  const unit = (UNITS as readonly string[]).includes(product.unit ?? '') ? (product.unit as Unit) : line.unit;
  const rate = (TAX_RATES as readonly number[]).includes(product.vat_rate ?? -1)
    ? (product.vat_rate as TaxRate)
    : line.vat_rate;
  return {
    ...line,
    product_id: product.id,
    variant_id: variant?.id ?? null,
    description: variant ? `${product.name} (${variant.label})` : product.name,
    unit,
    unit_price: variant?.price ?? product.price ?? line.unit_price,
    vat_rate: rate,
  };
}
