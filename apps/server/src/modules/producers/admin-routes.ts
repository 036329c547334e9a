import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count } from 'drizzle-orm';
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
import { ownedBy, platformOf, requestScope } from '../../lib/scope.js';
import { producerOwner } from './policy.js';
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
    async (req) => listProducers(app.db, platformOf(producers, requestScope(req)), req.query),
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
      const owner = { platform: requestScope(req).platform, producerId: id };
      const [p] = await app.db.select().from(producers).where(ownedBy(producerOwner, owner)).limit(1);
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
          .where(ownedBy(users, owner))
          .orderBy(asc(users.id)),
        app.db.select({ n: count() }).from(products).where(ownedBy(products, owner)),
        app.db.select({ n: count() }).from(traceabilities).where(ownedBy(traceabilities, owner)),
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
