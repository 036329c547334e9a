import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import {
  clientPostAnswer,
  clientPostListAnswer,
  clientPostListQuery,
  errorEnvelope,
  idOrSlugParam,
  type CLIENT_POST_SORT_FIELDS,
} from '@agrihub/contract';
import { posts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { findPublishedPostView, findRelatedPosts, presentPublicPost, presentPublicSummary } from './public-queries.js';
import { loadCategories, postPublishedAt, postViews, publicPostsOf, subtreeIds } from './queries.js';

/** The public post list: newest or most read first; q over title and summary (accent-free). */
const CLIENT_POST_LIST: ListSpec<(typeof CLIENT_POST_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  sorts: { published_at: postPublishedAt, view_count: posts.viewCount },
  search: [posts.title, posts.summary],
  tiebreak: posts.id,
};

const errors = { 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/**
 * The news pages' calls (no login): published posts of the host's platform — a scheduled post is
 * public from its publish_at on. Each is charged to the caller's public lookup budget (a miss
 * costs more); reading a post counts a view within the view counter's budget.
 */
export default async function clientPostRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.lookupLimiter;

  r.get(
    '/api/v1/client/posts',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary:
          "The platform's published posts (no body): category_id with its subtree, q (title, summary; accent-free), sort published_at / view_count, paging",
        querystring: clientPostListQuery,
        response: { 200: clientPostListAnswer, ...errors },
      },
    },
    async (req) => {
      const cats = await loadCategories(app.db, req.platform);
      const list = listPlan(req.query, CLIENT_POST_LIST);
      const where = and(
        publicPostsOf(req.platform),
        list.search,
        req.query.category_id ? inArray(posts.categoryId, [0, ...subtreeIds(req.query.category_id, cats)]) : undefined,
      );
      const [views, [{ n }]] = await Promise.all([
        postViews(app.db, { list: true })
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(posts).where(where),
      ]);
      return {
        data: { posts: views.map((v) => presentPublicSummary(v, cats, app.storage)) },
        meta: list.meta(n),
      };
    },
  );

  r.get(
    '/api/v1/client/posts/:id',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary:
          'A published post by id or slug (counts a view) with its metadata after fallbacks and up to 3 related posts (same category, then sibling categories; newest first). A draft or a future scheduled post is 404',
        params: idOrSlugParam,
        response: { 200: clientPostAnswer, ...errors },
      },
    },
    async (req) => {
      const v = await findPublishedPostView(app.db, req.platform, req.params.id);
      if (!v) {
        limit.miss(req);
        throw notFound();
      }
      const [cats, counted] = await Promise.all([
        loadCategories(app.db, req.platform),
        app.postViews.count(app.db, v.post.id, req.ip),
      ]);
      if (counted !== null) v.post.viewCount = counted;
      const related = await findRelatedPosts(app.db, req.platform, v.post, cats, app.storage);
      return { data: { post: presentPublicPost(v, cats, app.storage), related } };
    },
  );
}
