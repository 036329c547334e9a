import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  createProducerRequest,
  envelope,
  errorEnvelope,
  GTIN_PREFIXES_LISTED,
  gtinPrefixes,
  gtinPrefixesQuery,
  idParam,
  listEnvelope,
  producer as producerSchema,
  producerListQuery,
  translate,
  updateProducerRequest,
} from '@agrihub/contract';
import { producers, products, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { listMeta } from '../../lib/list.js';
import { requestScope } from '../../lib/scope.js';
import { assertMayEditProducer, reachableProducers } from './policy.js';
import { presentProducer } from './presenter.js';
import { listProducers } from './queries.js';
import { invalidateProducerPages, tellProducer } from '../trace-public/state.js';
import { assertOwnImageUrl } from '../uploads/resolve.js';

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
    gs1_company_prefix_length: 'gs1CompanyPrefixLength',
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
      const scope = requestScope(req);
      if (!scope.isAdmin && scope.producerId === null) {
        return { data: { producers: [] }, meta: listMeta(req.query, 0) };
      }
      return listProducers(app.db, reachableProducers(scope, 'read'), req.query);
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
      const me = requestScope(req);
      if (me.isAdmin) throw forbidden();
      if (me.producerId !== null) throw conflict('producer_exists');
      if (req.body.logo_url) {
        await assertOwnImageUrl(app.db, { ...me, producerId: null }, req.body.logo_url, 'logo_url');
      }
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
          .where(and(eq(users.id, me.userId), isNull(users.producerId)))
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
      const scope = reachableProducers(requestScope(req), 'read');
      const [p] = await app.db
        .select()
        .from(producers)
        .where(and(eq(producers.id, req.params.id), scope))
        .limit(1);
      if (!p) throw notFound();
      return { data: { producer: presentProducer(p) } };
    },
  );

  /**
   * The GS1 company prefixes a prefix length makes of the producer's GTINs (ADR 038): one prefix is
   * what a business with one GS1 licence expects; several, at a length that is too long, tell the
   * producer to check its certificate before its EPCIS class URNs are split wrongly.
   */
  r.get(
    '/api/v1/producers/:id/gtin-prefixes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        summary: 'The company prefixes a GS1 prefix length makes of the producer’s GTINs',
        params: idParam,
        querystring: gtinPrefixesQuery,
        response: { 200: envelope('gtin_prefixes', gtinPrefixes), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const scope = reachableProducers(requestScope(req), 'read');
      const [p] = await app.db
        .select({ id: producers.id })
        .from(producers)
        .where(and(eq(producers.id, req.params.id), scope))
        .limit(1);
      if (!p) throw notFound();
      const { length } = req.query;
      // GTIN-14: the indicator digit, then the company prefix. The length (a validated 6–12) is
      // written into the SQL so that the select and the group by are one expression.
      const prefix = sql<string>`substr(${products.gtin14}, 2, ${sql.raw(String(length))})`;
      const rows = await app.db
        .select({ prefix, products: sql<number>`count(*)::int`, total: sql<number>`(sum(count(*)) over ())::int` })
        .from(products)
        .where(and(eq(products.producerId, p.id), sql`${products.gtin14} is not null`))
        .groupBy(prefix)
        .orderBy(sql`count(*) desc`, prefix)
        .limit(GTIN_PREFIXES_LISTED);
      return {
        data: {
          gtin_prefixes: {
            length,
            products: Number(rows[0]?.total ?? 0),
            prefixes: rows.map((r) => ({ prefix: r.prefix, products: Number(r.products) })),
          },
        },
      };
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
      const me = requestScope(req);
      const scope = reachableProducers(me, 'update');
      const [current] = await app.db
        .select({ status: producers.status, logoUrl: producers.logoUrl })
        .from(producers)
        .where(and(eq(producers.id, req.params.id), scope))
        .limit(1);
      if (!current) throw notFound();
      assertMayEditProducer(me, current.status);
      // A new logo that is an upload must be the producer's own; the one it has stays as it is.
      const logo = req.body.logo_url;
      if (logo && logo !== current.logoUrl) {
        await assertOwnImageUrl(app.db, { ...me, producerId: req.params.id }, logo, 'logo_url');
      }
      // Its name, logo, province and type show on its batches' public pages: every node drops them.
      const p = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(producers)
          .set({ ...columnsOf(req.body), updatedAt: new Date() })
          .where(and(eq(producers.id, req.params.id), scope))
          .returning();
        if (!row) throw notFound();
        await tellProducer(app, tx, row.id);
        return row;
      });
      invalidateProducerPages(app, p.id);
      return { data: { producer: presentProducer(p) }, meta: { message: translate(req.locale, 'producer_updated') } };
    },
  );
}
