import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  VOTES_PER_HOUR,
  errorEnvelope,
  idParam,
  listEnvelope,
  okEnvelope,
  publicVisibility,
  translate,
  vote as voteSchema,
  roundRating,
  voteAnswer,
  voteListQuery,
  voteRequest,
} from '@agrihub/contract';
import { producers, products, traceabilities, votes } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { sha256 } from '../../lib/secrets.js';
import { VOTE_LIST, votesReachable } from './policy.js';
import { iso } from '../traceabilities/presenter.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';

/**
 * Consumer ratings of published batches. Moderation follows the abilities: listing every vote of
 * the platform needs `read product`, deleting one `update product` (the super admin has both).
 */
export default async function voteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/votes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['votes'],
        summary: `Rate a published batch (public; at most ${VOTES_PER_HOUR} per batch per client per hour); answers the vote and the batch's ratings (average, count) with it`,
        body: voteRequest,
        response: { 201: voteAnswer, 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req, reply) => {
      const { code, rating, comment } = req.body;
      const [batch] = await app.db
        .select({
          id: traceabilities.id,
          lotCode: traceabilities.lotCode,
          productName: products.name,
          code: traceabilities.publicCode,
          producerStatus: producers.status,
          approved: sql<boolean>`${products.approvedSnapshot} is not null`,
        })
        .from(traceabilities)
        .innerJoin(products, eq(products.id, traceabilities.productId))
        .innerJoin(producers, eq(producers.id, products.producerId))
        .where(
          and(
            eq(traceabilities.publicCode, code),
            eq(traceabilities.platform, req.platform),
            eq(traceabilities.status, 'published'),
          ),
        )
        .limit(1);
      // Only a batch whose page the public sees may be rated (the contract's publicVisibility).
      if (!batch || publicVisibility(batch.producerStatus, batch.approved) !== 'visible') throw notFound();
      const clientKey = sha256(`vote:${req.ip}`);
      // Count and insert under a transaction-scoped lock of (batch, client): parallel votes of one
      // client queue here, so the limit holds however many arrive at once.
      const row = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vote:${batch.id}:${clientKey}`}, 0))`);
        const [recent] = await tx
          .select({ n: count() })
          .from(votes)
          .where(
            and(
              eq(votes.traceabilityId, batch.id),
              eq(votes.clientKey, clientKey),
              gt(votes.createdAt, new Date(Date.now() - 3600_000)),
            ),
          );
        if (Number(recent?.n ?? 0) >= VOTES_PER_HOUR) return null;
        const [inserted] = await tx
          .insert(votes)
          .values({ platform: req.platform, traceabilityId: batch.id, rating, comment: comment || null, clientKey })
          .returning();
        // The batch's ratings with this vote, as its public page shows them (the page updates its summary).
        const [all] = await tx
          .select({ average: sql<number | null>`avg(${votes.rating})::float8`, n: count() })
          .from(votes)
          .where(eq(votes.traceabilityId, batch.id));
        await tellBatch(app, tx, batch.code);
        return { vote: inserted, rating: roundRating(all.average, Number(all.n)) };
      });
      if (!row) {
        reply.header('retry-after', '3600');
        throw new AppError(429, 'vote_rate_limited');
      }
      invalidateBatch(app, batch.code);
      return reply.status(201).send({
        data: {
          vote: {
            id: row.vote.id,
            traceability_id: batch.id,
            lot_code: batch.lotCode,
            product_name: batch.productName,
            rating: row.vote.rating,
            comment: row.vote.comment,
            created_at: iso(row.vote.createdAt)!,
          },
          rating: row.rating,
        },
        meta: { message: translate(req.locale, 'vote_thanks') },
      });
    },
  );

  r.get(
    '/api/v1/votes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['votes'],
        summary:
          'Votes on the producer’s batches (administrators with `read product`: every vote of the platform), newest first',
        querystring: voteListQuery,
        response: { 200: listEnvelope('votes', voteSchema), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const list = listPlan(req.query, VOTE_LIST);
      const where = and(
        platformOf(votes, requestScope(req)),
        votesReachable(requestScope(req)),
        req.query.traceability_id ? eq(votes.traceabilityId, req.query.traceability_id) : undefined,
        list.search,
      );
      const rows = await app.db
        .select({ vote: votes, lotCode: traceabilities.lotCode, productName: products.name })
        .from(votes)
        .innerJoin(traceabilities, eq(traceabilities.id, votes.traceabilityId))
        .innerJoin(products, eq(products.id, traceabilities.productId))
        .where(where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset);
      const [total] = await app.db
        .select({ n: count() })
        .from(votes)
        .innerJoin(traceabilities, eq(traceabilities.id, votes.traceabilityId))
        .innerJoin(products, eq(products.id, traceabilities.productId))
        .where(where);
      return {
        data: {
          votes: rows.map(({ vote: v, lotCode, productName }) => ({
            id: v.id,
            traceability_id: v.traceabilityId,
            lot_code: lotCode,
            product_name: productName,
            rating: v.rating,
            comment: v.comment,
            created_at: iso(v.createdAt)!,
          })),
        },
        meta: list.meta(total?.n),
      };
    },
  );

  async function remove(req: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) {
    if (!requestScope(req).isAdmin) throw forbidden();
    const b = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(votes)
        .where(and(eq(votes.id, req.params.id), platformOf(votes, requestScope(req))))
        .returning({ traceabilityId: votes.traceabilityId });
      if (!row) throw notFound();
      const [batch] = await tx
        .select({ code: traceabilities.publicCode })
        .from(traceabilities)
        .where(eq(traceabilities.id, row.traceabilityId));
      if (batch) await tellBatch(app, tx, batch.code);
      return batch;
    });
    if (b) invalidateBatch(app, b.code);
    return reply.send({ meta: { message: translate(req.locale, 'vote_deleted') } });
  }
  const deleteSchema = {
    schema: {
      tags: ['votes'],
      summary: 'Delete a vote (administrators with `update product`)',
      params: idParam,
      response: { 200: okEnvelope, 403: errorEnvelope, 404: errorEnvelope },
    },
  };
  r.delete(
    '/api/v1/votes/:id',
    { ...deleteSchema, config: { access: 'user', ability: ['update', 'product'] as const } },
    remove,
  );
  r.delete(
    '/api/v1/admin/votes/:id',
    { ...deleteSchema, config: { access: 'admin', ability: ['update', 'product'] as const } },
    remove,
  );
}
