import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  CLIENT_MESSAGE_HONEYPOT,
  adminClientMessageAnswer,
  adminClientMessageListAnswer,
  adminClientMessageListQuery,
  adminClientMessageUpdate,
  clientMessageInput,
  clientMessageSentAnswer,
  errorEnvelope,
  idParam,
  translate,
} from '@agrihub/contract';
import { clientMessages, registerServices } from '../../db/schema/index.js';
import { listActivity } from '../../lib/activity.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { actorOfRequest } from '../../lib/transition.js';
import { currentUser } from '../../plugins/auth.js';
import { applyLeadUpdate } from './update.js';
import {
  CLIENT_MESSAGE_LIST,
  countsPerStatus,
  findMessage,
  findMessages,
  findNotes,
  messageFilterWhere,
  presentMessage,
} from './queries.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** The staff member reading: the moves offered are the ones its abilities allow. */
const viewerOf = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { roles: u.roles, abilities: u.abilities, isOwner: false };
};

async function detail(app: FastifyInstance, req: FastifyRequest, id: number) {
  const view = await findMessage(
    app.db,
    and(eq(clientMessages.id, id), platformOf(clientMessages, requestScope(req)))!,
  );
  if (!view) throw notFound();
  const [notes, history] = await Promise.all([
    findNotes(app.db, id),
    listActivity(app.db, 'client_message', id, { includeInternal: true }),
  ]);
  return { message: presentMessage(view, req.locale, viewerOf(req)), notes, history: history.items };
}

/**
 * Client messages (leads, DESIGN §5.4): the public contact form (consent required, a honeypot, a
 * rate limit; the platform's message staff are notified) and the back office's list, detail and
 * update (move through the lead machine, assign, note — one transaction).
 */
export default async function clientMessageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/client/messages',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.REGISTRATION_RATE_LIMIT_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (req: FastifyRequest) => `client-message:${req.ip}`,
        },
      },
      schema: {
        tags: ['content'],
        summary:
          "A visitor's contact message (a lead): name, phone, e-mail, company, topic, message, service_slug, consent (must be true); the platform's staff are notified",
        body: clientMessageInput,
        response: { 201: clientMessageSentAnswer, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const answer = { data: { sent: true as const }, meta: { message: translate(req.locale, 'client_message_sent') } };
      // A filled honeypot is a bot: it is answered as a person would be, and nothing is kept.
      if (b[CLIENT_MESSAGE_HONEYPOT]?.trim()) return reply.code(201).send(answer);
      const platform = req.platform;
      if (b.service_slug) {
        const [service] = await app.db
          .select({ id: registerServices.id })
          .from(registerServices)
          .where(and(eq(registerServices.platform, platform), eq(registerServices.slug, b.service_slug)))
          .limit(1);
        if (!service) throw unprocessable('unknownService', {}, 'service_slug');
      }
      const sender = req.auth?.user ?? null;
      await app.events.transaction(async (tx, emit) => {
        const [row] = await tx
          .insert(clientMessages)
          .values({
            platform,
            name: b.name,
            phone: b.phone,
            email: b.email ?? null,
            company: b.company ?? null,
            topic: b.topic,
            message: b.message,
            serviceSlug: b.service_slug ?? null,
            consentAt: new Date(),
            senderId: sender?.id ?? null,
            producerId: sender?.producerId ?? null,
          })
          .returning({ id: clientMessages.id });
        emit({ type: 'client_message.received', platform, messageId: row.id });
      });
      return reply.code(201).send(answer);
    },
  );

  r.get(
    '/api/v1/admin/messages',
    {
      config: { access: 'admin', ability: ['read', 'message'] },
      schema: {
        tags: ['admin'],
        summary:
          "The platform's client messages; filters status, topic, created_from/created_to (Vietnamese dates), q (name, phone, e-mail, company, message; accent-free); meta.counts per status",
        querystring: adminClientMessageListQuery,
        response: { 200: adminClientMessageListAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = platformOf(clientMessages, requestScope(req));
      const list = listPlan(req.query, CLIENT_MESSAGE_LIST);
      const [{ views, total }, counts] = await Promise.all([
        findMessages(app.db, messageFilterWhere(scope, req.query), list),
        countsPerStatus(app.db, messageFilterWhere(scope, req.query, { withoutStatus: true })),
      ]);
      const viewer = viewerOf(req);
      return {
        data: { messages: views.map((v) => presentMessage(v, req.locale, viewer)) },
        meta: { ...list.meta(total), counts },
      };
    },
  );

  r.get(
    '/api/v1/admin/messages/:id',
    {
      config: { access: 'admin', ability: ['read', 'message'] },
      schema: {
        tags: ['admin'],
        summary: 'One client message with its notes and history',
        params: idParam,
        response: { 200: adminClientMessageAnswer, ...errors },
      },
    },
    async (req) => ({ data: await detail(app, req, req.params.id) }),
  );

  r.put(
    '/api/v1/admin/messages/:id',
    {
      config: { access: 'admin', ability: ['update', 'message'] },
      schema: {
        tags: ['admin'],
        summary:
          'Update a client message: move it through the lead statuses (a reason when going back), assign it (null unassigns), add a note — together, in one transaction',
        params: idParam,
        body: adminClientMessageUpdate,
        response: { 200: adminClientMessageAnswer, ...errors },
      },
    },
    async (req) => {
      await applyLeadUpdate(app, actorOfRequest(req, 'platform'), req.params.id, req.body);
      return {
        data: await detail(app, req, req.params.id),
        meta: { message: translate(req.locale, 'client_message_updated') },
      };
    },
  );
}
