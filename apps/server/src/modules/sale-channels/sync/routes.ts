import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  allows,
  errorEnvelope,
  idParam,
  saleChannelReferenceAnswer,
  saleChannelResyncAnswer,
  saleChannelResyncQuery,
  translate,
  type WorkflowActor,
} from '@agrihub/contract';
import { producers, products, saleChannelReferences, saleChannels } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { ownedBy, platformOf, requestScope, type RequestScope } from '../../../lib/scope.js';
import { findReference, presentReference, referenceFilterWhere } from '../queries.js';
import { adapterFor } from './adapter.js';
import { syncReference } from './sync.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['sale channels'];

/** Most registrations one resync call syncs (the rest stay out of date for the next call). */
const RESYNC_MAX = 500;

/**
 * Which references the caller may sync: a producer its own; an administrator with update on
 * sale_channel_reference the platform's (403 permission_denied without it); anyone else 403.
 */
function syncScope(req: FastifyRequest): { where: SQL; viewer: WorkflowActor; scope: RequestScope } {
  const scope = requestScope(req);
  const viewer = { roles: scope.user.roles, abilities: scope.user.abilities, isOwner: scope.producerId !== null };
  if (scope.producerId !== null) {
    return { where: ownedBy(saleChannelReferences, { ...scope, producerId: scope.producerId }), viewer, scope };
  }
  if (!scope.isAdmin) throw new AppError(403, 'saleChannelNeedsProducer');
  if (!allows(scope.user, 'update', 'sale_channel_reference')) throw new AppError(403, 'permission_denied');
  return { where: platformOf(saleChannelReferences, scope), viewer, scope };
}

/**
 * Sync (DESIGN §5.3, spec §7 POST /sale_channel_references/{id}/sync): the owner or an
 * administrator syncs one approved product registration; the out-of-date ones are synced again in
 * one call (the producer's own, or the platform's under the list filters for the back office).
 */
export default async function saleChannelSyncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A listing leaves its channel when its registration is rejected or closed: the feed stops
  // listing it by its status; an API adapter is told to take it down (after commit).
  app.events.on('sale_channel_reference.moved', async (e) => {
    if (e.productId === null || (e.to !== 'rejected' && e.to !== 'closed')) return;
    const [channel] = await app.db.select().from(saleChannels).where(eq(saleChannels.id, e.channelId));
    if (!channel) return;
    await adapterFor(channel).withdraw({
      id: e.referenceId,
      platform: e.platform,
      channel: { id: channel.id, code: channel.code, kind: channel.kind },
      productId: e.productId,
    });
  });

  r.post(
    '/api/v1/sale_channel_references/:id/sync',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Sync an approved product registration: re-checks the channel requirements, snapshots the product into the channel feed (synced) or records what is missing (422, sync_status error)',
        params: idParam,
        response: { 200: saleChannelReferenceAnswer, ...errors, 502: errorEnvelope },
      },
    },
    async (req) => {
      const { where, viewer } = syncScope(req);
      const outcome = await syncReference(app, req.params.id, where, {
        userId: requestScope(req).userId,
        locale: req.locale,
      });
      // A refused product: the error is stored on the reference (and its log); the answer says what is missing.
      if (outcome.missing !== null) throw new AppError(422, 'saleChannelSyncInvalid', { missing: outcome.missing });
      if (!outcome.ok) throw new AppError(502, 'saleChannelSyncFailed', { error: outcome.adapterError ?? '' });
      const view = await findReference(app.db, req.params.id, where);
      return {
        data: { sale_channel_reference: presentReference(view!, viewer, req.locale) },
        meta: { message: translate(req.locale, 'sale_channel_reference_synced') },
      };
    },
  );

  async function resync(req: FastifyRequest<{ Querystring: typeof saleChannelResyncQuery._output }>) {
    const { where } = syncScope(req);
    const scope = requestScope(req);
    const rows = await app.db
      .select({ id: saleChannelReferences.id })
      .from(saleChannelReferences)
      .innerJoin(saleChannels, eq(saleChannels.id, saleChannelReferences.channelId))
      .innerJoin(producers, eq(producers.id, saleChannelReferences.producerId))
      .innerJoin(products, eq(products.id, saleChannelReferences.productId))
      .where(
        and(
          where,
          eq(saleChannelReferences.registerStatus, 'approved'),
          eq(saleChannelReferences.syncStatus, 'out_of_date'),
          // A paused channel takes no sync (its listings wait for it to be active again).
          eq(saleChannels.active, true),
          referenceFilterWhere(req.query),
        ),
      )
      .orderBy(asc(saleChannelReferences.id))
      .limit(RESYNC_MAX);
    const failed: number[] = [];
    for (const { id } of rows) {
      try {
        const outcome = await syncReference(app, id, where, { userId: scope.userId, locale: req.locale });
        if (!outcome.ok) failed.push(id);
      } catch (err) {
        // Moved meanwhile (closed, its producer no longer approved): counted as not synced.
        if (!(err instanceof AppError)) throw err;
        failed.push(id);
      }
    }
    const resynced = rows.length - failed.length;
    const message = !rows.length
      ? translate(req.locale, 'sale_channel_references_resync_none')
      : failed.length
        ? translate(req.locale, 'sale_channel_references_resync_partial', { count: resynced, failed: failed.length })
        : translate(req.locale, 'sale_channel_references_resynced', { count: resynced });
    return { data: { resynced, failed: failed.length, failed_ids: failed }, meta: { message } };
  }

  r.post(
    '/api/v1/sale_channel_references/resync_out_of_date',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Sync again the producer's approved product registrations that are out of date (filters: channel_id, product_id, q); answers how many",
        querystring: saleChannelResyncQuery,
        response: { 200: saleChannelResyncAnswer, ...errors },
      },
    },
    resync,
  );

  r.post(
    '/api/v1/admin/sale_channel_references/resync_out_of_date',
    {
      config: { access: 'admin', ability: ['update', 'sale_channel_reference'] },
      schema: {
        tags: ['admin'],
        summary:
          "Sync again the platform's approved product registrations that are out of date (filters: channel_id, product_id, q); answers how many",
        querystring: saleChannelResyncQuery,
        response: { 200: saleChannelResyncAnswer, ...errors },
      },
    },
    resync,
  );
}
