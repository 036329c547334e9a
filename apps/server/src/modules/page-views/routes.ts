import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminPageViewAnswer,
  adminPageViewListAnswer,
  adminPageViewListQuery,
  clientPageViewAnswer,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idOrSlugParam,
  idParam,
  okEnvelope,
  pageViewInput,
  translate,
  type ADMIN_PAGE_VIEW_SORT_FIELDS,
  type AdminPageView,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { pageViews } from '../../db/schema/index.js';
import { historyPage, recordActivity } from '../../lib/activity.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { cleanRichText, isEmptyRichText } from '../../lib/rich-text.js';
import { requestScope } from '../../lib/scope.js';
import { imageOf, type UrlOf } from '../posts/queries.js';
import { PUBLIC, pickUpload, publishUploads, resolveStaffUploads, type StaffActor } from '../uploads/resolve.js';
import { findPublishedPageView, pageViewMeta, pageViewRows, type PageViewRow } from './public-queries.js';

type Row = typeof pageViews.$inferSelect;
type Body = z.output<typeof pageViewInput>;

const PAGE_VIEW_LIST: ListSpec<(typeof ADMIN_PAGE_VIEW_SORT_FIELDS)[number]> = {
  sorts: { updated_at: pageViews.updatedAt, title: pageViews.title, slug: pageViews.slug },
  search: [pageViews.title, pageViews.slug],
  tiebreak: pageViews.id,
};

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin content'];

function presentAdmin(r: PageViewRow, urls: UrlOf): AdminPageView {
  const p = r.page;
  const metaImage = imageOf(r.metaImage, urls);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    body: p.body,
    status: p.status,
    meta_title: p.metaTitle,
    meta_description: p.metaDescription,
    meta_image: metaImage ? { id: metaImage.id, url: metaImage.url } : null,
    meta: pageViewMeta(r, urls),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

const slugTaken = (slug: string) => new AppError(409, 'slugTaken', { slug }, [{ field: 'slug', message: 'slugTaken' }]);

const DIFF_FIELDS: [keyof Row, string][] = [
  ['slug', 'slug'],
  ['title', 'title'],
  ['body', 'body'],
  ['status', 'status'],
  ['metaTitle', 'meta_title'],
  ['metaDescription', 'meta_description'],
  ['metaImageId', 'meta_image_id'],
];

/**
 * Page views (DESIGN §5.4): the platform's editable static pages with SEO metadata — the back
 * office's list, read, create, replace, delete and history; the public reads a published one by
 * id or slug (`/information-security` shows the page of that slug).
 */
export default async function pageViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.lookupLimiter;

  async function answer(req: FastifyRequest, id: number): Promise<AdminPageView> {
    const [row] = await pageViewRows(app.db)
      .where(and(eq(pageViews.platform, requestScope(req).platform), eq(pageViews.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return presentAdmin(row, app.storage);
  }

  /** The stored values of a page view: body cleaned (422 when nothing is left), slug free (409), meta image the platform's. */
  async function valuesOf(tx: Tx, actor: StaffActor, b: Body, before: Row | null) {
    const { platform } = actor;
    const exceptId = before?.id ?? null;
    const body = cleanRichText(b.body);
    if (isEmptyRichText(body)) throw unprocessable('pleaseInputBody', {}, 'body');
    const [clash] = await tx
      .select({ id: pageViews.id })
      .from(pageViews)
      .where(
        and(
          eq(pageViews.platform, platform),
          eq(pageViews.slug, b.slug),
          exceptId === null ? undefined : ne(pageViews.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) throw slugTaken(b.slug);
    if (b.meta_image_id) {
      const kept = before?.metaImageId ? [before.metaImageId] : [];
      const found = await resolveStaffUploads(tx, app.storage, actor, [b.meta_image_id], PUBLIC, kept);
      pickUpload(found, b.meta_image_id, 'meta_image_id', 'image');
      await publishUploads(tx, [b.meta_image_id]);
    }
    return {
      slug: b.slug,
      title: b.title,
      body,
      status: b.status,
      metaTitle: b.meta_title ?? null,
      metaDescription: b.meta_description ?? null,
      metaImageId: b.meta_image_id ?? null,
    } satisfies Partial<Row>;
  }

  /** Runs a write; a slug taken meanwhile (the unique index) is 409 slugTaken too. */
  async function write<T>(slug: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'page_views_platform_slug_uq')) throw slugTaken(slug);
      throw err;
    }
  }

  r.get(
    '/api/v1/admin/page_views',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary: "The platform's page views (no body): filter status, q (title, slug; accent-free), sort, paging",
        querystring: adminPageViewListQuery,
        response: { 200: adminPageViewListAnswer, ...errors },
      },
    },
    async (req) => {
      const list = listPlan(req.query, PAGE_VIEW_LIST);
      const where = and(
        eq(pageViews.platform, requestScope(req).platform),
        list.search,
        req.query.status ? eq(pageViews.status, req.query.status) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        pageViewRows(app.db, { list: true })
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(pageViews).where(where),
      ]);
      return {
        data: {
          page_views: rows.map((row) => {
            const { body: _body, ...rest } = presentAdmin(row, app.storage);
            return rest;
          }),
        },
        meta: list.meta(n),
      };
    },
  );

  r.get(
    '/api/v1/admin/page_views/:id',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary: 'One page view of the platform with its stored SEO fields and the metadata after fallbacks',
        params: idParam,
        response: { 200: adminPageViewAnswer, ...errors },
      },
    },
    async (req) => ({ data: { page_view: await answer(req, req.params.id) } }),
  );

  r.get(
    '/api/v1/admin/page_views/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'post'] },
      schema: {
        tags,
        summary: "The page view's history: created, edits (changed fields, before → after); newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: pageViews.id })
        .from(pageViews)
        .where(and(eq(pageViews.platform, requestScope(req).platform), eq(pageViews.id, req.params.id)));
      if (!row) throw notFound();
      return historyPage(app.db, 'page_view', row.id, true, req.query);
    },
  );

  r.post(
    '/api/v1/admin/page_views',
    {
      config: { access: 'admin', ability: ['create', 'post'] },
      schema: {
        tags,
        summary:
          'Create a page view: slug unique on the platform (409 slugTaken), body cleaned by the allow-list, status draft or published, SEO meta',
        body: pageViewInput,
        response: { 201: adminPageViewAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const { platform, userId } = requestScope(req);
      const id = await write(req.body.slug, () =>
        app.db.transaction(async (tx) => {
          const values = await valuesOf(tx, { platform, userId }, req.body, null);
          const [row] = await tx
            .insert(pageViews)
            .values({ platform, ...values })
            .returning();
          await recordActivity(tx, {
            subjectType: 'page_view',
            subjectId: row.id,
            platform,
            actorId: userId,
            action: 'create',
            to: row.status,
            diff: { slug: row.slug, title: row.title, status: row.status },
          });
          return row.id;
        }),
      );
      reply.status(201);
      return {
        data: { page_view: await answer(req, id) },
        meta: { message: translate(req.locale, 'page_view_created') },
      };
    },
  );

  r.put(
    '/api/v1/admin/page_views/:id',
    {
      config: { access: 'admin', ability: ['update', 'post'] },
      schema: {
        tags,
        summary: 'Replace a page view of the platform (same rules as POST); one history row with the changed fields',
        params: idParam,
        body: pageViewInput,
        response: { 200: adminPageViewAnswer, ...errors },
      },
    },
    async (req) => {
      const { platform, userId } = requestScope(req);
      await write(req.body.slug, () =>
        app.db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(pageViews)
            .where(and(eq(pageViews.platform, platform), eq(pageViews.id, req.params.id)))
            .for('update');
          if (!before) throw notFound();
          const values = await valuesOf(tx, { platform, userId }, req.body, before);
          const changes: Record<string, [unknown, unknown]> = {};
          for (const [key, name] of DIFF_FIELDS)
            if (before[key] !== values[key as keyof typeof values])
              changes[name] = key === 'body' ? [null, null] : [before[key], values[key as keyof typeof values]];
          if (!Object.keys(changes).length) return;
          await tx
            .update(pageViews)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(pageViews.id, before.id));
          const moved = before.status !== values.status;
          await recordActivity(tx, {
            subjectType: 'page_view',
            subjectId: before.id,
            platform,
            actorId: userId,
            action: moved ? (values.status === 'published' ? 'publish' : 'unpublish') : 'update',
            from: before.status,
            to: values.status,
            diff: { fields: Object.keys(changes), changes },
          });
        }),
      );
      return {
        data: { page_view: await answer(req, req.params.id) },
        meta: { message: translate(req.locale, 'page_view_updated') },
      };
    },
  );

  r.delete(
    '/api/v1/admin/page_views/:id',
    {
      config: { access: 'admin', ability: ['manage', 'post'] },
      schema: {
        tags,
        summary: 'Delete a page view of the platform (its history keeps a row saying so)',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const { platform, userId } = requestScope(req);
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(pageViews)
          .where(and(eq(pageViews.platform, platform), eq(pageViews.id, req.params.id)))
          .returning();
        if (!row) throw notFound();
        await recordActivity(tx, {
          subjectType: 'page_view',
          subjectId: row.id,
          platform,
          actorId: userId,
          action: 'delete',
          from: row.status,
          diff: { slug: row.slug, title: row.title },
        });
      });
      return { meta: { message: translate(req.locale, 'page_view_deleted') } };
    },
  );

  r.get(
    '/api/v1/client/page_views/:id',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary:
          'A published page view of the platform by id or slug, with its metadata after fallbacks (a draft is 404)',
        params: idOrSlugParam,
        response: { 200: clientPageViewAnswer, 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      const page = await findPublishedPageView(app.db, req.platform, req.params.id, app.storage);
      if (!page) {
        limit.miss(req);
        throw notFound();
      }
      return { data: { page_view: page } };
    },
  );
}
