import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, producerExportRequest, todayInVietnam } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import type { ProducerFilters } from './queries.js';
import { XLSX_CONTENT_TYPE, streamProducersXlsx } from './xlsx.js';

/** POST /api/v1/admin/producers/export: the platform's producers as a streamed XLSX workbook. */
export default async function adminProducerExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/admin/producers/export',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Producers as XLSX: exportAllData (every producer) or exportAsFilter (the filters and/or ids)',
        body: producerExportRequest,
        response: { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const filters: ProducerFilters =
        b.mode === 'exportAllData' ? {} : { q: b.q, status: b.status, producer_type: b.producer_type, ids: b.ids };
      const stream = streamProducersXlsx(app.db, platformOf(producers, requestScope(req)), filters, req.locale);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(`don-vi-san-xuat-${todayInVietnam()}.xlsx`))
        .send(stream as never);
    },
  );
}
