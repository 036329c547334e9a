import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import {
  adminPostAnswer,
  adminPostListAnswer,
  adminPostListQuery,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  okEnvelope,
  postInput,
  translate,
} from '@agrihub/contract';
import { posts } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { requestScope } from '../../lib/scope.js';
import {
  ADMIN_POST_LIST,
  adminPostWhere,
  findAdminPostView,
  postCountsPerStatus,
  presentAdminPost,
} from './admin-queries.js';
import { loadCategories, postViews } from './queries.js';
import { deletePost, savePost } from './save.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin content'];

/**
 * Posts in the back office (DESIGN §5.4, ADR 016): list with filters and counts per status, read,
 * create, replace, delete, history — all on the request's platform (another platform's post is
 * not found). Abilities on `post`: read, create, update; delete needs manage.
 */
export default async function adminPostRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(req: FastifyRequest, id: number) {
    const { platform } = requestScope(req);
    const [v, cats] = await Promise.all([findAdminPostView(app.db, platform, id), loadCategories(app.db, platform)]);
    if (!v) throw notFound();
    return presentAdminPost(v, cats, app.storage);
  }

  const actorOf = (req: FastifyRequest) => {
    const scope = requestScope(req);
    return { platform: scope.platform, userId: scope.userId };
  };

  r.get(
    '/api/v1/admin/posts',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary:
          "The platform's posts (no body): filters status (a due scheduled post counts as published), category_id (with its subtree), q (title, summary; accent-free); sort; meta.counts per status",
        querystring: adminPostListQuery,
        response: { 200: adminPostListAnswer, ...errors },
      },
    },
    async (req) => {
      const { platform } = requestScope(req);
      const cats = await loadCategories(app.db, platform);
      const list = listPlan(req.query, ADMIN_POST_LIST);
      const where = adminPostWhere(platform, req.query, cats);
      const [views, [{ n }], counts] = await Promise.all([
        postViews(app.db, { list: true })
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(posts).where(where),
        postCountsPerStatus(app.db, adminPostWhere(platform, req.query, cats, { withoutStatus: true })),
      ]);
      return {
        data: {
          posts: views.map((v) => {
            const { body: _body, ...rest } = presentAdminPost(v, cats, app.storage);
            return rest;
          }),
        },
        meta: { ...list.meta(n), counts },
      };
    },
  );

  r.get(
    '/api/v1/admin/posts/:id',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary: 'One post of the platform: body, stored SEO fields and the metadata after fallbacks',
        params: idParam,
        response: { 200: adminPostAnswer, ...errors },
      },
    },
    async (req) => ({ data: { post: await answer(req, req.params.id) } }),
  );

  r.get(
    '/api/v1/admin/posts/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary:
          "The post's history: created, edits (changed fields, before → after), published, scheduled, unpublished; newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.platform, requestScope(req).platform), eq(posts.id, req.params.id)));
      if (!row) throw notFound();
      return historyPage(app.db, 'post', row.id, true, req.query);
    },
  );

  r.post(
    '/api/v1/admin/posts',
    {
      config: { access: 'admin', ability: ['create', 'post'] },
      schema: {
        tags,
        summary:
          "Write a post: body cleaned by the allow-list; a leaf category (422 categoryNotLeaf); slug from the title when not given (-2, -3… when taken), a given slug taken is 409 slugTaken; scheduled needs publish_at in the future (422 publishAtPast); cover and meta image among the platform's image uploads",
        body: postInput,
        response: { 201: adminPostAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const id = await savePost(app, actorOf(req), null, req.body);
      reply.status(201);
      return { data: { post: await answer(req, id) }, meta: { message: translate(req.locale, 'post_created') } };
    },
  );

  r.put(
    '/api/v1/admin/posts/:id',
    {
      config: { access: 'admin', ability: ['update', 'post'] },
      schema: {
        tags,
        summary:
          'Replace a post (same rules as POST; without a slug it keeps its slug); publishing sets published_at once, later edits keep it',
        params: idParam,
        body: postInput,
        response: { 200: adminPostAnswer, ...errors },
      },
    },
    async (req) => {
      await savePost(app, actorOf(req), req.params.id, req.body);
      return {
        data: { post: await answer(req, req.params.id) },
        meta: { message: translate(req.locale, 'post_updated') },
      };
    },
  );

  r.delete(
    '/api/v1/admin/posts/:id',
    {
      config: { access: 'admin', ability: ['manage', 'post'] },
      schema: {
        tags,
        summary: 'Delete a post (its history keeps a row saying so)',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      await deletePost(app, actorOf(req), req.params.id);
      return { meta: { message: translate(req.locale, 'post_deleted') } };
    },
  );
}
