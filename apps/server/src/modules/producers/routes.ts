import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  createProducerRequest,
  envelope,
  errorEnvelope,
  idParam,
  isAdministrator,
  listEnvelope,
  producer as producerSchema,
  producerListQuery,
  producerWriteRefusal,
  translate,
  updateProducerRequest,
} from '@agrihub/contract';
import { producers, users } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { presentProducer } from './presenter.js';
import { listProducers, reachableProducers } from './queries.js';

type ProducerInput = Partial<typeof createProducerRequest._zod.output>;

/** API fields → columns; only the fields present in the body. */
function columnsOf(b: ProducerInput) {
  const map = {
    name: 'name',
    producer_type: 'producerType',
    business_fields: 'businessFields',
    tax_code: 'taxCode',
    representative: 'representative',
    phone: 'phone',
    email: 'email',
    website: 'website',
    province_code: 'provinceCode',
    address: 'address',
    description: 'description',
    logo_url: 'logoUrl',
  } as const;
  const out: Partial<typeof producers.$inferInsert> = {};
  for (const [field, column] of Object.entries(map)) {
    const v = b[field as keyof ProducerInput];
    if (v !== undefined) (out as Record<string, unknown>)[column] = v;
  }
  return out;
}

/** A producer's own business information; administrators reach every producer of the platform. */
export default async function producerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('producer', producerSchema);

  r.get(
    '/api/v1/producers',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        summary: 'Producers: the platform’s for administrators with read producer, the own one for producers',
        querystring: producerListQuery,
        response: { 200: listEnvelope('producers', producerSchema), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const me = currentUser(req);
      if (!isAdministrator(me) && !me.producerId) {
        return {
          data: { producers: [] },
          meta: { total_count: 0, current_page: req.query.page, per_page: req.query.per_page },
        };
      }
      return listProducers(app.db, reachableProducers(me, req.platform, 'read'), req.query);
    },
  );

  r.post(
    '/api/v1/producers',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        summary: 'Create the own producer (a user without one); it waits for approval',
        body: createProducerRequest,
        response: { 201: one, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      if (isAdministrator(me)) throw forbidden();
      if (me.producerId) throw conflict('producer_exists');
      const created = await app.db.transaction(async (tx) => {
        const [p] = await tx
          .insert(producers)
          .values({
            ...columnsOf(req.body),
            name: req.body.name,
            producerType: req.body.producer_type,
            platform: req.platform,
            status: 'pending',
          })
          .returning();
        // Linked only if still without a producer: two concurrent creations cannot both win.
        const linked = await tx
          .update(users)
          .set({ producerId: p.id, updatedAt: new Date() })
          .where(and(eq(users.id, me.id), isNull(users.producerId)))
          .returning({ id: users.id });
        if (linked.length === 0) throw conflict('producer_exists');
        return p;
      });
      reply.status(201);
      return {
        data: { producer: presentProducer(created) },
        meta: { message: translate(req.locale, 'producer_created') },
      };
    },
  );

  r.get(
    '/api/v1/producers/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        params: idParam,
        response: { 200: one, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const scope = reachableProducers(currentUser(req), req.platform, 'read');
      const [p] = await app.db
        .select()
        .from(producers)
        .where(and(eq(producers.id, req.params.id), scope))
        .limit(1);
      if (!p) throw notFound();
      return { data: { producer: presentProducer(p) } };
    },
  );

  r.put(
    '/api/v1/producers/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        summary: 'Update business information (own producer, or any with update producer)',
        params: idParam,
        body: updateProducerRequest,
        response: { 200: one, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const scope = reachableProducers(user, req.platform, 'update');
      const [current] = await app.db
        .select({ status: producers.status })
        .from(producers)
        .where(and(eq(producers.id, req.params.id), scope))
        .limit(1);
      if (!current) throw notFound();
      // A closed producer's own accounts change nothing (contract: producerWriteRefusal); an administrator may.
      const refusal = isAdministrator(user) ? null : producerWriteRefusal(current.status);
      if (refusal) throw new AppError(403, refusal);
      const [p] = await app.db
        .update(producers)
        .set({ ...columnsOf(req.body), updatedAt: new Date() })
        .where(and(eq(producers.id, req.params.id), scope))
        .returning();
      if (!p) throw notFound();
      return { data: { producer: presentProducer(p) }, meta: { message: translate(req.locale, 'producer_updated') } };
    },
  );
}
