import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  PLATFORMS,
  errorEnvelope,
  idParam,
  purchaseOrderAnswer,
  purchaseOrderInput,
  purchaseOrderListAnswer,
  purchaseOrderListQuery,
  purchaseOrderStatusBody,
  purchaseOrderSupplierListAnswer,
  purchaseOrderSupplierQuery,
  purchaseOrderUpdate,
  supplierProductListAnswer,
  translate,
  variantLabel,
  type Locale,
  type PlatformKey,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import {
  platformSettings,
  producerOems,
  producers,
  products,
  productVariants,
  purchaseOrders,
} from '../../db/schema/index.js';
import { listActivity } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { textSearch } from '../../lib/search.js';
import { actorOfRequest } from '../../lib/transition.js';
import type { Config } from '../../config/env.js';
import { currentUser } from '../../plugins/auth.js';
import { platformOrigin } from '../notifications/mail.js';
import { renderPurchaseOrderPdf, type PdfCompany } from './pdf.js';
import {
  PURCHASE_ORDER_LIST,
  countOrders,
  countsPerStatus,
  findLines,
  findOrder,
  findOrders,
  orderFilterWhere,
  presentOrder,
  presentSummary,
  type Viewer,
} from './queries.js';
import { createOrder, findSupplier, moveOrder, updateOrder } from './save.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const SUPPLIER_PICKER_LIMIT = 30;

const viewerOf = (req: FastifyRequest): Viewer => {
  const u = currentUser(req);
  return { id: u.id, roles: u.roles, abilities: u.abilities };
};

/** The platform as the PDF's header names it: its name, public contact details and web address. */
export async function companyOf(db: Db, config: Config, platform: PlatformKey): Promise<PdfCompany> {
  const [s] = await db.select().from(platformSettings).where(eq(platformSettings.platform, platform)).limit(1);
  return {
    name: PLATFORMS[platform].name,
    address: s?.address ?? null,
    hotline: s?.hotline ?? null,
    email: s?.email ?? null,
    website: platformOrigin(config, platform),
  };
}

/** One order of the platform as the back office reads it (null off the platform). */
export async function loadOrder(db: Db, platform: string, id: number, viewer: Viewer) {
  const view = await findOrder(db, and(eq(purchaseOrders.id, id), eq(purchaseOrders.platform, platform))!);
  if (!view) return null;
  return presentOrder(view, await findLines(db, [id]), viewer);
}

/** The file name of an order's PDF: "Don-dat-hang-PO-2026-000123.pdf" (ASCII fallback made by attachmentDisposition). */
export const pdfName = (code: string, locale: Locale) =>
  `${locale === 'en' ? 'Purchase-order' : 'Đơn-đặt-hàng'}-${code}.pdf`;

/**
 * Purchase orders (DESIGN §5.5, spec §7 admin purchase_orders): list with filters and counts per
 * status, create, read, edit (locked once approved or cancelled: 409), status change through the
 * contract's table (PUT /{id}/status only: an edit never moves an order), the PDF, the supplier
 * picker. Abilities on purchase_order decide who reads, creates and edits; the table decides the
 * moves. Four-eyes (ADR 031): approval by the role approve_purchase_order or admin, never by one of
 * the order's authors, of the version the approver saw; no edit by whoever could approve it.
 */
export default async function purchaseOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function detail(req: FastifyRequest, id: number, message?: string) {
    const viewer = viewerOf(req);
    const order = await loadOrder(app.db, req.platform, id, viewer);
    if (!order) throw notFound();
    const history = await listActivity(app.db, 'purchase_order', id, { includeInternal: true });
    return { data: { purchase_order: order, history: history.items }, ...(message ? { meta: { message } } : {}) };
  }

  r.get(
    '/api/v1/admin/purchase_orders',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          "The platform's purchase orders; filters status, supplier_type, supplier_id, date_from/date_to (order date), amount_min/amount_max (grand total, đồng), q (code, supplier, tax code, note, goods; accent-free); meta.counts per status",
        querystring: purchaseOrderListQuery,
        response: { 200: purchaseOrderListAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = platformOf(purchaseOrders, requestScope(req));
      const list = listPlan(req.query, PURCHASE_ORDER_LIST);
      const where = orderFilterWhere(scope, req.query);
      const [views, total, counts] = await Promise.all([
        findOrders(app.db, where, list),
        countOrders(app.db, where),
        countsPerStatus(app.db, orderFilterWhere(scope, req.query, { withoutStatus: true })),
      ]);
      const viewer = viewerOf(req);
      return {
        data: { purchase_orders: views.map((v) => presentSummary(v, viewer)) },
        meta: { ...list.meta(total), counts },
      };
    },
  );

  r.post(
    '/api/v1/admin/purchase_orders',
    {
      config: { access: 'admin', ability: ['create', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          'A new purchase order (pending): supplier (an active OEM or an approved producer), delivery, payment terms, note, attachments (upload ids), lines; the totals are computed here',
        body: purchaseOrderInput,
        response: { 201: purchaseOrderAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const row = await createOrder(app, actorOfRequest(req, 'platform'), req.body);
      reply.code(201);
      return detail(req, row.id, translate(req.locale, 'purchase_order_created', { code: row.code }));
    },
  );

  r.get(
    '/api/v1/admin/purchase_orders/suppliers',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          "Suppliers an order may go to: the platform's active OEMs and approved producers, by name or tax code (accent-free), at most 30 of each",
        querystring: purchaseOrderSupplierQuery,
        response: { 200: purchaseOrderSupplierListAnswer, ...errors },
      },
    },
    async (req) => {
      const { q, type } = req.query;
      const platform = req.platform;
      const oems =
        type === 'producer'
          ? []
          : await app.db
              .select({ id: producerOems.id })
              .from(producerOems)
              .where(
                and(
                  eq(producerOems.platform, platform),
                  eq(producerOems.active, true),
                  q ? textSearch(q, producerOems.name, producerOems.taxCode) : undefined,
                ),
              )
              .orderBy(asc(producerOems.name))
              .limit(SUPPLIER_PICKER_LIMIT);
      const makers =
        type === 'oem'
          ? []
          : await app.db
              .select({ id: producers.id })
              .from(producers)
              .where(
                and(
                  eq(producers.platform, platform),
                  eq(producers.status, 'approved'),
                  isNull(producers.deletedAt),
                  q ? textSearch(q, producers.name, producers.taxCode) : undefined,
                ),
              )
              .orderBy(asc(producers.name))
              .limit(SUPPLIER_PICKER_LIMIT);
      const snapshots = await Promise.all([
        ...oems.map((o) => findSupplier(app.db, platform, 'oem', o.id)),
        ...makers.map((p) => findSupplier(app.db, platform, 'producer', p.id)),
      ]);
      const suppliers = snapshots
        .filter((s) => s !== null)
        .map((s) => ({
          type: s.supplierType,
          id: s.supplierId,
          name: s.supplierName,
          tax_code: s.supplierTaxCode,
          address: s.supplierAddress,
          email: s.supplierEmail,
          phone: s.supplierPhone,
          contact_name: s.supplierContact,
        }));
      return { data: { suppliers } };
    },
  );

  r.get(
    '/api/v1/admin/purchase_orders/suppliers/producer/:id/products',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary: "A producer supplier's products (any status) with their variants, for the lines editor",
        params: idParam,
        response: { 200: supplierProductListAnswer, ...errors },
      },
    },
    async (req) => {
      const supplier = await findSupplier(app.db, req.platform, 'producer', req.params.id);
      if (!supplier) throw notFound();
      const rows = await app.db
        .select()
        .from(products)
        .where(and(eq(products.platform, req.platform), eq(products.producerId, req.params.id)))
        .orderBy(asc(products.name));
      const variants = rows.length
        ? await app.db
            .select()
            .from(productVariants)
            .where(
              and(
                inArray(
                  productVariants.productId,
                  rows.map((p) => p.id),
                ),
                eq(productVariants.active, true),
              ),
            )
            .orderBy(asc(productVariants.productId), asc(productVariants.position))
        : [];
      return {
        data: {
          products: rows.map((p) => ({
            id: p.id,
            name: p.name,
            unit: p.unit,
            price: p.priceCents,
            vat_rate: p.taxRate,
            variants: variants
              .filter((v) => v.productId === p.id)
              .map((v) => ({ id: v.id, label: variantLabel(v.types), price: v.priceCents })),
          })),
        },
      };
    },
  );

  r.get(
    '/api/v1/admin/purchase_orders/:id',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          'One purchase order with its lines, totals per VAT rate, the moves the reader may make and its history',
        params: idParam,
        response: { 200: purchaseOrderAnswer, ...errors },
      },
    },
    async (req) => {
      return detail(req, req.params.id);
    },
  );

  r.put(
    '/api/v1/admin/purchase_orders/:id',
    {
      config: { access: 'admin', ability: ['update', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          "Edit a pending or processing order (the whole order again; 409 purchaseOrderLocked once approved or cancelled, 409 purchaseOrderAwaitingApproval to whoever could approve it, 409 purchaseOrderStale if `version` is not the order's); never its status (422: PUT /{id}/status moves it)",
        params: idParam,
        body: purchaseOrderUpdate,
        response: { 200: purchaseOrderAnswer, ...errors },
      },
    },
    async (req) => {
      await updateOrder(app, actorOfRequest(req, 'platform'), req.params.id, req.body);
      const answer = await detail(req, req.params.id);
      const message = translate(req.locale, 'purchase_order_updated', { code: answer.data.purchase_order.code });
      return { ...answer, meta: { message } };
    },
  );

  r.put(
    '/api/v1/admin/purchase_orders/:id/status',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          "Move an order (from the list or its page): pending → processing (update ability), processing → approved (role approve_purchase_order or admin, not one of the order's authors: 409 transition_not_by_creator; `version` required, 409 purchaseOrderStale if the order changed since), pending|processing → cancelled with a reason; any other move 409 naming the allowed ones",
        params: idParam,
        body: purchaseOrderStatusBody,
        response: { 200: purchaseOrderAnswer, ...errors },
      },
    },
    async (req) => {
      const actor = actorOfRequest(req, 'platform');
      await app.events.transaction((tx, emit) =>
        moveOrder(tx, emit, actor, req.params.id, {
          to: req.body.status,
          reason: req.body.reason,
          version: req.body.version,
        }),
      );
      const answer = await detail(req, req.params.id);
      const message = translate(req.locale, 'purchase_order_moved', {
        code: answer.data.purchase_order.code,
        status: translate(req.locale, `state_purchase_order_${req.body.status}`),
      });
      return { ...answer, meta: { message } };
    },
  );

  r.get(
    '/api/v1/admin/purchase_orders/:id/pdf',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary: 'The order as a PDF "Đơn đặt hàng" (Vietnamese, Noto Sans embedded), as a download',
        params: idParam,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const order = await loadOrder(app.db, req.platform, req.params.id, viewerOf(req));
      if (!order) throw notFound();
      const pdf = await renderPurchaseOrderPdf({
        order,
        company: await companyOf(app.db, app.config, req.platform),
        locale: req.locale,
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(pdfName(order.code, req.locale)))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
}
