import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import {
  adminServiceRequestExportQuery,
  adminServiceRequestExportRequest,
  errorEnvelope,
  todayInVietnam,
  translate,
  type Locale,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { userRegisterServices as urs } from '../../db/schema/index.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { XLSX_CONTENT_TYPE, streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { requestFilterWhere } from './admin-queries.js';
import { findRequests, type RequestView } from './queries.js';
import { isOverdue } from './workflow.js';
import { formatPhone } from '@agrihub/contract/phone';

/**
 * The columns of the export: the request, its service, producer, contact, step and dates. No note
 * of any kind is exported (an internal note must never reach a file a producer could be sent).
 */
function columns(locale: Locale): XlsxColumn<RequestView>[] {
  const yesNo = (b: boolean) => translate(locale, b ? 'export.yes' : 'export.no');
  const form = (v: RequestView, key: string) => {
    const value = v.request.form[key];
    return typeof value === 'string' ? value : '';
  };
  return [
    { header: 'export.service_requests.n', width: 6, value: (_v, n) => n },
    { header: 'export.service_requests.id', width: 10, value: (v) => v.request.id },
    {
      header: 'export.service_requests.service',
      width: 36,
      value: (v) => (locale === 'en' ? v.service.titleEn : v.service.titleVi),
    },
    { header: 'export.service_requests.producer', width: 32, value: (v) => v.producerName },
    { header: 'export.service_requests.requester', width: 24, value: (v) => form(v, 'contact_name') || v.creatorName },
    { header: 'export.service_requests.email', width: 28, value: (v) => form(v, 'email') },
    { header: 'export.service_requests.phone', width: 14, value: (v) => formatPhone(form(v, 'phone')) },
    { header: 'export.service_requests.step', width: 18, value: (v) => translate(locale, `state_${v.request.step}`) },
    {
      header: 'export.service_requests.status',
      width: 14,
      value: (v) => translate(locale, `state_${v.request.status}`),
    },
    { header: 'export.service_requests.assignee', width: 24, value: (v) => v.assigneeName },
    { header: 'export.service_requests.due', width: 20, value: (v) => v.request.stepDueAt },
    { header: 'export.service_requests.overdue', width: 10, value: (v) => yesNo(isOverdue(v.request)) },
    { header: 'export.service_requests.locked', width: 10, value: (v) => yesNo(!!v.request.lockedAt) },
    { header: 'export.service_requests.created', width: 20, value: (v) => v.request.createdAt },
    { header: 'export.service_requests.updated', width: 20, value: (v) => v.request.updatedAt },
  ];
}

/** The requests of `where` as a streamed workbook, newest first, read in keyset pages. */
function streamRequestsXlsx(db: Db, where: SQL, locale: Locale) {
  return streamXlsx<RequestView>({
    locale,
    sheet: 'export.service_requests.sheet',
    columns: columns(locale),
    page: async (last, limit) =>
      (
        await findRequests(db, last ? and(where, lt(urs.id, last.request.id)) : where, {
          orderBy: [desc(urs.id)],
          limit,
          offset: 0,
        })
      ).views,
  });
}

/**
 * POST /api/v1/admin/user_register_services/export?slug=: the platform's requests as XLSX. `slug`
 * (query) picks the service in both modes; exportAllData takes every request of it (or of every
 * service without a slug), exportAsFilter the other list filters (query) and/or the ids (body).
 */
export default async function adminServiceRequestExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/admin/user_register_services/export',
    {
      config: { access: 'admin', ability: ['read', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: 'Service requests as XLSX (no notes): slug in the query; exportAllData, or exportAsFilter with the list filters and/or ids',
        querystring: adminServiceRequestExportQuery,
        body: adminServiceRequestExportRequest.optional(),
        response: { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const mode = req.body?.mode ?? 'exportAsFilter';
      const filters = mode === 'exportAllData' ? { slug: req.query.slug } : req.query;
      const ids = mode === 'exportAsFilter' ? req.body?.ids : undefined;
      const where = requestFilterWhere(platformOf(urs, requestScope(req)), filters, { ids });
      const name = `yeu-cau-dich-vu${req.query.slug ? `-${req.query.slug}` : ''}-${todayInVietnam()}.xlsx`;
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(name))
        .send(streamRequestsXlsx(app.db, where, req.locale) as never);
    },
  );
}
