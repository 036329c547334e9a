import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import {
  allows,
  errorEnvelope,
  saleChannelReferenceExportQuery,
  todayInVietnam,
  translate,
  type Locale,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { saleChannelReferences } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { ownedBy, platformOf, requestScope } from '../../lib/scope.js';
import { XLSX_CONTENT_TYPE, streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { findReferences, referenceFilterWhere, type ReferenceView } from './queries.js';

/**
 * The columns of the export: the registration, its channel, producer, product and states. Nothing
 * internal: no feed token, no snapshot, no back-office history note.
 */
function columns(locale: Locale): XlsxColumn<ReferenceView>[] {
  const k = (key: string) => translate(locale, `export.sale_channels.${key}`);
  return [
    { header: 'export.sale_channels.n', width: 6, value: (_v, n) => n },
    { header: 'export.sale_channels.id', width: 10, value: (v) => v.ref.id },
    { header: 'export.sale_channels.channel', width: 20, value: (v) => v.channel.name },
    { header: 'export.sale_channels.type', width: 18, value: (v) => k(`type_${v.ref.referenceableType}`) },
    { header: 'export.sale_channels.producer', width: 32, value: (v) => v.producerName },
    { header: 'export.sale_channels.product', width: 32, value: (v) => v.product?.name ?? '' },
    { header: 'export.sale_channels.gtin', width: 16, value: (v) => v.product?.gtin ?? '' },
    {
      header: 'export.sale_channels.register_status',
      width: 16,
      value: (v) => translate(locale, `state_${v.ref.registerStatus}`),
    },
    { header: 'export.sale_channels.reason', width: 36, value: (v) => v.ref.reason ?? '' },
    { header: 'export.sale_channels.sync_status', width: 18, value: (v) => k(`sync_${v.ref.syncStatus}`) },
    { header: 'export.sale_channels.last_synced', width: 20, value: (v) => v.ref.lastSyncedAt },
    { header: 'export.sale_channels.created', width: 20, value: (v) => v.ref.createdAt },
    { header: 'export.sale_channels.updated', width: 20, value: (v) => v.ref.updatedAt },
  ];
}

/** The references of `where` as a streamed workbook, newest first, read in keyset pages. */
function streamReferencesXlsx(db: Db, where: SQL | undefined, locale: Locale) {
  return streamXlsx<ReferenceView>({
    locale,
    sheet: 'export.sale_channels.sheet',
    columns: columns(locale),
    page: async (last, limit) =>
      (
        await findReferences(db, last ? and(where, lt(saleChannelReferences.id, last.ref.id)) : where, {
          orderBy: [desc(saleChannelReferences.id)],
          limit,
          offset: 0,
        })
      ).views,
  });
}

/**
 * Which registrations the caller exports: a producer its own (the spec path is in the producer's
 * list of sale channel routes); an administrator with read on sale_channel_reference the
 * platform's (403 permission_denied without it); an account without a producer 403.
 */
function exportScope(req: FastifyRequest): SQL | undefined {
  const scope = requestScope(req);
  if (scope.producerId !== null) return ownedBy(saleChannelReferences, { ...scope, producerId: scope.producerId });
  if (!scope.isAdmin) throw new AppError(403, 'saleChannelNeedsProducer');
  if (!allows(scope.user, 'read', 'sale_channel_reference')) throw new AppError(403, 'permission_denied');
  return platformOf(saleChannelReferences, scope);
}

/**
 * POST /api/v1/sale_channel_references/export (spec §7 path) and its alias under /api/v1/admin/:
 * registrations as XLSX, a producer's own or (administrators) the platform's. exportAllData takes
 * every registration of that scope, exportAsFilter the list filters of the query. The spec path
 * lives outside /api/v1/admin/, so (ADR 008) it is declared `user` and decides the scope itself
 * (ADR 032: it used to need an ability no producer holds); the alias is `admin`.
 */
export default async function adminSaleChannelExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const handler = async (
    req: FastifyRequest<{ Querystring: typeof saleChannelReferenceExportQuery._output }>,
    reply: FastifyReply,
  ) => {
    const q = req.query;
    const filters = q.mode === 'exportAllData' ? {} : q;
    const where = and(exportScope(req), referenceFilterWhere(filters));
    const name = `dang-ky-kenh-ban-${todayInVietnam()}.xlsx`;
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('Content-Disposition', attachmentDisposition(name))
      .send(streamReferencesXlsx(app.db, where, req.locale));
  };

  const schema = {
    tags: ['admin'],
    summary:
      "Sales channel registrations as XLSX, a producer's own or (administrators with read on sale_channel_reference) the platform's: mode exportAllData, or exportAsFilter with the list filters (channel_id, referenceable_type, register_status, sync_status, product_id, out_of_date, q)",
    querystring: saleChannelReferenceExportQuery,
    response: { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope },
  };

  r.post(
    '/api/v1/sale_channel_references/export',
    { config: { access: 'user' }, schema },
    handler,
  );
  r.post(
    '/api/v1/admin/sale_channel_references/export',
    { config: { access: 'admin', ability: ['read', 'sale_channel_reference'] }, schema },
    handler,
  );
}
