import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, inArray } from 'drizzle-orm';
import {
  bulkSaleChannelReferenceBody,
  errorEnvelope,
  idParam,
  moveRefusal,
  saleChannelBulkAnswer,
  saleChannelReferenceAnswer,
  saleChannelReferenceDetail,
  saleChannelReferenceList,
  saleChannelReferenceListQuery,
  saleChannelRegistration,
  translate,
  updateSaleChannelReferenceBody,
  type WorkflowActor,
} from '@agrihub/contract';
import { saleChannelReferences } from '../../db/schema/index.js';
import { listActivity } from '../../lib/activity.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { actorOfRequest } from '../../lib/transition.js';
import { currentUser } from '../../plugins/auth.js';
import {
  findReference,
  findReferences,
  findSyncLog,
  presentReference,
  referenceCounts,
  referenceFilterWhere,
} from './queries.js';
import { moveReference, moveReferenceIn } from './workflow.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin'];

/** The back office reading: the moves offered are the ones its roles and abilities allow (never as the owner). */
const viewerOf = (req: FastifyRequest): WorkflowActor => {
  const u = currentUser(req);
  return { roles: u.roles, abilities: u.abilities, isOwner: false };
};

/** The list's sort columns (contract SALE_CHANNEL_REFERENCE_SORT_FIELDS). */
export const ADMIN_REFERENCE_LIST = {
  sorts: {
    created_at: saleChannelReferences.createdAt,
    updated_at: saleChannelReferences.updatedAt,
    last_synced_at: saleChannelReferences.lastSyncedAt,
  },
  search: [],
  tiebreak: saleChannelReferences.id,
};

/** Whether a move to `to` needs a reason in the table (reject, close). */
const needsReason = (to: string) => saleChannelRegistration.moves.some((m) => m.to === to && m.reason);

/**
 * The back office's sales channel registrations (DESIGN §5.3): the platform's references of every
 * producer (filters, server paging, counters per register and sync status), one with its sync log
 * and whole history, a decision (approve, reject with a reason, close with a reason) through the
 * table, and one decision on many (as the admin producers' bulk: in one transaction the ones that
 * may make the move move, the others are skipped and named). Another platform's rows are not found.
 */
export default async function adminSaleChannelReferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (req: FastifyRequest) => platformOf(saleChannelReferences, requestScope(req));

  async function detail(req: FastifyRequest, id: number) {
    const view = await findReference(app.db, id, scopeOf(req));
    if (!view) throw notFound('saleChannelReferenceNotFound');
    const [syncLog, history] = await Promise.all([
      findSyncLog(app.db, id, req.locale),
      listActivity(app.db, 'sale_channel_reference', id, { includeInternal: true }),
    ]);
    return {
      sale_channel_reference: presentReference(view, viewerOf(req), req.locale),
      sync_log: syncLog,
      history: history.items,
    };
  }

  r.get(
    '/api/v1/admin/sale_channel_references',
    {
      config: { access: 'admin', ability: ['read', 'sale_channel_reference'] },
      schema: {
        tags,
        summary:
          "The platform's sales channel registrations; filters channel_id, referenceable_type, register_status, sync_status, product_id, out_of_date, q (product, GTIN, producer, channel; accent-free); meta.counts per register and sync status",
        querystring: saleChannelReferenceListQuery,
        response: { 200: saleChannelReferenceList, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const plan = listPlan(q, ADMIN_REFERENCE_LIST);
      const scope = scopeOf(req);
      const [{ views, total }, counts] = await Promise.all([
        findReferences(app.db, and(scope, referenceFilterWhere(q)), plan),
        referenceCounts(app.db, and(scope, referenceFilterWhere(q, { statuses: false }))),
      ]);
      const viewer = viewerOf(req);
      return {
        data: { sale_channel_references: views.map((v) => presentReference(v, viewer, req.locale)) },
        meta: { ...plan.meta(total), counts },
      };
    },
  );

  r.put(
    '/api/v1/admin/sale_channel_references/bulk',
    {
      config: { access: 'admin', ability: ['update', 'sale_channel_reference'] },
      schema: {
        tags,
        summary:
          'One decision (approve, reject or close; reject and close need a reason) on several registrations in one transaction; the ones that cannot make the move (state, other platform) are skipped and listed',
        body: bulkSaleChannelReferenceBody,
        response: { 200: saleChannelBulkAnswer, ...errors },
      },
    },
    async (req) => {
      const { ids, register_status: to } = req.body;
      const reason = req.body.reason?.trim() || null;
      if (needsReason(to) && !reason) throw unprocessable('reason_required', {}, 'reason');
      const actor = actorOfRequest(req, 'platform');
      const viewer = viewerOf(req);
      const moved = await app.events.transaction(async (tx, emit) => {
        const rows = await tx
          .select({ id: saleChannelReferences.id, registerStatus: saleChannelReferences.registerStatus })
          .from(saleChannelReferences)
          .where(and(scopeOf(req), inArray(saleChannelReferences.id, ids)))
          .orderBy(saleChannelReferences.id)
          .for('update');
        const done: number[] = [];
        for (const row of rows) {
          if (moveRefusal(saleChannelRegistration, row.registerStatus, to, viewer, reason)) continue;
          await moveReferenceIn(tx, emit, { id: row.id, to, reason, actor });
          done.push(row.id);
        }
        return done;
      });
      const skipped = [...new Set(ids)].filter((id) => !moved.includes(id));
      req.log.info({ moved, skipped, to }, 'sale channel references decided in bulk');
      return {
        data: { updated: moved.length, skipped },
        meta: { message: translate(req.locale, 'sale_channel_references_bulk_updated', { count: moved.length }) },
      };
    },
  );

  r.get(
    '/api/v1/admin/sale_channel_references/:id',
    {
      config: { access: 'admin', ability: ['read', 'sale_channel_reference'] },
      schema: {
        tags,
        summary: 'One registration of the platform with its sync log and its whole history',
        params: idParam,
        response: { 200: saleChannelReferenceDetail, ...errors },
      },
    },
    async (req) => ({ data: await detail(req, req.params.id), meta: {} }),
  );

  r.put(
    '/api/v1/admin/sale_channel_references/:id',
    {
      config: { access: 'admin', ability: ['update', 'sale_channel_reference'] },
      schema: {
        tags,
        summary:
          'Decide a registration: approve, reject (reason) or close an approved one (reason); the producer is told',
        params: idParam,
        body: updateSaleChannelReferenceBody,
        response: { 200: saleChannelReferenceAnswer, ...errors },
      },
    },
    async (req) => {
      const { id } = req.params;
      const found = await findReference(app.db, id, scopeOf(req));
      if (!found) throw notFound('saleChannelReferenceNotFound');
      await moveReference(app, {
        id,
        to: req.body.register_status,
        reason: req.body.reason,
        actor: actorOfRequest(req, 'platform'),
      });
      const { sale_channel_reference } = await detail(req, id);
      return {
        data: { sale_channel_reference },
        meta: { message: translate(req.locale, 'sale_channel_reference_updated') },
      };
    },
  );
}
