import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  adminProducerAnswer,
  errorEnvelope,
  idParam,
  listEnvelope,
  producer as producerSchema,
  producerListQuery,
} from '@agrihub/contract';
import { producers, products, traceabilities, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { presentProducer, presentProducerUser } from './presenter.js';
import { listProducers } from './queries.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** GET /api/v1/admin/producers(/{id}): the platform's producers (administrators with read producer). */
export default async function adminProducerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/producers',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Producers of the platform; filters q (name, tax code), status, producer_type',
        querystring: producerListQuery,
        response: { 200: listEnvelope('producers', producerSchema), ...errors },
      },
    },
    async (req) => listProducers(app.db, eq(producers.platform, req.platform), req.query),
  );

  r.get(
    '/api/v1/admin/producers/:id',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'One producer of the platform with its user accounts and its product and batch counts',
        params: idParam,
        response: { 200: adminProducerAnswer, ...errors },
      },
    },
    async (req) => {
      const id = req.params.id;
      const [p] = await app.db
        .select()
        .from(producers)
        .where(and(eq(producers.id, id), eq(producers.platform, req.platform)))
        .limit(1);
      if (!p) throw notFound();
      const [members, [productCount], [batchCount]] = await Promise.all([
        app.db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(and(eq(users.producerId, id), eq(users.platform, req.platform)))
          .orderBy(asc(users.id)),
        app.db.select({ n: count() }).from(products).where(eq(products.producerId, id)),
        app.db.select({ n: count() }).from(traceabilities).where(eq(traceabilities.producerId, id)),
      ]);
      return {
        data: {
          producer: presentProducer(p),
          users: members.map(presentProducerUser),
          counts: { products: productCount?.n ?? 0, batches: batchCount?.n ?? 0 },
        },
      };
    },
  );
}
