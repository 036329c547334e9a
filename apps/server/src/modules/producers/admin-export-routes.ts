import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { errorEnvelope, producerExportRequest } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import type { ProducerFilters } from './queries.js';
import { XLSX_CONTENT_TYPE, streamProducersXlsx } from './xlsx.js';

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

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
      const stream = streamProducersXlsx(app.db, eq(producers.platform, req.platform), filters);
      // The file is named after the Vietnamese calendar day (UTC+7).
      const day = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachment(`don-vi-san-xuat-${day}.xlsx`))
        .send(stream as never);
    },
  );
}
