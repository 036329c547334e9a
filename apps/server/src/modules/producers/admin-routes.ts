import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { errorEnvelope, listEnvelope, producer as producerSchema, producerListQuery } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { listProducers } from './queries.js';

/** GET /api/v1/admin/producers: the platform's producers (administrators with read producer). */
export default async function adminProducerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/producers',
    {
      config: { ability: ['read', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Producers of the platform; filters q (name, tax code), status, producer_type',
        querystring: producerListQuery,
        response: { 200: listEnvelope('producers', producerSchema), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => listProducers(app.db, eq(producers.platform, req.platform), req.query),
  );
}
