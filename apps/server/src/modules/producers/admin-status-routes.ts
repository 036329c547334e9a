import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  historyAnswer,
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
import { listActivity, recordActivity } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { assertMove } from '../../lib/workflow.js';
import { currentUser } from '../../plugins/auth.js';
import { invalidateProducerPages } from '../trace-public/state.js';
import { notifyStatusChange } from './notify.js';
import { presentProducer } from './presenter.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** meta.message of a single status change. */
const NOTE: Record<ApprovalStatus, string> = {
  approved: 'producer_approved',
  closed: 'producer_closed',
  pending: 'producer_reopened',
};

/** History action of a move to each status. */
const ACTION: Record<ApprovalStatus, string> = { approved: 'approve', closed: 'close', pending: 'reopen' };

/**
 * Administrators with update producer approve, close (with a reason) or reopen (back to pending)
 * the platform's producers, one at a time or in bulk. The producer's accounts are mailed on
 * approval and on closing.
 */
export default async function adminProducerStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/admin/producers/bulk',
    {
      config: { access: 'admin', ability: ['update', 'producer'] },
      schema: {
        tags: ['admin'],
        summary: 'Set the status of several producers; ids of other platforms are ignored',
        body: producerBulkRequest,
        response: { 200: producerBulkAnswer, ...errors },
      },
    },
    async (req) => {
      const { ids, status } = req.body;
      const reason = status === 'closed' ? (req.body.reason ?? null) : null;
      const actor = currentUser(req);
      const changed = await app.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: producers.id, status: producers.status })
          .from(producers)
          .where(and(eq(producers.platform, req.platform), inArray(producers.id, ids)))
          .for('update');
        // Only the producers whose current status may move to `status` (the producer approval table).
        const movable = rows.filter(
          (p) => !moveRefusal(producerApproval, p.status as ApprovalStatus, status, actor, reason),
        );
        if (!movable.length) return [];
        for (const p of movable) {
          await recordActivity(tx, {
            subjectType: 'producer',
            subjectId: p.id,
            platform: req.platform,
            actorId: actor.id,
            action: ACTION[status],
            from: p.status,
            to: status,
            note: reason,
          });
        }
        return tx
          .update(producers)
          .set({ status, updatedAt: new Date() })
          .where(
            inArray(
              producers.id,
              movable.map((p) => p.id),
            ),
          )
          .returning({ id: producers.id, name: producers.name });
      });
      req.log.info({ ids: changed.map((p) => p.id), status, reason }, 'producers status changed in bulk');
      // Their public pages follow the status (ADR 007): closed → taken down, approved → back.
      for (const p of changed) invalidateProducerPages(app, p.id);
      await notifyStatusChange(app, req.log, req.platform, changed, status, reason);
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
        summary: "The producer's history (approval, closing with the reason, reopening), internal notes included",
        params: idParam,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const [p] = await app.db
        .select({ id: producers.id })
        .from(producers)
        .where(and(eq(producers.id, req.params.id), eq(producers.platform, req.platform)))
        .limit(1);
      if (!p) throw notFound();
      return { data: { history: await listActivity(app.db, 'producer', p.id, { includeInternal: true }) } };
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
      const { row, changed } = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(producers)
          .where(and(eq(producers.id, req.params.id), eq(producers.platform, req.platform)))
          .limit(1)
          .for('update');
        if (!before) throw notFound();
        if (before.status === status) return { row: before, changed: false };
        assertMove(req.locale, producerApproval, before.status as ApprovalStatus, status, currentUser(req), reason);
        const [after] = await tx
          .update(producers)
          .set({ status, updatedAt: new Date() })
          .where(eq(producers.id, before.id))
          .returning();
        await recordActivity(tx, {
          subjectType: 'producer',
          subjectId: before.id,
          platform: before.platform,
          actorId: currentUser(req).id,
          action: ACTION[status],
          from: before.status,
          to: status,
          note: reason,
        });
        return { row: after, changed: true };
      });
      if (changed) {
        invalidateProducerPages(app, row.id);
        req.log.info({ producerId: row.id, status, reason }, 'producer status changed');
        await notifyStatusChange(app, req.log, req.platform, [row], status, reason);
      }
      return { data: { producer: presentProducer(row) }, meta: { message: translate(req.locale, NOTE[status]) } };
    },
  );
}
