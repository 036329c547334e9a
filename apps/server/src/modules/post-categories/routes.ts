import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  errorEnvelope,
  idParam,
  okEnvelope,
  postCategoryAnswer,
  postCategoryInput,
  postCategoryListAnswer,
  postCategoryUpdate,
  translate,
} from '@agrihub/contract';
import { postCategories } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requestScope } from '../../lib/scope.js';
import { loadCategories, type CategoryRow } from '../posts/queries.js';
import { checkParent, directPostCounts, lockTree, postCountsByCategory, presentCategory, presentTree } from './tree.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin content'];

/**
 * Post categories (spec §3 tree, DESIGN §5.4): the back office adds, renames, moves and deletes
 * the platform's categories under the tree's rules (tree.ts); the public reads the tree with the
 * published posts of each subtree. Another platform's category is not found.
 */
export default async function postCategoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.lookupLimiter;

  async function answerOne(req: FastifyRequest, id: number) {
    const { platform } = requestScope(req);
    const all = await loadCategories(app.db, platform);
    const c = all.find((x) => x.id === id);
    if (!c) throw notFound();
    return presentCategory(c, all, await postCountsByCategory(app.db, platform, false));
  }

  r.get(
    '/api/v1/admin/post_categories',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary:
          "The platform's post category tree, flat in name order: path (names joined with ' > '), is_leaf, post_count (posts of every status in the category and its subtree)",
        response: { 200: postCategoryListAnswer, ...errors },
      },
    },
    async (req) => {
      const { platform } = requestScope(req);
      const [all, counts] = await Promise.all([
        loadCategories(app.db, platform),
        postCountsByCategory(app.db, platform, false),
      ]);
      return { data: { category_posts: presentTree(all, counts) } };
    },
  );

  r.post(
    '/api/v1/admin/post_categories',
    {
      config: { access: 'admin', ability: ['create', 'post'] },
      schema: {
        tags,
        summary:
          "Add a category (under parent_id, or at the root): the parent must be one of the platform's categories without posts of its own (409 categoryParentHasPosts: posts only live in leaves)",
        body: postCategoryInput,
        response: { 201: postCategoryAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const { platform } = requestScope(req);
      const id = await app.db.transaction(async (tx) => {
        await lockTree(tx, platform);
        if (req.body.parent_id !== null)
          await checkParent(tx, await loadCategories(tx, platform), req.body.parent_id, null);
        const [row] = await tx
          .insert(postCategories)
          .values({ platform, name: req.body.name, parentId: req.body.parent_id })
          .returning({ id: postCategories.id });
        return row.id;
      });
      reply.status(201);
      return {
        data: { category_post: await answerOne(req, id) },
        meta: { message: translate(req.locale, 'post_category_created') },
      };
    },
  );

  r.put(
    '/api/v1/admin/post_categories/:id',
    {
      config: { access: 'admin', ability: ['update', 'post'] },
      schema: {
        tags,
        summary:
          'Rename and/or move a category (parent_id null: to the root). A move under itself or its subtree is 409 categoryCycle; under a category with posts 409 categoryParentHasPosts',
        params: idParam,
        body: postCategoryUpdate,
        response: { 200: postCategoryAnswer, ...errors },
      },
    },
    async (req) => {
      const { platform } = requestScope(req);
      await app.db.transaction(async (tx) => {
        await lockTree(tx, platform);
        const all = await loadCategories(tx, platform);
        const current = all.find((c) => c.id === req.params.id);
        if (!current) throw notFound();
        const set: Partial<typeof postCategories.$inferInsert> = {};
        if (req.body.name !== undefined && req.body.name !== current.name) set.name = req.body.name;
        const parentId = req.body.parent_id;
        if (parentId !== undefined && parentId !== current.parent_id) {
          if (parentId !== null) await checkParent(tx, all, parentId, current);
          set.parentId = parentId;
        }
        if (Object.keys(set).length)
          await tx
            .update(postCategories)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(postCategories.id, current.id));
      });
      return {
        data: { category_post: await answerOne(req, req.params.id) },
        meta: { message: translate(req.locale, 'post_category_updated') },
      };
    },
  );

  r.delete(
    '/api/v1/admin/post_categories/:id',
    {
      config: { access: 'admin', ability: ['manage', 'post'] },
      schema: {
        tags,
        summary:
          'Delete an empty category: 409 categoryHasChildren (it has sub-categories) or categoryHasPosts (it has posts), naming how many',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const { platform } = requestScope(req);
      await app.db.transaction(async (tx) => {
        await lockTree(tx, platform);
        const all: CategoryRow[] = await loadCategories(tx, platform);
        const current = all.find((c) => c.id === req.params.id);
        if (!current) throw notFound();
        const children = all.filter((c) => c.parent_id === current.id).length;
        if (children) throw new AppError(409, 'categoryHasChildren', { name: current.name, count: children });
        const postCount = (await directPostCounts(tx, [current.id])).get(current.id) ?? 0;
        if (postCount) throw new AppError(409, 'categoryHasPosts', { name: current.name, count: postCount });
        await tx.delete(postCategories).where(eq(postCategories.id, current.id));
      });
      return { meta: { message: translate(req.locale, 'post_category_deleted') } };
    },
  );

  r.get(
    '/api/v1/client/category_posts',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary:
          "The platform's post category tree for the news pages: path, is_leaf, post_count = published posts of the category and its subtree",
        response: { 200: postCategoryListAnswer, 429: errorEnvelope },
      },
    },
    async (req) => {
      const [all, counts] = await Promise.all([
        loadCategories(app.db, req.platform),
        postCountsByCategory(app.db, req.platform, true),
      ]);
      return { data: { category_posts: presentTree(all, counts) } };
    },
  );
}
