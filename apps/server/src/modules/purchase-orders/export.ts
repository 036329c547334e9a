import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorEnvelope,
  purchaseOrderExportQuery,
  todayInVietnam,
  translate,
  type Locale,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { purchaseOrders, type PurchaseOrderLineRow } from '../../db/schema/index.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { XLSX_CONTENT_TYPE, streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { findLines, findOrders, orderFilterWhere, type OrderView } from './queries.js';

/** One row of the export: an order's line, with its order. */
interface ExportRow {
  v: OrderView;
  line: PurchaseOrderLineRow;
}

function columns(locale: Locale): XlsxColumn<ExportRow>[] {
  const h = (key: string) => `export.purchase_orders.${key}`;
  return [
    { header: h('n'), width: 6, value: (_r, n) => n },
    { header: h('code'), width: 18, value: (r) => r.v.row.code },
    { header: h('order_date'), width: 13, value: (r) => r.v.row.orderDate },
    { header: h('status'), width: 14, value: (r) => translate(locale, `state_purchase_order_${r.v.row.status}`) },
    { header: h('supplier_type'), width: 18, value: (r) => translate(locale, `supplier_${r.v.row.supplierType}`) },
    { header: h('supplier'), width: 34, value: (r) => r.v.row.supplierName },
    { header: h('tax_code'), width: 15, value: (r) => r.v.row.supplierTaxCode ?? '' },
    { header: h('line'), width: 6, value: (r) => r.line.position },
    { header: h('description'), width: 40, value: (r) => r.line.description },
    { header: h('unit'), width: 10, value: (r) => r.line.unit },
    { header: h('quantity'), width: 11, value: (r) => Number(r.line.quantity) },
    { header: h('unit_price'), width: 15, value: (r) => r.line.unitPrice },
    { header: h('discount'), width: 15, value: (r) => r.line.discount },
    { header: h('vat_rate'), width: 10, value: (r) => r.line.vatRate },
    { header: h('net'), width: 18, value: (r) => r.line.net },
    { header: h('order_total'), width: 18, value: (r) => r.v.row.total },
    { header: h('delivery_date'), width: 13, value: (r) => r.v.row.deliveryDate },
    { header: h('delivery_place'), width: 30, value: (r) => r.v.row.deliveryPlace },
    { header: h('created_by'), width: 22, value: (r) => r.v.creatorName ?? '' },
    { header: h('approved_by'), width: 22, value: (r) => r.v.approverName ?? '' },
    { header: h('reason'), width: 30, value: (r) => r.v.row.reason ?? '' },
    { header: h('created'), width: 18, value: (r) => r.v.row.createdAt },
  ];
}

/**
 * The orders of `where`, newest first, one row per line, read in keyset pages of orders (each order
 * has at least one line, so a full page of orders is never a short page of rows).
 */
function streamOrdersXlsx(db: Db, where: SQL, locale: Locale) {
  return streamXlsx<ExportRow>({
    locale,
    sheet: 'export.purchase_orders.sheet',
    columns: columns(locale),
    page: async (last, limit) => {
      const views = await findOrders(db, last ? and(where, lt(purchaseOrders.id, last.v.row.id))! : where, {
        orderBy: [desc(purchaseOrders.id)],
        limit,
        offset: 0,
      });
      const lines = await findLines(
        db,
        views.map((v) => v.row.id),
      );
      return views.flatMap((v) => lines.filter((l) => l.orderId === v.row.id).map((line) => ({ v, line })));
    },
  });
}

/** POST /api/v1/admin/purchase_orders/export: XLSX, streamed (spec §9 exportAllData / exportAsFilter). */
export default async function purchaseOrderExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/admin/purchase_orders/export',
    {
      config: { access: 'admin', ability: ['read', 'purchase_order'] },
      schema: {
        tags: ['admin'],
        summary:
          "The platform's purchase orders as XLSX, one row per line: mode exportAllData, or exportAsFilter with the list's filters (status, supplier_type, supplier_id, date_from, date_to, amount_min, amount_max, q)",
        querystring: purchaseOrderExportQuery,
        response: { 200: z.any(), 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const scope = platformOf(purchaseOrders, requestScope(req));
      const where = q.mode === 'exportAllData' ? scope : orderFilterWhere(scope, q);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(`don-dat-hang-${todayInVietnam()}.xlsx`))
        .send(streamOrdersXlsx(app.db, where, req.locale));
    },
  );
}
