import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  moveRefusal,
  producer as producerSchema,
  producerBulkAnswer,
  producerBulkRequest,
  producerApproval,
  producerStatusRequest,
  translate,
  type ApprovalStatus,
} from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { AppError, notFound } from '../../lib/errors.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { actorOfRequest, transition, transitionIn, type TransitionActor } from '../../lib/transition.js';
import { invalidateProducerPages, tellProducer } from '../trace-public/state.js';
import { APPROVAL_ACTION, approvalEvent, approvalWorkflow } from './approval-workflow.js';
import { presentProducer } from './presenter.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** meta.message of a single status change. */
const NOTE: Record<ApprovalStatus, string> = {
  approved: 'producer_approved',
  closed: 'producer_closed',
  pending: 'producer_reopened',
};

/**
 * One producer's move; an unchanged status is answered as it is, without history. A producer its
 * owner deleted stays closed (ADR 018: offered nowhere): its accounts are deactivated.
 */
const move = (id: number, actor: TransitionActor, to: ApprovalStatus, reason: string | null) => ({
  id,
  to,
  actor,
  reason,
  action: APPROVAL_ACTION[to],
  sameIsNoop: true,
  check: (_tx: unknown, p: { deletedAt: Date | null }) => {
    if (p.deletedAt) throw new AppError(409, 'producer_deleted_final');
  },
  event: (p: { id: number; platform: string }) => approvalEvent(p, to, actor.user.id, reason),
});

/**
 * Administrators with update producer approve, close (with a reason) or reopen (back to pending)
 * the platform's producers, one at a time or in bulk. The producer's accounts are mailed on
 * approval and on closing (producer.approved / producer.closed, see notifications/subscribers.ts).
 */
export default async function adminProducerStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/admin/producers/bulk',
    {
      config: { access: 'admin', ability: ['update', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Set the status of several producers; ids of other platforms and of deleted producers are ignored',
        body: producerBulkRequest,
        response: { 200: producerBulkAnswer, ...errors },
      },
    },
    async (req) => {
      const { ids, status } = req.body;
      const reason = status === 'closed' ? (req.body.reason ?? null) : null;
      const by = actorOfRequest(req, 'platform');
      const changed = await app.events.transaction(async (tx, emit) => {
        const rows = await tx
          .select({ id: producers.id, status: producers.status })
          .from(producers)
          .where(and(platformOf(producers, requestScope(req)), inArray(producers.id, ids), isNull(producers.deletedAt)))
          .for('update');
        // Only the producers whose current status may move to `status` (the producer approval table).
        const movable = rows.filter((p) => !moveRefusal(producerApproval, p.status, status, by.user, reason));
        const moved: { id: number }[] = [];
        for (const p of movable) {
          moved.push((await transitionIn(tx, emit, approvalWorkflow, move(p.id, by, status, reason))).after);
          await tellProducer(app, tx, p.id);
        }
        return moved;
      });
      req.log.info({ ids: changed.map((p) => p.id), status, reason }, 'producers status changed in bulk');
      // Their public pages follow the status (ADR 007): closed → taken down, approved → back.
      for (const p of changed) invalidateProducerPages(app, p.id);
      return {
        data: { updated: changed.length },
        meta: { message: translate(req.locale, 'producers_bulk_updated', { count: changed.length }) },
      };
    },
  );

  r.get(
    '/api/v1/admin/producers/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags: ['admin'],
        summary:
          "The producer's history (approval, closing with the reason, reopening), internal notes included; paged",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const [p] = await app.db
        .select({ id: producers.id })
        .from(producers)
        .where(and(eq(producers.id, req.params.id), platformOf(producers, requestScope(req))))
        .limit(1);
      if (!p) throw notFound();
      return historyPage(app.db, 'producer', p.id, true, req.query);
    },
  );

  r.put(
    '/api/v1/admin/producers/:id/status',
    {
      config: { access: 'admin', ability: ['update', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Approve, close (reason required) or reopen (pending) a producer of the platform',
        params: idParam,
        body: producerStatusRequest,
        response: { 200: envelope('producer', producerSchema), ...errors },
      },
    },
    async (req) => {
      const { status } = req.body;
      const reason = status === 'closed' ? (req.body.reason ?? null) : null;
      const { after: row, changed } = await transition(
        app,
        approvalWorkflow,
        move(req.params.id, actorOfRequest(req, 'platform'), status, reason),
        async (tx, moved) => {
          if (moved.changed) await tellProducer(app, tx, moved.after.id);
        },
      );
      if (changed) {
        invalidateProducerPages(app, row.id);
        req.log.info({ producerId: row.id, status, reason }, 'producer status changed');
      }
      return { data: { producer: presentProducer(row) }, meta: { message: translate(req.locale, NOTE[status]) } };
    },
  );
}
