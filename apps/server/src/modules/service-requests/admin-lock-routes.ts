import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  adminServiceRequestAnswer,
  adminServiceRequestLockAllAnswer,
  adminServiceRequestLockAllQuery,
  errorEnvelope,
  idParam,
  isSuperAdmin,
  translate,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { producers, registerServices, userRegisterServices as urs } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { currentUser } from '../../plugins/auth.js';
import { requestFilterWhere } from './admin-queries.js';
import { adminDetail } from './admin-routes.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Records the lock or unlock of each request (shown to both sides: it says nothing internal). */
async function recordLocks(
  tx: Tx,
  req: FastifyRequest,
  ids: number[],
  action: 'lock' | 'unlock',
) {
  for (const id of ids) {
    await recordActivity(tx, {
      subjectType: 'service_request',
      subjectId: id,
      platform: req.platform,
      actorId: currentUser(req).id,
      action,
    });
  }
}

/** Locks (or unlocks) one request of the platform; a request already so is answered as it is. */
async function setLock(app: FastifyInstance, req: FastifyRequest, id: number, lock: boolean) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lockedAt: urs.lockedAt })
      .from(urs)
      .where(and(eq(urs.id, id), platformOf(urs, requestScope(req))))
      .limit(1)
      .for('update');
    if (!row) throw notFound();
    if (!!row.lockedAt === lock) return;
    await tx
      .update(urs)
      .set(lock ? { lockedAt: new Date(), lockedBy: currentUser(req).id } : { lockedAt: null, lockedBy: null })
      .where(eq(urs.id, id));
    await recordLocks(tx, req, [id], lock ? 'lock' : 'unlock');
  });
  return {
    data: await adminDetail(app, req, id),
    meta: { message: translate(req.locale, lock ? 'service_request_lock_done' : 'service_request_unlock_done') },
  };
}

/**
 * Locking (DESIGN §5.2): staff who may update requests lock one or every request matching the list
 * filters (lock_all answers how many); a locked request is read-only for everyone until an
 * administrator (role admin) unlocks it.
 */
export default async function adminServiceRequestLockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/admin/user_register_services/lock_all',
    {
      config: { access: 'admin', ability: ['update', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: 'Lock every unlocked request of the platform matching the list filters (query); answers how many',
        querystring: adminServiceRequestLockAllQuery,
        response: { 200: adminServiceRequestLockAllAnswer, ...errors },
      },
    },
    async (req) => {
      const where = requestFilterWhere(platformOf(urs, requestScope(req)), { ...req.query, locked: 'false' });
      const ids = await app.db.transaction(async (tx) => {
        const matching = tx
          .select({ id: urs.id })
          .from(urs)
          .innerJoin(registerServices, eq(registerServices.id, urs.serviceId))
          .innerJoin(producers, eq(producers.id, urs.producerId))
          .where(where);
        const locked = await tx
          .update(urs)
          .set({ lockedAt: new Date(), lockedBy: currentUser(req).id })
          .where(and(inArray(urs.id, matching), isNull(urs.lockedAt)))
          .returning({ id: urs.id });
        const lockedIds = locked.map((l) => l.id);
        await recordLocks(tx, req, lockedIds, 'lock');
        return lockedIds;
      });
      req.log.info({ count: ids.length }, 'service requests locked');
      return {
        data: { locked: ids.length },
        meta: { message: translate(req.locale, 'service_requests_locked', { count: ids.length }) },
      };
    },
  );

  r.put(
    '/api/v1/admin/user_register_services/:id/lock',
    {
      config: { access: 'admin', ability: ['update', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: 'Lock one request: read-only for everyone until an admin unlocks it',
        params: idParam,
        response: { 200: adminServiceRequestAnswer, ...errors },
      },
    },
    async (req) => setLock(app, req, req.params.id, true),
  );

  r.put(
    '/api/v1/admin/user_register_services/:id/unlock',
    {
      config: { access: 'admin', ability: ['update', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: 'Unlock one request (role admin only)',
        params: idParam,
        response: { 200: adminServiceRequestAnswer, ...errors },
      },
    },
    async (req) => {
      if (!isSuperAdmin(currentUser(req))) throw forbidden();
      return setLock(app, req, req.params.id, false);
    },
  );
}
