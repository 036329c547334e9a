import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISCOUNT_TYPES, PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_SUPPLIER_TYPES } from '@agrihub/contract';
import { users } from './accounts.js';
import type { StoredFile } from './catalog.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Whole đồng; totals of an order stay below 10^15, a safe integer. */
const vnd = (name: string) => bigint(name, { mode: 'number' });

/**
 * Purchase orders (DESIGN §5.5): DTrack's orders to a supplier, an OEM (producer_oems) or a producer
 * of the platform (`supplier_type` + `supplier_id`, no foreign key across the two tables), with a
 * snapshot of the supplier as the order was last saved (what the PDF and the mail show even if the
 * supplier changes later). `code` is PO-<year>-<number> counted per platform and year. `status`
 * moves through the contract's purchaseOrder machine (lib/transition.ts), history in `activity`
 * (subject purchase_order). The totals are computed by the contract's purchaseOrderTotals when the
 * order is saved; `vat` holds the per-rate groups. `version` counts every write (edit or move): an
 * approval names the version it approves (ADR 031). `editor_ids`: everyone who saved an edit; with
 * the creator, the order's authors, none of whom may approve it.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    code: text('code').notNull(),
    year: smallint('year').notNull(),
    seq: integer('seq').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('pending'),
    version: integer('version').notNull().default(1),
    reason: text('reason'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    supplierType: text('supplier_type', { enum: PURCHASE_ORDER_SUPPLIER_TYPES }).notNull(),
    supplierId: integer('supplier_id').notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierTaxCode: text('supplier_tax_code'),
    supplierAddress: text('supplier_address'),
    supplierEmail: text('supplier_email'),
    supplierPhone: text('supplier_phone'),
    supplierContact: text('supplier_contact'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryPlace: text('delivery_place').notNull(),
    paymentTerms: text('payment_terms'),
    note: text('note'),
    attachments: jsonb('attachments').$type<Required<Omit<StoredFile, 'thumbnail_url'>>[]>().notNull().default([]),
    subtotal: vnd('subtotal').notNull().default(0),
    discount: vnd('discount').notNull().default(0),
    net: vnd('net').notNull().default(0),
    tax: vnd('tax').notNull().default(0),
    total: vnd('total').notNull().default(0),
    vat: jsonb('vat').$type<{ rate: number; base: number; tax: number }[]>().notNull().default([]),
    lineCount: integer('line_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    editorIds: integer('editor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    /** Where and when the approved order was mailed to the supplier (null: not mailed, no e-mail). */
    mailedTo: text('mailed_to'),
    mailedAt: ts('mailed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_platform_code_uq').on(t.platform, t.code),
    uniqueIndex('purchase_orders_platform_year_seq_uq').on(t.platform, t.year, t.seq),
    index('purchase_orders_platform_status_idx').on(t.platform, t.status, t.createdAt),
    index('purchase_orders_platform_date_idx').on(t.platform, t.orderDate),
    index('purchase_orders_platform_total_idx').on(t.platform, t.total),
    index('purchase_orders_supplier_idx').on(t.platform, t.supplierType, t.supplierId),
    index('purchase_orders_created_by_idx').on(t.createdBy),
  ],
);

/**
 * The last number given to an order per platform and year: the creating transaction takes it with an
 * upsert that locks the row until it commits, so parallel creations (on any node) never share a code.
 */
export const purchaseOrderCounters = pgTable(
  'purchase_order_counters',
  {
    platform: text('platform').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.year] })],
);

/** The lines of an order, in `position` order; amounts as purchaseOrderTotals computed them. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** A product (and variant) of a producer supplier; null for free text. No foreign key: the line keeps its words if the product goes. */
    productId: integer('product_id'),
    variantId: integer('variant_id'),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 13, scale: 3, mode: 'number' }).notNull(),
    unitPrice: vnd('unit_price').notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull().default('amount'),
    /** A percentage (≤ 2 decimals) or an amount in đồng. */
    discountValue: numeric('discount_value', { precision: 15, scale: 2, mode: 'number' }).notNull().default(0),
    vatRate: smallint('vat_rate').notNull(),
    amount: vnd('amount').notNull(),
    discount: vnd('discount').notNull(),
    net: vnd('net').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_order_position_uq').on(t.orderId, t.position),
    index('purchase_order_lines_product_idx').on(t.productId),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
