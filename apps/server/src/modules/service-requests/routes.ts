import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  EDITABLE_REQUEST_STEPS,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  okEnvelope,
  serviceMachineOf,
  serviceRequestAnswer,
  serviceRequestCancel,
  serviceRequestCreate,
  serviceRequestListAnswer,
  serviceRequestListQuery,
  serviceRequestMove,
  serviceRequestNoteAnswer,
  serviceRequestNoteCreate,
  serviceRequestUpdate,
  translate,
  type ServiceRequestState,
} from '@agrihub/contract';
import { registerServices, serviceRequestNotes, userRegisterServices, type StoredFile } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { historyPage, recordActivity } from '../../lib/activity.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { ownedBy, requestScope, type ProducerScope } from '../../lib/scope.js';
import { actorOfRequest } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';
import { claimUploads, privateTo, resolveOwnFiles } from '../uploads/resolve.js';
import { checkServiceForm, createServiceRequest, serviceBySlug } from './create.js';
import { findNotes, findRequest, findRequests, presentNote, presentRequest } from './queries.js';
import { assertUnlocked, moveRequest, type RequestRow } from './workflow.js';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  423: errorEnvelope,
};
const tags = ['service requests'];

/** The caller as a producer: 403 service_request_producer_only for an account without one (administrators). */
function producerOf(req: FastifyRequest): ProducerScope {
  const scope = requestScope(req);
  if (scope.producerId === null) throw new AppError(403, 'service_request_producer_only');
  return scope as ProducerScope;
}

const own = (scope: ProducerScope) => ownedBy(userRegisterServices, scope);

/** The entries of a request form an edit changed: top-level keys, and `fields.<key>` for the service's answers. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  const asRecord = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const top = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => k !== 'fields' && differs(before[k], after[k]),
  );
  const [b, a] = [asRecord(before.fields), asRecord(after.fields)];
  const answers = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => differs(b[k], a[k]));
  return [...top, ...answers.map((k) => `fields.${k}`)];
}

/**
 * A producer's service requests (DESIGN §5.2): register to a service, read, edit while filling in
 * (or when asked for more), the owner's moves of the flow's table (submit, dossier, cancel with a
 * reason), replies with files, history. Another producer's request, or another platform's, is
 * not found; a locked request refuses every write (423); internal notes never appear here.
 */
export default async function serviceRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The request as its producer reads it: visible notes only, the owner's moves. */
  async function ownAnswer(req: FastifyRequest, scope: ProducerScope, id: number) {
    const view = await findRequest(app.db, id, own(scope));
    if (!view) throw notFound();
    const notes = await findNotes(app.db, id, false);
    const viewer = { roles: scope.user.roles, abilities: scope.user.abilities, isOwner: true };
    return presentRequest(view, { locale: req.locale, viewer, notes });
  }

  /** The request row locked for a producer's write: 404 when not its own, 423 when locked, 403 when its producer is closed. */
  async function lockOwn(tx: Tx, scope: ProducerScope, id: number): Promise<RequestRow> {
    await assertProducerWritable(tx, scope.producerId);
    const [row] = await tx
      .select()
      .from(userRegisterServices)
      .where(and(eq(userRegisterServices.id, id), own(scope)))
      .limit(1)
      .for('update');
    if (!row) throw notFound();
    assertUnlocked(row);
    return row;
  }

  /**
   * Upload ids → files of request `id`: its files keep their reference, new ones must be the
   * producer's own uploads of no other record, and belong to the request from now on (ADR 033).
   */
  async function filesOf(tx: Tx, scope: ProducerScope, id: number, ids: number[], kept: StoredFile[], field: string) {
    const known = new Map(kept.map((f) => [f.id, f]));
    const record = { type: 'service_request', id } as const;
    const added = ids.filter((x) => !known.has(x));
    const fresh = await resolveOwnFiles(tx, app.storage, scope, added, field, 'any', privateTo(record));
    await claimUploads(tx, added, record);
    const byId = new Map(fresh.map((f) => [f.id, f]));
    return [...new Set(ids)].map((id) => known.get(id) ?? byId.get(id)!);
  }

  const register = async (req: FastifyRequest<{ Body: z.output<typeof serviceRequestCreate> }>) => {
    const scope = producerOf(req);
    const body = req.body;
    const { row, free } = await app.events.transaction(async (tx) => {
      await assertProducerWritable(tx, scope.producerId);
      const service = await serviceBySlug(tx, scope.platform, body.slug);
      const attachments = await resolveOwnFiles(tx, app.storage, scope, body.attachments, 'attachments', 'any', privateTo());
      const created = await createServiceRequest(
        tx,
        {
          platform: scope.platform,
          producerId: scope.producerId,
          userId: scope.userId,
          service,
          form: checkServiceForm(service, body.form, req.locale),
          attachments,
        },
        req.locale,
      );
      await claimUploads(tx, body.attachments, { type: 'service_request', id: created.id });
      return { row: created, free: service.type === 0 };
    });
    return {
      data: { urs: await ownAnswer(req, scope, row.id) },
      meta: { message: translate(req.locale, free ? 'service_request_free_registered' : 'service_request_registered') },
    };
  };
  const createSchema = {
    tags,
    body: serviceRequestCreate,
    response: { 201: serviceRequestAnswer, ...errors },
  };

  r.post(
    '/api/v1/registrations/register_service',
    {
      config: { access: 'user' },
      schema: { ...createSchema, summary: 'Register the signed-in producer to a service (by slug), with its form and files' },
    },
    async (req, reply) => reply.code(201).send(await register(req)),
  );

  r.post(
    '/api/v1/user_register_services',
    { config: { access: 'user' }, schema: { ...createSchema, summary: 'Create a service request (as register_service)' } },
    async (req, reply) => reply.code(201).send(await register(req)),
  );

  r.get(
    '/api/v1/user_register_services',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The producer's service requests (filters: status, service slug; q: service title)",
        querystring: serviceRequestListQuery,
        response: { 200: serviceRequestListAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const q = req.query;
      const plan = listPlan(q, {
        sorts: { created_at: userRegisterServices.createdAt, updated_at: userRegisterServices.updatedAt },
        search: [registerServices.titleVi, registerServices.titleEn, registerServices.slug],
        tiebreak: userRegisterServices.id,
      });
      const where = and(
        own(scope),
        q.status ? eq(userRegisterServices.status, q.status) : undefined,
        q.slug ? eq(registerServices.slug, q.slug) : undefined,
        plan.search,
      );
      const { views, total } = await findRequests(app.db, where, plan);
      const viewer = { roles: scope.user.roles, abilities: scope.user.abilities, isOwner: true };
      return {
        data: { urss: views.map((v) => presentRequest(v, { locale: req.locale, viewer })) },
        meta: plan.meta(total),
      };
    },
  );

  r.get(
    '/api/v1/user_register_services/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of the producer’s requests, with the notes it may read',
        params: idParam,
        response: { 200: serviceRequestAnswer, ...errors },
      },
    },
    async (req) => ({ data: { urs: await ownAnswer(req, producerOf(req), req.params.id) } }),
  );

  r.put(
    '/api/v1/user_register_services/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit the form and files while filling in, or when more documents are asked for',
        params: idParam,
        body: serviceRequestUpdate,
        response: { 200: serviceRequestAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const { id } = req.params;
      await app.events.transaction(async (tx) => {
        const row = await lockOwn(tx, scope, id);
        const [service] = await tx.select().from(registerServices).where(eq(registerServices.id, row.serviceId));
        if (!serviceMachineOf(service.type) || !EDITABLE_REQUEST_STEPS.includes(row.step)) {
          throw conflict('service_request_not_editable', { step: translate(req.locale, `state_${row.step}`) });
        }
        const set: Partial<RequestRow> = { updatedAt: new Date() };
        let changedAnswers: string[] = [];
        if (req.body.form) {
          set.form = checkServiceForm(service, req.body.form, req.locale);
          changedAnswers = changedKeys(row.form, set.form);
        }
        if (req.body.attachments) {
          set.attachments = await filesOf(tx, scope, id, req.body.attachments, row.attachments, 'attachments');
        }
        await tx.update(userRegisterServices).set(set).where(eq(userRegisterServices.id, id));
        await recordActivity(tx, {
          subjectType: 'service_request',
          subjectId: id,
          platform: row.platform,
          actorId: scope.userId,
          action: 'update',
          diff: {
            changed: Object.keys(req.body).filter((k) => k === 'form' || k === 'attachments'),
            // The form's entries the edit changed: contact keys, and `fields.<key>` for the service's own answers.
            ...(changedAnswers.length ? { fields: changedAnswers } : {}),
          },
        });
      });
      return {
        data: { urs: await ownAnswer(req, scope, id) },
        meta: { message: translate(req.locale, 'service_request_saved') },
      };
    },
  );

  /** The owner's move, with files added to the request (the dossier of `submitted_profile` needs one). */
  async function ownMove(
    req: FastifyRequest,
    id: number,
    to: ServiceRequestState,
    reason: string | null | undefined,
    attachments: number[] = [],
  ) {
    const scope = producerOf(req);
    await moveRequest(app, {
      id,
      to,
      actor: actorOfRequest(req, 'own'),
      reason,
      fields: async (tx, row) => {
        const ids = [...row.attachments.map((f) => f.id), ...attachments];
        const files = await filesOf(tx, scope, row.id, ids, row.attachments, 'attachments');
        if (to === 'submitted_profile' && files.length === 0) {
          throw unprocessable('pleaseAttachDossier', {}, 'attachments');
        }
        return attachments.length ? { attachments: files } : {};
      },
    });
    return scope;
  }

  r.post(
    '/api/v1/user_register_services/:id/move',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The owner's moves of the flow's table: submit (fill_info → advice), the dossier (→ submitted_profile), cancel",
        params: idParam,
        body: serviceRequestMove,
        response: { 200: serviceRequestAnswer, ...errors },
      },
    },
    async (req) => {
      const { to, reason, attachments } = req.body;
      const scope = await ownMove(req, req.params.id, to, reason, attachments);
      return {
        data: { urs: await ownAnswer(req, scope, req.params.id) },
        meta: { message: translate(req.locale, 'service_request_moved', { step: translate(req.locale, `state_${to}`) }) },
      };
    },
  );

  r.delete(
    '/api/v1/user_register_services/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancel the request with a reason (body or query `reason`), before the contract',
        params: idParam,
        querystring: serviceRequestCancel,
        body: serviceRequestCancel.nullish(),
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      await ownMove(req, req.params.id, 'cancelled', req.body?.reason ?? req.query.reason);
      return { meta: { message: translate(req.locale, 'service_request_cancelled') } };
    },
  );

  r.post(
    '/api/v1/user_register_services/:id/notes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The producer's reply on its request, with files (told to the assignee)",
        params: idParam,
        body: serviceRequestNoteCreate,
        response: { 201: serviceRequestNoteAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const scope = producerOf(req);
      const { id } = req.params;
      const note = await app.events.transaction(async (tx, emit) => {
        const row = await lockOwn(tx, scope, id);
        const files = req.body.attachments;
        const attachments = await resolveOwnFiles(tx, app.storage, scope, files, 'attachments', 'any', privateTo());
        const [created] = await tx
          .insert(serviceRequestNotes)
          .values({ requestId: id, authorId: scope.userId, body: req.body.body, internal: false, attachments })
          .returning();
        await claimUploads(tx, files, { type: 'service_request_note', id: created.id });
        await tx.update(userRegisterServices).set({ updatedAt: new Date() }).where(eq(userRegisterServices.id, id));
        await recordActivity(tx, {
          subjectType: 'service_request',
          subjectId: id,
          platform: row.platform,
          actorId: scope.userId,
          action: 'note',
          note: req.body.body,
        });
        emit({
          type: 'service_request.note_added',
          platform: scope.platform,
          requestId: id,
          producerId: row.producerId,
          noteId: created.id,
          actorId: scope.userId,
          byProducer: true,
        });
        return created;
      });
      return reply.code(201).send({
        data: { note: presentNote(note, { name: scope.user.name, roles: scope.user.roles }) },
        meta: { message: translate(req.locale, 'service_request_note_added') },
      });
    },
  );

  r.get(
    '/api/v1/user_register_services/:id/history',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The request’s history as its producer may read it (no internal notes)',
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const [row] = await app.db
        .select({ id: userRegisterServices.id })
        .from(userRegisterServices)
        .where(and(eq(userRegisterServices.id, req.params.id), own(scope)));
      if (!row) throw notFound();
      return historyPage(app.db, 'service_request', row.id, false, req.query);
    },
  );
}
