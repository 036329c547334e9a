import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, nationalPortalExportQuery, nationalPortalFileName, todayInVietnam } from '@agrihub/contract';
import { attachmentDisposition } from '../../lib/filenames.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { producerScope } from '../../lib/scope.js';
import { streamNationalPortal } from './export.js';

/** The producer's records for the national traceability portal (Circular 02/2024, ADR 043). */
export default async function nationalPortalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/national-portal/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary:
          "The caller's producer's products and published batches (stages, codes, dates, standards applied) as the JSON of docs/schemas/national-portal-export.schema.json, streamed (attachment); optional production-date range and product",
        querystring: nationalPortalExportQuery,
        response: { 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const scope = producerScope(req);
      const stream = streamNationalPortal(app.db, scope, req.query, { base: publicBaseUrl(req, app.config) });
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(nationalPortalFileName(todayInVietnam())))
        .header('Cache-Control', 'no-store')
        .send(stream as never);
    },
  );
}
