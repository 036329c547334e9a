import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  product,
  productListQuery,
  rejectProductRequest,
  type PlatformKey,
} from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { listMetaOf } from '../../lib/search.js';
import { currentUser } from '../../plugins/auth.js';
import { getProduct, listProducts, presentOne, presentProducts } from './queries.js';
import { baseOf, invalidateTracePages, note } from './scope.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Administrators of the request's platform review its producers' products (abilities on `product`). */
export default async function adminProductRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { tags: ['admin products'], params: idParam, response: { 200: envelope('product', product), ...errors } };

  r.get(
    '/api/v1/admin/products',
    {
      config: { ability: ['read', 'product'] },
      schema: {
        tags: ['admin products'],
        summary: "The platform's products (filters producer_id, status, category_id, q)",
        querystring: productListQuery,
        response: { 200: listEnvelope('products', product), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listProducts(app.db, { platform: req.platform }, req.query);
      return {
        data: { products: await presentProducts(app.db, rows, baseOf(app, req)) },
        meta: listMetaOf(req.query, total),
      };
    },
  );

  r.get('/api/v1/admin/products/:id', { config: { ability: ['read', 'product'] }, schema: one }, async (req) => {
    const row = await getProduct(app.db, { platform: req.platform }, req.params.id);
    return { data: { product: await presentOne(app.db, row, baseOf(app, req)) } };
  });

  async function review(
    id: number,
    platform: PlatformKey,
    reviewer: number,
    to: 'approved' | 'rejected',
    reason: string | null,
  ) {
    return app.db
      .transaction(async (tx) => {
        const p = await getProduct(tx, { platform }, id, { forUpdate: true });
        if (p.status !== 'pending') throw conflict('invalid_transition', { from: p.status, to });
        const now = new Date();
        const [u] = await tx
          .update(products)
          .set({ status: to, rejectReason: reason, reviewedAt: now, reviewedBy: reviewer, updatedAt: now })
          .where(eq(products.id, p.id))
          .returning();
        return u;
      })
      .then((row) => {
        invalidateTracePages(app, row.id);
        return row;
      });
  }

  r.post(
    '/api/v1/admin/products/:id/approve',
    { config: { ability: ['update', 'product'] }, schema: { ...one, summary: 'pending → approved' } },
    async (req) => {
      const row = await review(req.params.id, req.platform, currentUser(req).id, 'approved', null);
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, 'product_approved'),
      };
    },
  );

  r.post(
    '/api/v1/admin/products/:id/reject',
    {
      config: { ability: ['update', 'product'] },
      schema: { ...one, summary: 'pending → rejected with a reason', body: rejectProductRequest },
    },
    async (req) => {
      const row = await review(req.params.id, req.platform, currentUser(req).id, 'rejected', req.body.reason);
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, 'product_rejected'),
      };
    },
  );
}
