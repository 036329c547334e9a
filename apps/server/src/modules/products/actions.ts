import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  QR_FILE_NAME,
  envelope,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  product,
  productSkuRequest,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { actorOfRequest, transition } from '../../lib/transition.js';
import { productPublicUrl, qrPng } from '../../lib/public-url.js';
import type { ProductRow } from './presenter.js';
import { getProduct, presentOne } from './queries.js';
import { reviewWorkflow } from './review-workflow.js';
import { producerScope } from '../../lib/scope.js';
import { gtinTaken } from './policy.js';
import { assertSkuFree } from './save.js';
import { baseOf, invalidateTracePages, lockOwnProduct, mapSkuRace, note, tellTracePages } from './route-helpers.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const SKU_SEQ_DIGITS = 6;

/**
 * Next free `{category code}-{sequence}` SKU of the producer, e.g. `101-000007` (`SP-…` without a code).
 * Generations of one producer and prefix take turns (a lock held until the transaction ends), so
 * parallel calls read each other's numbers instead of racing for the same one.
 */
async function nextSku(tx: Tx, p: ProductRow): Promise<string> {
  const [cat] = p.categoryId
    ? await tx.select({ code: categories.code }).from(categories).where(eq(categories.id, p.categoryId))
    : [];
  const prefix = `${cat?.code ?? 'SP'}-`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sku:${p.producerId}:${prefix}`}, 0))`);
  const taken = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.producerId, p.producerId), like(products.sku, `${prefix}%`)));
  const max = taken.reduce((m, t) => {
    const n = Number(t.sku?.slice(prefix.length));
    return Number.isInteger(n) && n > m ? n : m;
  }, 0);
  return `${prefix}${String(max + 1).padStart(SKU_SEQ_DIGITS, '0')}`;
}

/** Register for review, SKU generation and setting, QR code. */
export default async function productActionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { tags: ['products'], params: idParam, response: { 200: envelope('product', product), ...errors } };

  r.post(
    '/api/v1/products/:id/register',
    { config: { access: 'user' }, schema: { ...one, summary: 'Submit for review: draft or rejected → pending' } },
    async (req) => {
      const { after: row } = await transition(app, reviewWorkflow, {
        id: req.params.id,
        to: 'pending',
        actor: actorOfRequest(req, 'own'),
        action: 'submit',
        check: (_tx, p) => {
          // An old product whose GTIN another product owns (before GTINs were owned) must change it first.
          if (p.gtin && !p.gtin14) throw gtinTaken(p.gtin, null);
        },
        fields: () => ({ submittedAt: new Date(), rejectReason: null }),
      });
      return {
        data: { product: await presentOne(app.db, row, baseOf(app, req)) },
        meta: note(req, 'product_registered'),
      };
    },
  );

  r.post(
    '/api/v1/products/:id/generate_sku',
    {
      config: { access: 'user' },
      schema: { ...one, summary: 'Generate and store a unique SKU from the category code and a sequence' },
    },
    async (req) => {
      const scope = producerScope(req);
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await app.db.transaction(async (tx) => {
            const p = await lockOwnProduct(tx, scope, req.params.id);
            const sku = await nextSku(tx, p);
            const [u] = await tx
              .update(products)
              .set({ sku, updatedAt: new Date() })
              .where(eq(products.id, p.id))
              .returning();
            await tellTracePages(app, tx, u.id);
            return u;
          });
          invalidateTracePages(app, row.id);
          return { data: { product: await presentOne(app.db, row, baseOf(app, req)) }, meta: note(req, 'sku_saved') };
        } catch (err) {
          // A SKU set by hand (PUT …/sku, create) raced for the same number: the unique index refused it; try the next.
          if (!isUniqueViolation(err) || attempt >= 4)
            throw isUniqueViolation(err) ? new AppError(409, 'sku_generation_failed') : err;
        }
      }
    },
  );

  r.put(
    '/api/v1/products/:id/sku',
    {
      config: { access: 'user' },
      schema: { ...one, summary: 'Set the SKU (unique per producer, else 409 sku_taken)', body: productSkuRequest },
    },
    async (req) => {
      const scope = producerScope(req);
      const row = await app.db
        .transaction(async (tx) => {
          const p = await lockOwnProduct(tx, scope, req.params.id);
          await assertSkuFree(tx, scope.producerId, req.body.sku, p.id);
          const [u] = await tx
            .update(products)
            .set({ sku: req.body.sku, updatedAt: new Date() })
            .where(eq(products.id, p.id))
            .returning();
          await tellTracePages(app, tx, u.id);
          return u;
        })
        .catch(mapSkuRace);
      invalidateTracePages(app, row.id);
      return { data: { product: await presentOne(app.db, row, baseOf(app, req)) }, meta: note(req, 'sku_saved') };
    },
  );

  r.get(
    '/api/v1/products/:id/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: "The product's history: submissions, reviews (with the reason), edits back to draft; newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const p = await getProduct(app.db, producerScope(req), req.params.id);
      // A producer never sees an internal note.
      return historyPage(app.db, 'product', p.id, false, req.query);
    },
  );

  r.get(
    '/api/v1/products/:id/qrcode',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: `QR code PNG (${QR_FILE_NAME}) of the product's public URL: GS1 Digital Link with a GTIN, else /trace/p/{public_code}`,
        params: idParam,
        produces: ['image/png'],
      },
    },
    async (req, reply) => {
      const p = await getProduct(app.db, producerScope(req), req.params.id);
      const png = await qrPng(productPublicUrl(baseOf(app, req), p));
      return reply
        .header('Content-Type', 'image/png')
        .header('Content-Disposition', `attachment; filename="${QR_FILE_NAME}"`)
        .header('Cache-Control', 'private, no-store')
        .send(png);
    },
  );
}
