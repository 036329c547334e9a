import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminFaqListAnswer,
  adminFaqListQuery,
  clientFaqAnswer,
  clientFaqQuery,
  errorEnvelope,
  faqAnswer,
  faqInput,
  idParam,
  okEnvelope,
  translate,
} from '@agrihub/contract';
import { faqs } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { cleanRichText, isEmptyRichText } from '../../lib/rich-text.js';
import { requestScope } from '../../lib/scope.js';
import {
  ADMIN_FAQ_LIST,
  adminFaqOrder,
  adminFaqWhere,
  faqGroups,
  faqSearch,
  presentFaq,
  publicFaqOrder,
} from './queries.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin content'];

/** The stored values of a FAQ: the answer cleaned by the allow-list (422 pleaseInputAnswer when nothing is left). */
function valuesOf(b: z.output<typeof faqInput>) {
  const answer = cleanRichText(b.answer);
  if (isEmptyRichText(answer)) throw unprocessable('pleaseInputAnswer', {}, 'answer');
  return { question: b.question, answer, group: b.group, position: b.position, published: b.published };
}

/**
 * FAQs (DESIGN §5.4): the back office keeps the platform's questions in groups (order within a
 * group by position, published or not); the public help page reads the published ones, by group
 * then position, with an accent-free search over the question and the answer's text.
 */
export default async function faqRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.lookupLimiter;

  const platformOf = (req: FastifyRequest) => requestScope(req).platform;

  r.get(
    '/api/v1/admin/faqs',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary:
          "The platform's FAQs: filters group, published, q (question and answer text; accent-free); sort position (by group, then position), updated_at, question; data.groups: every group of the platform",
        querystring: adminFaqListQuery,
        response: { 200: adminFaqListAnswer, ...errors },
      },
    },
    async (req) => {
      const platform = platformOf(req);
      const list = listPlan(req.query, ADMIN_FAQ_LIST);
      const where = adminFaqWhere(platform, req.query);
      const [rows, [{ n }], groups] = await Promise.all([
        app.db
          .select()
          .from(faqs)
          .where(where)
          .orderBy(...adminFaqOrder(req.query.sort))
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(faqs).where(where),
        faqGroups(app.db, eq(faqs.platform, platform)),
      ]);
      return { data: { faqs: rows.map(presentFaq), groups }, meta: list.meta(n) };
    },
  );

  r.post(
    '/api/v1/admin/faqs',
    {
      config: { access: 'admin', ability: ['create', 'post'] },
      schema: {
        tags,
        summary: 'Add a question: question, answer (rich text, cleaned by the allow-list), group, position, published',
        body: faqInput,
        response: { 201: faqAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const [row] = await app.db
        .insert(faqs)
        .values({ platform: platformOf(req), ...valuesOf(req.body) })
        .returning();
      reply.status(201);
      return { data: { faq: presentFaq(row) }, meta: { message: translate(req.locale, 'faq_created') } };
    },
  );

  r.put(
    '/api/v1/admin/faqs/:id',
    {
      config: { access: 'admin', ability: ['update', 'post'] },
      schema: {
        tags,
        summary: 'Replace a question of the platform (same fields as POST)',
        params: idParam,
        body: faqInput,
        response: { 200: faqAnswer, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .update(faqs)
        .set({ ...valuesOf(req.body), updatedAt: new Date() })
        .where(and(eq(faqs.platform, platformOf(req)), eq(faqs.id, req.params.id)))
        .returning();
      if (!row) throw notFound();
      return { data: { faq: presentFaq(row) }, meta: { message: translate(req.locale, 'faq_updated') } };
    },
  );

  r.delete(
    '/api/v1/admin/faqs/:id',
    {
      config: { access: 'admin', ability: ['manage', 'post'] },
      schema: {
        tags,
        summary: 'Delete a question of the platform',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .delete(faqs)
        .where(and(eq(faqs.platform, platformOf(req)), eq(faqs.id, req.params.id)))
        .returning({ id: faqs.id });
      if (!row) throw notFound();
      return { meta: { message: translate(req.locale, 'faq_deleted') } };
    },
  );

  r.get(
    '/api/v1/client/faqs',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary:
          "The platform's published FAQs by group then position; q searches the question and the answer's text (accent-free); groups: those of the answer",
        querystring: clientFaqQuery,
        response: { 200: clientFaqAnswer, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      const where = and(
        eq(faqs.platform, req.platform),
        eq(faqs.published, true),
        req.query.q ? faqSearch(req.query.q) : undefined,
      )!;
      const rows = await app.db
        .select()
        .from(faqs)
        .where(where)
        .orderBy(...publicFaqOrder)
        .limit(1000);
      const list = rows.map((row) => {
        const { published: _published, ...rest } = presentFaq(row);
        return rest;
      });
      // The groups in the answer's order (the rows are sorted by group).
      const groups = [...new Set(list.map((f) => f.group))];
      return { data: { faqs: list, groups } };
    },
  );
}
