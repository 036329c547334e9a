import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ne } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  okEnvelope,
  product,
  productListQuery,
  productRequest,
} from '@agrihub/contract';
import { products, traceabilities } from '../../db/schema/index.js';
import { deleteActivity } from '../../lib/activity.js';
import { AppError } from '../../lib/errors.js';
import { producerScope } from '../../lib/scope.js';
import { assertProducerMayEdit } from './policy.js';
import { getProduct, listProducts, presentOne, presentProducts } from './queries.js';
import { assertFresh, saveProduct } from './save.js';
import { assertProducerWritable } from '../producers/guard.js';
import { baseOf, invalidateTracePages, lockOwnProduct, mapSkuRace, note, tellTracePages } from './route-helpers.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** A producer's own products: list, create, read, replace, delete. */
export default async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/products',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: "The signed-in producer's products",
        querystring: productListQuery,
        response: { 200: listEnvelope('products', product), ...errors },
      },
    },
    async (req) => {
      const { rows, meta } = await listProducts(app.db, producerScope(req), req.query);
      return { data: { products: await presentProducts(app.db, rows, baseOf(app, req)) }, meta };
    },
  );

  r.post(
    '/api/v1/products',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: 'Create a product (status draft)',
        body: productRequest,
        response: { 201: envelope('product', product), ...errors },
      },
    },
    async (req, reply) => {
      const scope = producerScope(req);
      const row = await app.db
        .transaction(async (tx) => {
          await assertProducerWritable(tx, scope.producerId);
          return saveProduct(tx, app.storage, scope, req.body);
        })
        .catch((err: unknown) => mapSkuRace(err, req.body.gtin));
      reply.status(201);
      return { data: { product: await presentOne(app.db, row, baseOf(app, req)) }, meta: note(req, 'product_created') };
    },
  );

  r.get(
    '/api/v1/products/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['products'], params: idParam, response: { 200: envelope('product', product), ...errors } },
    },
    async (req) => {
      const row = await getProduct(app.db, producerScope(req), req.params.id);
      return { data: { product: await presentOne(app.db, row, baseOf(app, req)) } };
    },
  );

  r.put(
    '/api/v1/products/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary:
          'Replace the fields; with option_groups/variants the variants are rebuilt in the same transaction. Pending → 409; approved/rejected go back to draft.',
        params: idParam,
        body: productRequest,
        response: { 200: envelope('product', product), ...errors },
      },
    },
    async (req) => {
      const scope = producerScope(req);
      const row = await app.db
        .transaction(async (tx) => {
          const existing = await lockOwnProduct(tx, scope, req.params.id);
          assertFresh(existing.updatedAt, req.body.updated_at);
          assertProducerMayEdit(existing);
          const saved = await saveProduct(tx, app.storage, { ...scope, actorId: scope.userId }, req.body, existing);
          await tellTracePages(app, tx, saved.id);
          return saved;
        })
        .catch((err: unknown) => mapSkuRace(err, req.body.gtin));
      invalidateTracePages(app, row.id);
      return { data: { product: await presentOne(app.db, row, baseOf(app, req)) }, meta: note(req, 'product_updated') };
    },
  );

  r.delete(
    '/api/v1/products/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: 'Delete a product and its draft batches; refused (409) when it has published batches',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const scope = producerScope(req);
      await app.db.transaction(async (tx) => {
        const existing = await lockOwnProduct(tx, scope, req.params.id);
        const [published] = await tx
          .select({ n: count() })
          .from(traceabilities)
          .where(and(eq(traceabilities.productId, existing.id), ne(traceabilities.status, 'draft')));
        const n = Number(published?.n ?? 0);
        if (n > 0) throw new AppError(409, 'product_has_published_batches', { count: n });
        const batches = await tx
          .delete(traceabilities)
          .where(eq(traceabilities.productId, existing.id))
          .returning({ id: traceabilities.id });
        await tx.delete(products).where(eq(products.id, existing.id));
        // Their histories go with them.
        await deleteActivity(
          tx,
          'traceability',
          batches.map((b) => b.id),
        );
        await deleteActivity(tx, 'product', [existing.id]);
      });
      return { meta: note(req, 'product_deleted') };
    },
  );
}
