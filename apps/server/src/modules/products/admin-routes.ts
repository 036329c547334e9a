import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  gtinVerificationRequest,
  historyAnswer,
  historyQuery,
  idParam,
  listEnvelope,
  product,
  productListQuery,
  rejectProductRequest,
} from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { conflict } from '../../lib/errors.js';
import { actorOfRequest, transition } from '../../lib/transition.js';
import { approvedSnapshot } from './approval.js';
import { markProductListingsOutOfDate } from '../sale-channels/sync/stale.js';
import { getProduct, listProducts, presentOne, presentProducts } from './queries.js';
import { reviewEvent, reviewWorkflow } from './review-workflow.js';
import { gtinTaken } from './policy.js';
import { baseOf, invalidateTracePages, note, tellTracePages } from './route-helpers.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Administrators of the request's platform review its producers' products (abilities on `product`). */
export default async function adminProductRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { tags: ['admin products'], params: idParam, response: { 200: envelope('product', product), ...errors } };

  r.get(
    '/api/v1/admin/products',
    {
      config: { access: 'admin', ability: ['read', 'product'] },
      schema: {
        tags: ['admin products'],
        summary: "The platform's products (filters producer_id, status, category_id, q)",
        querystring: productListQuery,
        response: { 200: listEnvelope('products', product), ...errors },
      },
    },
    async (req) => {
      const { rows, meta } = await listProducts(app.db, { platform: req.platform }, req.query);
      return { data: { products: await presentProducts(app.db, rows, baseOf(app, req)) }, meta };
    },
  );

  r.get(
    '/api/v1/admin/products/:id',
    { config: { access: 'admin', ability: ['read', 'product'] }, schema: one },
    async (req) => {
      const row = await getProduct(app.db, { platform: req.platform }, req.params.id);
      return { data: { product: await presentOne(app.db, row, baseOf(app, req)) } };
    },
  );

  r.get(
    '/api/v1/admin/products/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'product'] },
      schema: {
        tags: ['admin products'],
        summary: "The product's history, internal notes included; newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const p = await getProduct(app.db, { platform: req.platform }, req.params.id);
      return historyPage(app.db, 'product', p.id, true, req.query);
    },
  );

  async function review(
    req: FastifyRequest<{ Params: { id: number } }>,
    to: 'approved' | 'rejected',
    reason: string | null,
  ) {
    const actor = actorOfRequest(req, 'platform');
    const { after } = await transition(
      app,
      reviewWorkflow,
      {
        id: req.params.id,
        to,
        actor,
        reason,
        action: to === 'approved' ? 'approve' : 'reject',
        check: (_tx, p) => {
          // A product may not be approved with a GTIN another product owns (data from before GTINs were owned).
          if (to === 'approved' && p.gtin && !p.gtin14) throw gtinTaken(p.gtin, null);
        },
        fields: async (tx, p) => {
          const now = new Date();
          // Approval stores the approved version the public pages show until the next approval (ADR 007);
          // a rejection keeps the previous approved version public.
          const approval =
            to === 'approved' ? { approvedAt: now, approvedSnapshot: await approvedSnapshot(tx, p) } : {};
          // A new approved version is what sales channel listings show: theirs are out of date.
          if (to === 'approved') await markProductListingsOutOfDate(tx, p.id, actor.user.id);
          return { rejectReason: reason, reviewedAt: now, reviewedBy: actor.user.id, ...approval };
        },
        event: (p) => reviewEvent(p, to, actor.user.id, reason),
      },
      (tx, moved) => tellTracePages(app, tx, moved.after.id),
    );
    invalidateTracePages(app, after.id);
    return after;
  }

  r.post(
    '/api/v1/admin/products/:id/approve',
    { config: { access: 'admin', ability: ['update', 'product'] }, schema: { ...one, summary: 'pending → approved' } },
    async (req) => {
      const row = await review(req, 'approved', null);
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, 'product_approved'),
      };
    },
  );

  r.post(
    '/api/v1/admin/products/:id/reject',
    {
      config: { access: 'admin', ability: ['update', 'product'] },
      schema: { ...one, summary: 'pending → rejected with a reason', body: rejectProductRequest },
    },
    async (req) => {
      const row = await review(req, 'rejected', req.body.reason);
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, 'product_rejected'),
      };
    },
  );

  r.put(
    '/api/v1/admin/products/:id/gtin_verification',
    {
      config: { access: 'admin', ability: ['update', 'product'] },
      schema: {
        ...one,
        summary:
          'Mark the GTIN as verified (its company prefix belongs to the producer) or not; a GTIN change clears it',
        body: gtinVerificationRequest,
      },
    },
    async (req) => {
      const row = await app.db.transaction(async (tx) => {
        const p = await getProduct(tx, { platform: req.platform }, req.params.id, { forUpdate: true });
        if (req.body.verified && !p.gtin14) throw conflict('gtin_not_owned');
        // Not a change of the producer's fields: updated_at stays, so no producer's save turns stale.
        const [u] = await tx
          .update(products)
          .set({ gtinVerified: req.body.verified })
          .where(eq(products.id, p.id))
          .returning();
        return u;
      });
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, req.body.verified ? 'gtin_verified_saved' : 'gtin_unverified_saved'),
      };
    },
  );
}
