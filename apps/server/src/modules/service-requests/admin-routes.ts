import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import {
  adminServiceRequestAnswer,
  adminServiceRequestListAnswer,
  adminServiceRequestListQuery,
  adminServiceRequestUpdate,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  translate,
} from '@agrihub/contract';
import { producers, registerServices, userRegisterServices as urs } from '../../db/schema/index.js';
import { historyPage, listActivity } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { actorOfRequest } from '../../lib/transition.js';
import { currentUser } from '../../plugins/auth.js';
import { ADMIN_REQUEST_LIST, requestFilterWhere } from './admin-queries.js';
import { applyStaffUpdate } from './admin-update.js';
import { findNotes, findRequest, findRequests, presentRequest } from './queries.js';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  423: errorEnvelope,
};

/** The staff member reading: the moves offered are the ones its roles allow (never as the owner). */
const viewerOf = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { roles: u.roles, abilities: u.abilities, isOwner: false };
};

/** One request with every note (internal ones too) and its whole history, as the back office reads it. */
export async function adminDetail(app: FastifyInstance, req: FastifyRequest, id: number) {
  const view = await findRequest(app.db, id, platformOf(urs, requestScope(req)));
  if (!view) throw notFound();
  const [notes, history] = await Promise.all([
    findNotes(app.db, id, true),
    listActivity(app.db, 'service_request', id, { includeInternal: true }),
  ]);
  return { urs: presentRequest(view, { locale: req.locale, viewer: viewerOf(req), notes }), history: history.items };
}

/**
 * The back office's service requests (DESIGN §5.2): the platform's list with its filters and the
 * counts per step, one request with notes and history (internal included), and the staff update
 * (move by the flow's table with the actor's roles, assign, note). A locked request refuses every
 * write (423) until an admin unlocks it (./admin-lock-routes.ts).
 */
export default async function adminServiceRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/user_register_services',
    {
      config: { access: 'admin', ability: ['read', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary:
          'Service requests of the platform; filters slug, step, status, assignee_id (or none), overdue, locked, created_from/created_to (Vietnamese dates), q (producer, tax code, service; accent-free); meta.counts per step',
        querystring: adminServiceRequestListQuery,
        response: { 200: adminServiceRequestListAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = platformOf(urs, requestScope(req));
      const now = new Date();
      const list = listPlan(req.query, ADMIN_REQUEST_LIST);
      const [{ views, total }, perStep] = await Promise.all([
        findRequests(app.db, requestFilterWhere(scope, req.query, { now }), list),
        app.db
          .select({ step: urs.step, n: count() })
          .from(urs)
          .innerJoin(registerServices, eq(registerServices.id, urs.serviceId))
          .innerJoin(producers, eq(producers.id, urs.producerId))
          .where(requestFilterWhere(scope, req.query, { now, withoutStep: true }))
          .groupBy(urs.step),
      ]);
      const viewer = viewerOf(req);
      return {
        data: { urss: views.map((v) => presentRequest(v, { locale: req.locale, viewer, now })) },
        meta: { ...list.meta(total), counts: Object.fromEntries(perStep.map((s) => [s.step, s.n])) },
      };
    },
  );

  r.get(
    '/api/v1/admin/user_register_services/:id',
    {
      config: { access: 'admin', ability: ['read', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: 'One service request of the platform: every note (internal included), files, history',
        params: idParam,
        response: { 200: adminServiceRequestAnswer, ...errors },
      },
    },
    async (req) => ({ data: await adminDetail(app, req, req.params.id) }),
  );

  r.get(
    '/api/v1/admin/user_register_services/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary: "A service request's history, internal rows included; paged",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const view = await findRequest(app.db, req.params.id, platformOf(urs, requestScope(req)));
      if (!view) throw notFound();
      return historyPage(app.db, 'service_request', view.request.id, true, req.query);
    },
  );

  r.put(
    '/api/v1/admin/user_register_services/:id',
    {
      config: { access: 'admin', ability: ['update', 'user_register_service'] },
      schema: {
        tags: ['admin'],
        summary:
          'Move (forward by role; back a step and cancel need a reason; internal keeps the reason from the producer), assign (null unassigns) and/or add a note (internal or to the producer, with files)',
        params: idParam,
        body: adminServiceRequestUpdate,
        response: { 200: adminServiceRequestAnswer, ...errors },
      },
    },
    async (req) => {
      await applyStaffUpdate(app, actorOfRequest(req, 'platform'), req.params.id, req.body);
      return {
        data: await adminDetail(app, req, req.params.id),
        meta: { message: translate(req.locale, 'service_request_updated') },
      };
    },
  );
}
