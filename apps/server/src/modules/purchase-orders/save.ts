import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  isPurchaseOrderEditable,
  mayEditPurchaseOrder,
  provinceName,
  purchaseOrderTotals,
  todayInVietnam,
  translate,
  variantLabel,
  type PurchaseOrderLineData,
  type PurchaseOrderStatus,
  type PurchaseOrderSupplierType,
  type purchaseOrderInput,
  type purchaseOrderUpdate,
} from '@agrihub/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  producerOems,
  producers,
  products,
  productVariants,
  purchaseOrderCounters,
  purchaseOrderLines,
  purchaseOrders,
  type PurchaseOrderRow,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Emit } from '../../lib/domain-events.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { transitionIn, type TransitionActor } from '../../lib/transition.js';
import { claimUploads, pickUpload, privateTo, resolveStaffUploads } from '../uploads/resolve.js';
import { purchaseOrderWorkflow } from './workflow.js';

type Input = z.output<typeof purchaseOrderInput>;
type Update = z.output<typeof purchaseOrderUpdate>;

/** The supplier as an order keeps it (the snapshot the PDF and the mail print). */
export interface SupplierSnapshot {
  supplierType: PurchaseOrderSupplierType;
  supplierId: number;
  supplierName: string;
  supplierTaxCode: string | null;
  supplierAddress: string | null;
  supplierEmail: string | null;
  supplierPhone: string | null;
  supplierContact: string | null;
}

/** An address with its province after it, unless the address already names it ("…, tỉnh Sơn La"). */
export function joinAddress(address: string | null, province: string | null): string | null {
  const name = provinceName(province);
  const bare = name?.replace(/^Thành phố /, '').toLowerCase();
  const named = !!address && !!bare && address.toLowerCase().includes(bare);
  return [address, named ? null : name].filter(Boolean).join(', ') || null;
}

/**
 * The suppliers an order may go to: the platform's active OEMs and its approved producers (not a
 * deleted one). `keep` names the order's current supplier, which stays valid for its edits even
 * if it has since been deactivated.
 */
export async function findSupplier(
  db: Db | Tx,
  platform: string,
  type: PurchaseOrderSupplierType,
  id: number,
  keep?: { type: string; id: number },
): Promise<SupplierSnapshot | null> {
  const kept = keep?.type === type && keep.id === id;
  if (type === 'oem') {
    const [o] = await db
      .select()
      .from(producerOems)
      .where(
        and(
          eq(producerOems.id, id),
          eq(producerOems.platform, platform),
          kept ? undefined : eq(producerOems.active, true),
        ),
      )
      .limit(1);
    if (!o) return null;
    return {
      supplierType: 'oem',
      supplierId: o.id,
      supplierName: o.name,
      supplierTaxCode: o.taxCode,
      supplierAddress: joinAddress(o.address, o.provinceCode),
      supplierEmail: o.email,
      supplierPhone: o.phone,
      supplierContact: o.contactName,
    };
  }
  const [p] = await db
    .select()
    .from(producers)
    .where(
      and(
        eq(producers.id, id),
        eq(producers.platform, platform),
        kept ? undefined : and(eq(producers.status, 'approved'), isNull(producers.deletedAt)),
      ),
    )
    .limit(1);
  if (!p) return null;
  return {
    supplierType: 'producer',
    supplierId: p.id,
    supplierName: p.name,
    supplierTaxCode: p.taxCode,
    supplierAddress: joinAddress(p.address, p.provinceCode),
    supplierEmail: p.email,
    supplierPhone: p.phone,
    supplierContact: p.representative,
  };
}

/**
 * The lines as stored: each product line checked against the supplier (a producer's own product of
 * the platform, its variant; an OEM has no catalogue here, so its lines are free text), its goods
 * defaulting to the product's name and variant; the amounts from the contract's purchaseOrderTotals.
 */
async function resolveLines(db: Db | Tx, platform: string, supplier: SupplierSnapshot, lines: PurchaseOrderLineData[]) {
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((id): id is number => !!id))];
  const variantIds = [...new Set(lines.map((l) => l.variant_id).filter((id): id is number => !!id))];
  const found =
    productIds.length && supplier.supplierType === 'producer'
      ? await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(
            and(
              inArray(products.id, productIds),
              eq(products.platform, platform),
              eq(products.producerId, supplier.supplierId),
            ),
          )
      : [];
  const variants = variantIds.length
    ? await db
        .select({ id: productVariants.id, productId: productVariants.productId, types: productVariants.types })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  const productName = new Map(found.map((p) => [p.id, p.name]));
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  const resolved = lines.map((l, i) => {
    let description = l.description ?? '';
    if (l.product_id) {
      const name = productName.get(l.product_id);
      if (name === undefined) throw unprocessable('invalidOrderProduct', {}, `lines.${i}.product_id`);
      const variant = l.variant_id ? variantOf.get(l.variant_id) : null;
      if (l.variant_id && (!variant || variant.productId !== l.product_id)) {
        throw unprocessable('invalidOrderVariant', {}, `lines.${i}.variant_id`);
      }
      if (!description) description = variant ? `${name} (${variantLabel(variant.types)})` : name;
    }
    return { ...l, description };
  });
  let totals;
  try {
    totals = purchaseOrderTotals(resolved);
  } catch {
    throw unprocessable('purchaseOrderTotalTooLarge', {}, 'lines');
  }
  return { lines: resolved, totals };
}

/** The fields of an order from a body: supplier snapshot, delivery, attachments, totals; and its lines' rows. */
async function orderValues(
  app: FastifyInstance,
  tx: Tx,
  actor: TransitionActor,
  body: Input,
  before?: PurchaseOrderRow,
) {
  const { platform } = actor;
  const keep = before ? { type: before.supplierType, id: before.supplierId } : undefined;
  const supplier = await findSupplier(tx, platform, body.supplier_type, body.supplier_id, keep);
  if (!supplier) throw unprocessable('invalidSupplier', {}, 'supplier_id');
  // Files the staff member uploaded, or the order already has; private to the order (ADR 033).
  const uploads = await resolveStaffUploads(
    tx,
    app.storage,
    { platform, userId: actor.user.id },
    body.attachment_ids,
    privateTo(before ? { type: 'purchase_order', id: before.id } : undefined),
    before?.attachments.map((a) => a.id) ?? [],
  );
  const attachments = body.attachment_ids.map((id, i) => {
    const u = pickUpload(uploads, id, `attachment_ids.${i}`);
    return { id: u.id, url: u.url, filename: u.filename, content_type: u.content_type };
  });
  const { lines, totals } = await resolveLines(tx, platform, supplier, body.lines);
  const orderDate = body.order_date ?? todayInVietnam();
  if (body.delivery_date < orderDate) throw unprocessable('deliveryBeforeOrderDate', {}, 'delivery_date');
  const fields = {
    ...supplier,
    orderDate,
    deliveryDate: body.delivery_date,
    deliveryPlace: body.delivery_place,
    paymentTerms: body.payment_terms ?? null,
    note: body.note ?? null,
    attachments,
    subtotal: totals.subtotal,
    discount: totals.discount,
    net: totals.net,
    tax: totals.tax,
    total: totals.total,
    vat: totals.vat,
    lineCount: lines.length,
  };
  const lineRows = (orderId: number) =>
    lines.map((l, i) => ({
      orderId,
      position: i + 1,
      productId: l.product_id ?? null,
      variantId: l.product_id ? (l.variant_id ?? null) : null,
      description: l.description,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      discountType: l.discount_type,
      discountValue: l.discount_value,
      vatRate: l.vat_rate,
      amount: totals.lines[i].amount,
      discount: totals.lines[i].discount,
      net: totals.lines[i].net,
    }));
  return { fields, lineRows };
}

/** `PO-2026-000123`. */
export const purchaseOrderCode = (year: number, seq: number) => `PO-${year}-${String(seq).padStart(6, '0')}`;

/**
 * The next number of the platform's orders of `year`, taken in the caller's transaction: the
 * counter row's upsert locks it until that transaction ends, so a parallel creation (on this node or
 * another) waits and takes the following number. Never below an order already stored (the demo
 * seed and orders from before the counter insert their numbers directly).
 */
async function nextOrderNumber(tx: Tx, platform: string, year: number): Promise<number> {
  const stored = sql`(select coalesce(max(${purchaseOrders.seq}), 0) from ${purchaseOrders} where ${purchaseOrders.platform} = ${platform} and ${purchaseOrders.year} = ${year})`;
  const [{ last }] = await tx
    .insert(purchaseOrderCounters)
    .values({ platform, year, last: sql`${stored} + 1` })
    .onConflictDoUpdate({
      target: [purchaseOrderCounters.platform, purchaseOrderCounters.year],
      set: { last: sql`greatest(${purchaseOrderCounters.last}, ${stored}) + 1` },
    })
    .returning({ last: purchaseOrderCounters.last });
  return last;
}

/**
 * Creates an order (pending) with its lines and its history row, numbered PO-<year>-<n> where n
 * is the platform's next number of that year (nextOrderNumber: parallel creations never collide).
 */
export async function createOrder(
  app: FastifyInstance,
  actor: TransitionActor,
  body: Input,
): Promise<PurchaseOrderRow> {
  const platform = actor.platform;
  return app.events.transaction(async (tx) => {
    const { fields, lineRows } = await orderValues(app, tx, actor, body);
    const year = Number(fields.orderDate.slice(0, 4));
    // Numbered last, so the counter stays locked only for the inserts below.
    const seq = await nextOrderNumber(tx, platform, year);
    const [row] = await tx
      .insert(purchaseOrders)
      .values({
        platform,
        code: purchaseOrderCode(year, seq),
        year,
        seq,
        status: 'pending',
        createdBy: actor.user.id,
        ...fields,
      })
      .returning();
    await tx.insert(purchaseOrderLines).values(lineRows(row.id));
    await claimUploads(tx, body.attachment_ids, { type: 'purchase_order', id: row.id });
    await recordActivity(tx, {
      subjectType: 'purchase_order',
      subjectId: row.id,
      platform,
      actorId: actor.user.id,
      action: 'create',
      to: 'pending',
      diff: { code: row.code, total: row.total },
    });
    return row;
  });
}

/** 409 purchaseOrderStale when the reader saw another version of the order than the stored one. */
function assertVersion(actor: TransitionActor, row: PurchaseOrderRow, seen: number | undefined) {
  if (seen === undefined || seen === row.version) return;
  throw new AppError(409, 'purchaseOrderStale', { code: row.code, seen, current: row.version });
}

/** The history action of a move to `to`. */
export const moveAction = (to: PurchaseOrderStatus) =>
  to === 'processing' ? 'submit' : to === 'approved' ? 'approve' : to === 'cancelled' ? 'cancel' : 'reopen';

/**
 * One move of an order through the table, in the caller's transaction: the version the reader saw
 * (an approval always names it: the schema requires it), the authors rule, the reason to cancel,
 * the approver and time on approval; the event after commit.
 */
export function moveOrder(
  tx: Tx,
  emit: Emit,
  actor: TransitionActor,
  id: number,
  move: { to: PurchaseOrderStatus; reason?: string | null; version?: number },
) {
  const { to } = move;
  return transitionIn(tx, emit, purchaseOrderWorkflow, {
    id,
    to,
    actor,
    action: moveAction(to),
    reason: move.reason ?? null,
    guard: (row) => assertVersion(actor, row, move.version),
    // Every move counts one more version (the row is locked: no other write between).
    fields: (_tx, row) => ({
      version: row.version + 1,
      ...(to === 'approved' ? { approvedBy: actor.user.id, approvedAt: new Date() } : {}),
    }),
    event: (after, from) => ({
      type: 'purchase_order.moved',
      platform: actor.platform,
      orderId: after.id,
      actorId: actor.user.id,
      from,
      to,
      reason: after.reason,
    }),
  });
}

/**
 * The order's row locked on the platform (404 off it); 409 purchaseOrderStale when the editor saw
 * another version, purchaseOrderLocked once approved or cancelled, purchaseOrderAwaitingApproval
 * when it awaits an approval the editor could give (four-eyes: mayEditPurchaseOrder).
 */
async function lockEditable(
  tx: Tx,
  actor: TransitionActor,
  id: number,
  version: number | undefined,
): Promise<PurchaseOrderRow> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.platform, actor.platform)))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  assertVersion(actor, row, version);
  if (!isPurchaseOrderEditable(row.status)) {
    throw new AppError(409, 'purchaseOrderLocked', {
      status: translate(actor.locale, `state_purchase_order_${row.status}`),
    });
  }
  const author = purchaseOrderWorkflow.authoredBy!(row, actor.user.id);
  if (!mayEditPurchaseOrder(row.status, { ...actor.user, isCreator: author })) {
    throw new AppError(409, 'purchaseOrderAwaitingApproval');
  }
  return row;
}

const EDIT_FIELDS = [
  ['supplier', (r: PurchaseOrderRow) => `${r.supplierType}:${r.supplierId}:${r.supplierName}`],
  ['order_date', (r: PurchaseOrderRow) => r.orderDate],
  ['delivery_date', (r: PurchaseOrderRow) => r.deliveryDate],
  ['delivery_place', (r: PurchaseOrderRow) => r.deliveryPlace],
  ['payment_terms', (r: PurchaseOrderRow) => r.paymentTerms],
  ['note', (r: PurchaseOrderRow) => r.note],
  ['attachments', (r: PurchaseOrderRow) => r.attachments.map((a) => a.id).join(',')],
] as const;

/**
 * Replaces an editable order (pending or processing) with the body: supplier snapshot taken again,
 * lines replaced, totals computed again, one more version, the editor among its authors (who may
 * not approve it), one history row naming the changed fields and the total before → after. The
 * status never changes here (the schema refuses one): only PUT /{id}/status moves an order.
 */
export async function updateOrder(app: FastifyInstance, actor: TransitionActor, id: number, body: Update) {
  const platform = actor.platform;
  await app.events.transaction(async (tx) => {
    const before = await lockEditable(tx, actor, id, body.version);
    const { fields, lineRows } = await orderValues(app, tx, actor, body, before);
    await claimUploads(tx, body.attachment_ids, { type: 'purchase_order', id });
    const oldLines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
    const [after] = await tx
      .update(purchaseOrders)
      .set({
        ...fields,
        version: before.version + 1,
        editorIds: before.editorIds.includes(actor.user.id) ? before.editorIds : [...before.editorIds, actor.user.id],
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
    const rows = lineRows(id);
    await tx.insert(purchaseOrderLines).values(rows);
    const changed: string[] = EDIT_FIELDS.filter(([, of]) => of(before) !== of(after)).map(([f]) => f);
    const lineKey = (l: Record<string, unknown>) =>
      JSON.stringify([
        l.productId,
        l.variantId,
        l.description,
        l.unit,
        Number(l.quantity),
        l.unitPrice,
        l.discountType,
        Number(l.discountValue),
        l.vatRate,
      ]);
    if (oldLines.map(lineKey).join('|') !== rows.map(lineKey).join('|')) changed.push('lines');
    await recordActivity(tx, {
      subjectType: 'purchase_order',
      subjectId: id,
      platform,
      actorId: actor.user.id,
      action: 'update',
      diff: {
        fields: changed,
        ...(before.total !== after.total ? { changes: { total: [before.total, after.total] } } : {}),
      },
    });
  });
}
