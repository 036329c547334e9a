import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, registerServiceAnswer, registerServiceListAnswer, serviceSlugParam } from '@agrihub/contract';
import { getService, listServices, presentService } from './queries.js';

/** The public catalogue of the request's platform (DESIGN §5.2): no login needed. */
export default async function serviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/register_services',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: "The platform's services in display order (unavailable ones included, flagged)",
        response: { 200: registerServiceListAnswer },
      },
    },
    async (req) => {
      const rows = await listServices(app.db, req.platform);
      return {
        data: { register_services: rows.map((row) => presentService(row, req.locale)) },
        meta: { total_count: rows.length },
      };
    },
  );

  r.get(
    '/api/v1/register_services/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'One service of the platform by slug: description, pricing table, flow steps',
        params: serviceSlugParam,
        response: { 200: registerServiceAnswer, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const row = await getService(app.db, req.platform, { slug: req.params.slug });
      return { data: { register_service: presentService(row, req.locale) } };
    },
  );
}
