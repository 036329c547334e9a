import { z } from 'zod';
import { EXPORT_MODES, PURCHASE_ORDER_STATUSES, TAX_RATES, UNITS } from '../constants.js';
import { DISCOUNT_TYPES, PURCHASE_ORDER_MAX_TOTAL, lineRefusal, totalsRefusal } from '../purchase-order-totals.js';
import { activityItem } from './activity.js';
import { dateField, idField, idText, intField, listMeta, messageMeta, textField } from './common.js';
import { listQuery } from './list.js';

/**
 * Purchase orders (DESIGN §5.5, spec §2/§3/§4/§7): a DTrack order to a supplier — an OEM of the
 * directory or a producer of the platform — with lines (a product/variant of the supplier or free
 * text, a unit of the spec list, quantity, unit price, discount, VAT 0/5/8/10), delivery, payment
 * terms and attachments. Its status moves through the contract's `purchaseOrder` machine
 * (workflows.ts): pending → processing → approved | cancelled (reason); approval by the role
 * approve_purchase_order or admin, never by one of the order's authors (its creator or anyone who
 * saved an edit), and only of the version the approver saw; an approved or cancelled order is locked
 * (409), an order awaiting approval cannot be edited by someone who may approve it (ADR 031). Money is whole đồng (VND, `currency_iso`); the totals are computed by
 * `purchaseOrderTotals` (../purchase-order-totals.ts) on the server and never read from a client.
 */

export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_SUPPLIER_TYPES = ['oem', 'producer'] as const;
export type PurchaseOrderSupplierType = (typeof PURCHASE_ORDER_SUPPLIER_TYPES)[number];

export const PURCHASE_ORDER_MAX_LINES = 100;
export const PURCHASE_ORDER_MAX_ATTACHMENTS = 10;
export const PURCHASE_ORDER_DESCRIPTION_MAX = 500;
export const PURCHASE_ORDER_PLACE_MAX = 500;
export const PURCHASE_ORDER_TERMS_MAX = 1000;
export const PURCHASE_ORDER_NOTE_MAX = 2000;
export const PURCHASE_ORDER_REASON_MAX = 1000;
/** `PO-2026-000123`: the year of the order and a number counted per platform and year. */
export const PURCHASE_ORDER_CODE_PATTERN = /^PO-\d{4}-\d{6,}$/;

/** What an order's history records: created, edited, each move, and the approval mail to the supplier. */
export const PURCHASE_ORDER_HISTORY_ACTIONS = [
  'create',
  'update',
  'submit',
  'approve',
  'cancel',
  'mail_supplier',
] as const;

/** The statuses whose orders may still be edited; approved and cancelled ones answer 409 purchaseOrderLocked. */
export const PURCHASE_ORDER_EDITABLE_STATUSES: readonly PurchaseOrderStatus[] = ['pending', 'processing'];
export const isPurchaseOrderEditable = (status: string) =>
  (PURCHASE_ORDER_EDITABLE_STATUSES as readonly string[]).includes(status);

/** A form field left empty arrives as '' (or null); it means "not given". */
const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

/** The line field a totals refusal is shown under. */
const REFUSAL_FIELD: Record<string, string> = {
  invalidQuantity: 'quantity',
  invalidUnitPrice: 'unit_price',
  invalidVatRate: 'vat_rate',
  invalidDiscount: 'discount_value',
  invalidDiscountPercent: 'discount_value',
  discountAboveAmount: 'discount_value',
};
/** The contract's line refusal keys, as the messages name them (quantity has its own wording here). */
const REFUSAL_MESSAGE: Record<string, string> = {
  invalidQuantity: 'invalidOrderQuantity',
  invalidVatRate: 'invalidTaxRate',
};

// ───────────────────────── input ─────────────────────────

/** One line of an order. `description` may be left out when a product is chosen (its name is used). */
export const purchaseOrderLineInput = z
  .object({
    product_id: idField('invalidOrderProduct').nullable().optional(),
    variant_id: idField('invalidOrderVariant').nullable().optional(),
    description: blank(textField().trim().max(PURCHASE_ORDER_DESCRIPTION_MAX, 'lineDescriptionTooLong').optional()),
    unit: z.enum(UNITS, { error: 'pleaseSelectUnit' }),
    quantity: z.number({ error: 'invalidOrderQuantity' }),
    unit_price: z.number({ error: 'invalidUnitPrice' }),
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'invalidDiscountType' }).default('amount'),
    discount_value: z.number({ error: 'invalidDiscount' }).default(0),
    vat_rate: z.number({ error: 'invalidTaxRate' }).refine((r) => (TAX_RATES as readonly number[]).includes(r), {
      message: 'invalidTaxRate',
      abort: true,
    }),
  })
  .superRefine((l, ctx) => {
    const key = lineRefusal(l);
    if (key && key !== 'invalidVatRate') {
      ctx.addIssue({ code: 'custom', path: [REFUSAL_FIELD[key]], message: REFUSAL_MESSAGE[key] ?? key });
    }
    if (l.variant_id && !l.product_id) {
      ctx.addIssue({ code: 'custom', path: ['variant_id'], message: 'invalidOrderVariant' });
    }
  })
  // A line names its goods (or a product) whatever else is wrong with it: an empty line says so
  // under each of its fields at once, the name included, not only once the numbers are right.
  .superRefine(
    (l, ctx) => {
      if (!l.product_id && !l.description) {
        ctx.addIssue({ code: 'custom', path: ['description'], message: 'pleaseInputLineDescription' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInput>;
export type PurchaseOrderLineData = z.output<typeof purchaseOrderLineInput>;

const orderFields = {
  supplier_type: z.enum(PURCHASE_ORDER_SUPPLIER_TYPES, { error: 'pleaseSelectSupplier' }),
  supplier_id: idField('pleaseSelectSupplier'),
  /** The order's date (Vietnam); today when left out. */
  order_date: blank(dateField().optional()),
  delivery_date: z.preprocess((v) => (v === '' ? undefined : v), dateField('pleaseInputDeliveryDate')),
  delivery_place: textField({ error: 'pleaseInputDeliveryPlace' })
    .trim()
    .min(1, 'pleaseInputDeliveryPlace')
    .max(PURCHASE_ORDER_PLACE_MAX, 'deliveryPlaceTooLong'),
  payment_terms: blank(textField().trim().max(PURCHASE_ORDER_TERMS_MAX, 'paymentTermsTooLong').optional()),
  note: blank(textField().trim().max(PURCHASE_ORDER_NOTE_MAX, 'orderNoteTooLong').optional()),
  /** Uploads (POST /api/v1/attachments) of the platform, in display order. */
  attachment_ids: z
    .array(idField('invalidUpload'), { error: 'invalidUpload' })
    .max(PURCHASE_ORDER_MAX_ATTACHMENTS, 'tooManyOrderAttachments')
    .default([]),
  lines: z
    .array(purchaseOrderLineInput, { error: 'pleaseAddOrderLines' })
    .min(1, 'pleaseAddOrderLines')
    .max(PURCHASE_ORDER_MAX_LINES, 'tooManyOrderLines'),
};

function orderRules(
  o: { order_date?: string; delivery_date: string; lines: PurchaseOrderLineData[] },
  ctx: z.RefinementCtx,
) {
  if (o.order_date && o.delivery_date < o.order_date) {
    ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'deliveryBeforeOrderDate' });
  }
  const refusal = totalsRefusal(o.lines);
  if (refusal && refusal.line === null) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: refusal.key });
  }
}

/** POST /api/v1/admin/purchase_orders: a new order (status pending). */
export const purchaseOrderInput = z.object(orderFields).superRefine(orderRules);
export type PurchaseOrderInput = z.input<typeof purchaseOrderInput>;

const statusField = z.enum(PURCHASE_ORDER_STATUSES, { error: 'invalidPurchaseOrderStatus' });
const reasonField = blank(textField().trim().max(PURCHASE_ORDER_REASON_MAX, 'reasonTooLong').optional());

/** The order's `version` as its reader saw it (each edit and each move counts one more). */
const versionField = intField('invalidPurchaseOrderVersion', 1, 2_147_483_647);

/**
 * PUT /api/v1/admin/purchase_orders/{id}: the whole order again (an approved or cancelled one
 * answers 409 purchaseOrderLocked; one awaiting approval, 409 purchaseOrderAwaitingApproval to
 * whoever may approve it). An edit never moves the order: a `status` is refused (422), the status
 * moves only through PUT /{id}/status. `version`, when sent, must be the order's (409 purchaseOrderStale).
 */
export const purchaseOrderUpdate = z
  .object({
    ...orderFields,
    status: z.never({ error: 'purchaseOrderStatusNotByEdit' }).optional(),
    version: versionField.optional(),
  })
  .superRefine(orderRules);
export type PurchaseOrderUpdate = z.input<typeof purchaseOrderUpdate>;

/**
 * PUT /api/v1/admin/purchase_orders/{id}/status: one move of the table (a reason to cancel). An
 * approval names the `version` it approves (the one its page shows): 409 purchaseOrderStale if the
 * order has changed since; any other move may name it too.
 */
export const purchaseOrderStatusBody = z
  .object({ status: statusField, reason: reasonField, version: versionField.optional() })
  .strict()
  .superRefine((b, ctx) => {
    if (b.status === 'approved' && b.version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'purchaseOrderVersionRequired' });
    }
  });
export type PurchaseOrderStatusBody = z.input<typeof purchaseOrderStatusBody>;

// ───────────────────────── answers ─────────────────────────

export const purchaseOrderSupplier = z.object({
  type: z.enum(PURCHASE_ORDER_SUPPLIER_TYPES),
  id: z.number().int().nullable(),
  /** The supplier as it was when the order was last saved (the PDF prints this). */
  name: z.string(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contact_name: z.string().nullable(),
});
export type PurchaseOrderSupplier = z.infer<typeof purchaseOrderSupplier>;

export const purchaseOrderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  variant_id: z.number().int().nullable(),
  description: z.string(),
  unit: z.enum(UNITS),
  quantity: z.number(),
  unit_price: z.number().int(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number(),
  vat_rate: z.number().int(),
  /** quantity × unit price, the discount, and the net (amount − discount), in đồng. */
  amount: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

export const purchaseOrderTotalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
  vat: z.array(z.object({ rate: z.number().int(), base: z.number().int(), tax: z.number().int() })),
  tax: z.number().int(),
  total: z.number().int(),
});

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();
const orderFile = z.object({ id: z.number().int(), url: z.string(), filename: z.string(), content_type: z.string() });
const moves = z.array(z.object({ to: z.enum(PURCHASE_ORDER_STATUSES), reason: z.boolean() }));

/** A row of the list. `moves`: the statuses the reader may move it to (the table, the creator rule). */
export const purchaseOrderSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  /** Counts every write (edit or move); an approval sends the one it shows. */
  version: z.number().int(),
  order_date: z.string(),
  delivery_date: z.string(),
  supplier: purchaseOrderSupplier.pick({ type: true, id: true, name: true, tax_code: true }),
  line_count: z.number().int(),
  total: z.number().int(),
  currency_iso: z.literal('VND'),
  reason: z.string().nullable(),
  created_by: person,
  approved_by: person,
  approved_at: z.string().nullable(),
  moves,
  /** The reader may edit it (mayEditPurchaseOrder: the update ability, an editable status, and not awaiting its approval). */
  editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummary>;

/** One order as GET /{id} answers it. */
export const purchaseOrderView = purchaseOrderSummary.extend({
  supplier: purchaseOrderSupplier,
  delivery_place: z.string(),
  payment_terms: z.string().nullable(),
  note: z.string().nullable(),
  attachments: z.array(orderFile),
  lines: z.array(purchaseOrderLine),
  totals: purchaseOrderTotalsSchema,
  /** Where the approval mail went (the supplier's e-mail) and when; null before approval or without an e-mail. */
  mailed_to: z.string().nullable(),
  mailed_at: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderView>;

export const purchaseOrderAnswer = z.object({
  data: z.object({ purchase_order: purchaseOrderView, history: z.array(activityItem) }),
  meta: messageMeta.optional(),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderAnswer>['data'];

export const PURCHASE_ORDER_SORT_FIELDS = ['created_at', 'order_date', 'delivery_date', 'code', 'total'] as const;

const amountText = (key: string) =>
  z.coerce
    .number({ error: key })
    .int({ error: key, abort: true })
    .min(0, { error: key, abort: true })
    .max(PURCHASE_ORDER_MAX_TOTAL, key);

/** The list's filters (and the export's with exportAsFilter). */
export const purchaseOrderFilters = {
  q: textField().trim().max(200).optional(),
  status: statusField.optional(),
  supplier_type: z.enum(PURCHASE_ORDER_SUPPLIER_TYPES, { error: 'invalidSupplierType' }).optional(),
  supplier_id: idText('invalidSupplier').optional(),
  /** The order date, from and to (Vietnamese calendar days, inclusive). */
  date_from: dateField().optional(),
  date_to: dateField().optional(),
  /** The grand total, at least and at most (đồng, inclusive). */
  amount_min: amountText('invalidAmountFilter').optional(),
  amount_max: amountText('invalidAmountFilter').optional(),
};

function rangeRules(
  f: { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number },
  ctx: z.RefinementCtx,
) {
  if (f.date_from && f.date_to && f.date_to < f.date_from) {
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'dateRangeReversed' });
  }
  if (f.amount_min !== undefined && f.amount_max !== undefined && f.amount_max < f.amount_min) {
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'amountRangeReversed' });
  }
}

/** GET /api/v1/admin/purchase_orders: filters, q (code, supplier name and tax code, note; accent-free), paging, sort. */
export const purchaseOrderListQuery = listQuery(PURCHASE_ORDER_SORT_FIELDS, '-created_at')
  .extend(purchaseOrderFilters)
  .superRefine(rangeRules);
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuery>;

export const purchaseOrderListAnswer = z.object({
  data: z.object({ purchase_orders: z.array(purchaseOrderSummary) }),
  /** `counts`: the filtered orders per status (the status filter left out). */
  meta: listMeta.extend({ counts: z.record(z.string(), z.number().int()) }),
});

/** POST /api/v1/admin/purchase_orders/export (XLSX, one row per line): exportAllData, or exportAsFilter with the list's filters. */
export const purchaseOrderExportQuery = z
  .object({
    mode: z.enum(EXPORT_MODES, { error: 'invalidExportMode' }).default(EXPORT_MODES[0]),
    ...purchaseOrderFilters,
  })
  .superRefine(rangeRules);
export type PurchaseOrderExportQuery = z.input<typeof purchaseOrderExportQuery>;

// ───────────────────────── supplier picker ─────────────────────────

/** GET /api/v1/admin/purchase_orders/suppliers: active OEMs and approved producers of the platform. */
export const purchaseOrderSupplierQuery = z.object({
  q: textField().trim().max(200).optional(),
  type: z.enum(PURCHASE_ORDER_SUPPLIER_TYPES, { error: 'invalidSupplierType' }).optional(),
});
export const purchaseOrderSupplierListAnswer = z.object({
  data: z.object({ suppliers: z.array(purchaseOrderSupplier) }),
});

/** A producer supplier's product as the lines editor offers it (variants labelled "A / B"). */
export const supplierProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string().nullable(),
  /** The product's listed price in đồng (a suggestion for the unit price), and its VAT rate. */
  price: z.number().int().nullable(),
  vat_rate: z.number().int().nullable(),
  variants: z.array(z.object({ id: z.number().int(), label: z.string(), price: z.number().int().nullable() })),
});
export type SupplierProduct = z.infer<typeof supplierProduct>;

/** GET /api/v1/admin/purchase_orders/suppliers/producer/{id}/products */
export const supplierProductListAnswer = z.object({ data: z.object({ products: z.array(supplierProduct) }) });
