import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminChainLot,
  adminChainLotQuery,
  envelope,
  errorEnvelope,
  fsmaLotQuery,
  fsmaRangeQuery,
  idParam,
  isSuperAdmin,
  listEnvelope,
  mockRecallExportRequest,
  mockRecallReport,
  recallResult,
  recallRequest,
  recallScope,
  todayInVietnam,
  traceGraph,
  traceQuery,
  translate,
  type FsmaFormat,
  type Locale,
  type RecallScope,
} from '@agrihub/contract';
import { forbidden } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { producerScope, requestScope } from '../../lib/scope.js';
import { XLSX_CONTENT_TYPE, streamXlsx } from '../../lib/xlsx-export.js';
import { CSV_CONTENT_TYPE, streamCsv } from '../../lib/csv-export.js';
import { listAdminChainLots } from './admin-lots.js';
import type { ChainScope } from './lots.js';
import { buildMockRecall, mockRecallPdf, mockRecallXlsx, recallChain, recordMockRecall } from './recall.js';
import { buildTrace } from './trace.js';
import { fsmaColumns, fsmaLotSelection, fsmaPage, type FsmaRow, type FsmaSelection } from './fsma.js';

/**
 * The supply chain’s trace, mock recall, recall (ADR 036 §5–7) and FSMA 204 sheet (ADR 041), for a producer (its own lots,
 * one step either side by name; behind the batches' gate) and for the platform's administrator
 * (the whole chain; an administrator has no producer entitlement to pass, as admin locations).
 */
export const chainRoutes = chainRoutesFor('own');
export const adminChainRoutes = chainRoutesFor('admin');

function chainRoutesFor(which: 'own' | 'admin') {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

    const ownScope = (req: FastifyRequest): ChainScope => {
      const s = producerScope(req);
      return { platform: s.platform, viewer: { admin: false, producerId: s.producerId } };
    };
    const adminScope = (req: FastifyRequest): ChainScope => ({ platform: req.platform, viewer: { admin: true } });
    const sides = [
      { prefix: '/api/v1/chain', access: 'user' as const, scopeOf: ownScope, tag: 'chain' },
      { prefix: '/api/v1/admin/chain', access: 'admin' as const, scopeOf: adminScope, tag: 'admin chain' },
    ].filter((side) => (side.access === 'admin') === (which === 'admin'));
    /** The FSMA 204 sheet of a selection, streamed as XLSX or CSV (ADR 041). */
    const sendFsma = (reply: FastifyReply, locale: Locale, sel: FsmaSelection, format: FsmaFormat, name: string) => {
      const spec = {
        locale,
        sheet: 'fsma.sheet',
        columns: fsmaColumns((key) => translate(locale, key)),
        page: (last: FsmaRow | null, limit: number) => fsmaPage(app.db, sel, last, limit),
      };
      const file = `${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.${format}`;
      return reply
        .type(format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(file))
        .send(format === 'csv' ? streamCsv(spec) : streamXlsx(spec));
    };
    const startOf = (b: Record<string, unknown>): RecallScope =>
      'lot_id' in b ? { lot_id: b.lot_id as number } : { location_id: b.location_id as number };

    // The administrator finds a lot of any producer of the platform to trace it (the producer's own
    // lots are its batch list).
    if (which === 'admin')
      r.get(
        '/api/v1/admin/chain/lots',
        {
          config: { access: 'admin', ability: ['read', 'producer'] },
          schema: {
            tags: ['admin chain'],
            summary:
              'The platform’s lots to trace (q: lot or public code, product or producer name; newest production first)',
            querystring: adminChainLotQuery,
            response: { 200: listEnvelope('lots', adminChainLot), ...errors },
          },
        },
        async (req) => listAdminChainLots(app.db, req.platform, req.query),
      );

    // The producer's FSMA 204 sheet of its own records over a date range (the administrator has no records of its own).
    if (which === 'own')
      r.get(
        '/api/v1/chain/fsma204',
        {
          config: { access: 'user' },
          schema: {
            tags: ['chain'],
            summary:
              'FSMA 204 sortable spreadsheet of the producer’s critical tracking events between two dates (XLSX or CSV, at most 366 days)',
            querystring: fsmaRangeQuery,
            response: errors,
          },
        },
        async (req, reply) => {
          const s = producerScope(req);
          const q = req.query;
          const sel = { platform: s.platform, producerId: s.producerId, from: q.from, to: q.to };
          return sendFsma(reply, req.locale, sel, q.format, `fsma204-${q.from}-${q.to}`);
        },
      );

    for (const side of sides) {
      const read = side.access === 'admin' ? { ability: ['read', 'producer'] as ['read', 'producer'] } : {};
      r.get(
        `${side.prefix}/lots/:id/fsma204`,
        {
          config: { access: side.access, ...read },
          schema: {
            tags: [side.tag],
            summary:
              'FSMA 204 sortable spreadsheet of a lot with its chain: every critical tracking event of the caller’s lots in it (the administrator: every lot), XLSX or CSV',
            params: idParam,
            querystring: fsmaLotQuery,
            response: errors,
          },
        },
        async (req, reply) => {
          const { lot, sel } = await fsmaLotSelection(app.db, side.scopeOf(req), req.params.id);
          return sendFsma(reply, req.locale, sel, req.query.format, `fsma204-${lot.lotCode}`);
        },
      );
      r.get(
        `${side.prefix}/lots/:id/trace`,
        {
          config: { access: side.access, ...read },
          schema: {
            tags: [side.tag],
            summary: 'The chain of a lot, backward and/or forward, as the caller may see it',
            params: idParam,
            querystring: traceQuery,
            response: { 200: envelope('trace', traceGraph), ...errors },
          },
        },
        async (req) => ({
          data: { trace: await buildTrace(app.db, side.scopeOf(req), req.params.id, req.query.direction) },
        }),
      );

      r.post(
        `${side.prefix}/mock-recalls`,
        {
          config: { access: side.access, ...read },
          schema: {
            tags: [side.tag],
            summary:
              'Mock recall: every affected lot downstream of a lot or a location, its holders and the time taken',
            body: recallScope,
            response: { 200: envelope('mock_recall', mockRecallReport), ...errors },
          },
        },
        async (req) => {
          const started = performance.now();
          const scope = side.scopeOf(req);
          const report = await buildMockRecall(app.db, scope, startOf(req.body), started);
          await recordMockRecall(app.db, scope, report, requestScope(req).userId);
          return { data: { mock_recall: report } };
        },
      );

      r.post(
        `${side.prefix}/mock-recalls/export`,
        {
          config: { access: side.access, ...read },
          schema: {
            tags: [side.tag],
            summary: 'The mock recall as XLSX or PDF (attachment)',
            body: mockRecallExportRequest,
            response: errors,
          },
        },
        async (req, reply) => {
          const started = performance.now();
          const scope = side.scopeOf(req);
          const report = await buildMockRecall(app.db, scope, startOf(req.body), started);
          await recordMockRecall(app.db, scope, report, requestScope(req).userId);
          const name = `thu-hoi-thu-${todayInVietnam()}.${req.body.format}`;
          if (req.body.format === 'pdf') {
            const pdf = await mockRecallPdf(report, req.locale);
            return reply
              .type('application/pdf')
              .header('Content-Disposition', attachmentDisposition(name))
              .send(pdf as never);
          }
          return reply
            .type(XLSX_CONTENT_TYPE)
            .header('Content-Disposition', attachmentDisposition(name))
            .send(mockRecallXlsx(report, req.locale) as never);
        },
      );

      r.post(
        `${side.prefix}/recalls`,
        {
          config: { access: side.access, ...(side.access === 'admin' ? { ability: ['update', 'producer'] } : {}) },
          schema: {
            tags: [side.tag],
            summary: 'Recall every affected published lot of a lot or a location, with one reason (confirmed)',
            body: recallRequest,
            response: { 200: envelope('recall', recallResult), 403: errorEnvelope, ...errors },
          },
        },
        async (req) => {
          // On the platform's side only its administrator recalls other producers' lots.
          if (side.access === 'admin' && !isSuperAdmin(requestScope(req).user)) throw forbidden();
          const scope = side.scopeOf(req);
          const result = await recallChain(app, req, scope, startOf(req.body), req.body.reason);
          return {
            data: { recall: result },
            meta: { message: translate(req.locale, 'chain_recall_done', { count: result.recalled.length }) },
          };
        },
      );
    }
  };
}
