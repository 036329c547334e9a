import { and, asc, count, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  allowedMoves,
  mayEditPurchaseOrder,
  purchaseOrder as purchaseOrderMachine,
  type PURCHASE_ORDER_SORT_FIELDS,
  type PurchaseOrder,
  type PurchaseOrderSummary,
  type WorkflowActor,
  type purchaseOrderFilters,
} from '@agrihub/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  purchaseOrderLines,
  purchaseOrders,
  users,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
} from '../../db/schema/index.js';
import type { ListPlan, ListSpec } from '../../lib/list.js';
import { purchaseOrderWorkflow } from './workflow.js';
import { textSearch } from '../../lib/search.js';

type Filters = { [K in keyof typeof purchaseOrderFilters]?: z.output<(typeof purchaseOrderFilters)[K]> };

/** The list's sorts, and `q` in the code, the supplier's name and tax code and the note (accent-free). */
export const PURCHASE_ORDER_LIST: ListSpec<(typeof PURCHASE_ORDER_SORT_FIELDS)[number]> = {
  sorts: {
    created_at: purchaseOrders.createdAt,
    order_date: purchaseOrders.orderDate,
    delivery_date: purchaseOrders.deliveryDate,
    code: purchaseOrders.code,
    total: purchaseOrders.total,
  },
  search: [purchaseOrders.code, purchaseOrders.supplierName, purchaseOrders.supplierTaxCode, purchaseOrders.note],
  tiebreak: purchaseOrders.id,
};

/**
 * The platform's orders narrowed by the filters; `withoutStatus` for the counts per status. `q` is
 * also found in the lines' goods ("cà phê" finds the orders of coffee).
 */
export function orderFilterWhere(scope: SQL, f: Filters, opts: { withoutStatus?: boolean } = {}): SQL {
  const q = f.q ? or(textSearch(f.q, ...PURCHASE_ORDER_LIST.search), lineMentions(f.q)) : undefined;
  return and(
    scope,
    q,
    f.status && !opts.withoutStatus ? eq(purchaseOrders.status, f.status) : undefined,
    f.supplier_type ? eq(purchaseOrders.supplierType, f.supplier_type) : undefined,
    f.supplier_id ? eq(purchaseOrders.supplierId, f.supplier_id) : undefined,
    f.date_from ? gte(purchaseOrders.orderDate, f.date_from) : undefined,
    f.date_to ? lte(purchaseOrders.orderDate, f.date_to) : undefined,
    f.amount_min !== undefined ? gte(purchaseOrders.total, f.amount_min) : undefined,
    f.amount_max !== undefined ? lte(purchaseOrders.total, f.amount_max) : undefined,
  )!;
}

/** An order one of whose lines names `q` (accent-free), as a correlated EXISTS. */
function lineMentions(q: string): SQL {
  return sql`exists (select 1 from ${purchaseOrderLines} where ${purchaseOrderLines.orderId} = ${purchaseOrders.id} and ${textSearch(q, purchaseOrderLines.description)})`;
}

const creators = alias(users, 'po_creator');
const approvers = alias(users, 'po_approver');

export interface OrderView {
  row: PurchaseOrderRow;
  creatorName: string | null;
  approverName: string | null;
}

function viewQuery(db: Db | Tx) {
  return db
    .select({ row: purchaseOrders, creatorName: creators.name, approverName: approvers.name })
    .from(purchaseOrders)
    .leftJoin(creators, eq(creators.id, purchaseOrders.createdBy))
    .leftJoin(approvers, eq(approvers.id, purchaseOrders.approvedBy));
}

export async function findOrders(db: Db | Tx, where: SQL, list: Pick<ListPlan, 'orderBy' | 'limit' | 'offset'>) {
  return viewQuery(db)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
}

export async function countOrders(db: Db, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(purchaseOrders).where(where);
  return Number(n);
}

export async function findOrder(db: Db | Tx, where: SQL): Promise<OrderView | null> {
  const [view] = await viewQuery(db).where(where).limit(1);
  return view ?? null;
}

export async function countsPerStatus(db: Db, where: SQL): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: purchaseOrders.status, n: count() })
    .from(purchaseOrders)
    .where(where)
    .groupBy(purchaseOrders.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function findLines(db: Db | Tx, orderIds: number[]): Promise<PurchaseOrderLineRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.orderId, orderIds))
    .orderBy(asc(purchaseOrderLines.orderId), asc(purchaseOrderLines.position));
}

/** The reader of an order: its abilities (whether it wrote the order comes from the row: the authors rule). */
export interface Viewer {
  id: number;
  roles: readonly string[];
  abilities: WorkflowActor['abilities'];
}

const person = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/** One row of the list, with the moves `viewer` may make and whether it may edit the order. */
export function presentSummary(v: OrderView, viewer: Viewer): PurchaseOrderSummary {
  const { row } = v;
  const actor: WorkflowActor = { ...viewer, isCreator: purchaseOrderWorkflow.authoredBy!(row, viewer.id) };
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    version: row.version,
    order_date: row.orderDate,
    delivery_date: row.deliveryDate,
    supplier: { type: row.supplierType, id: row.supplierId, name: row.supplierName, tax_code: row.supplierTaxCode },
    line_count: row.lineCount,
    total: row.total,
    currency_iso: 'VND',
    reason: row.reason,
    created_by: person(row.createdBy, v.creatorName),
    approved_by: person(row.approvedBy, v.approverName),
    approved_at: row.approvedAt?.toISOString() ?? null,
    moves: allowedMoves(purchaseOrderMachine, row.status, actor).map((m) => ({ to: m.to, reason: !!m.reason })),
    editable: mayEditPurchaseOrder(row.status, actor),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The whole order: the summary, the supplier snapshot, delivery, attachments, lines and totals. */
export function presentOrder(v: OrderView, lines: PurchaseOrderLineRow[], viewer: Viewer): PurchaseOrder {
  const { row } = v;
  return {
    ...presentSummary(v, viewer),
    supplier: {
      type: row.supplierType,
      id: row.supplierId,
      name: row.supplierName,
      tax_code: row.supplierTaxCode,
      address: row.supplierAddress,
      email: row.supplierEmail,
      phone: row.supplierPhone,
      contact_name: row.supplierContact,
    },
    delivery_place: row.deliveryPlace,
    payment_terms: row.paymentTerms,
    note: row.note,
    attachments: row.attachments.map((a) => ({
      id: a.id,
      url: a.url,
      filename: a.filename,
      content_type: a.content_type,
    })),
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      variant_id: l.variantId,
      description: l.description,
      unit: l.unit as PurchaseOrder['lines'][number]['unit'],
      quantity: Number(l.quantity),
      unit_price: l.unitPrice,
      discount_type: l.discountType,
      discount_value: Number(l.discountValue),
      vat_rate: l.vatRate,
      amount: l.amount,
      discount: l.discount,
      net: l.net,
    })),
    totals: {
      subtotal: row.subtotal,
      discount: row.discount,
      net: row.net,
      vat: row.vat,
      tax: row.tax,
      total: row.total,
    },
    mailed_to: row.mailedTo,
    mailed_at: row.mailedAt?.toISOString() ?? null,
  };
}
