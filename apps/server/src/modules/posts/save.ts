import type { FastifyInstance } from 'fastify';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { CONTENT_SLUG_MAX, slugify, type PostStatus, type postInput } from '@agrihub/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { cleanRichText, isEmptyRichText } from '../../lib/rich-text.js';
import { leafCategory, lockTree } from '../post-categories/tree.js';
import { PUBLIC, pickUpload, publishUploads, resolveStaffUploads } from '../uploads/resolve.js';
import { loadCategories } from './queries.js';

type PostBody = z.output<typeof postInput>;
type PostRow = typeof posts.$inferSelect;

/** What a post gets when its title leaves nothing for a slug (only signs, or another script). */
const FALLBACK_SLUG = 'bai-viet';

/** `base`, else `base-2`, `base-3`… : the first free slug of the platform (within CONTENT_SLUG_MAX). */
export async function uniqueSlug(tx: Tx, platform: string, base: string, exceptId: number | null): Promise<string> {
  const root = base || FALLBACK_SLUG;
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        eq(posts.platform, platform),
        exceptId === null ? undefined : ne(posts.id, exceptId),
        or(eq(posts.slug, root), sql`${posts.slug} like ${`${root.slice(0, CONTENT_SLUG_MAX - 8)}%`}`),
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${root.slice(0, CONTENT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The status a stored post reads as now (a scheduled post whose time has come is published). */
export function effectiveStatus(p: Pick<PostRow, 'status' | 'publishAt'>, now = new Date()): PostStatus {
  return p.status === 'scheduled' && p.publishAt && p.publishAt <= now ? 'published' : p.status;
}

/** The history action of a save: the status move when there is one, else a plain edit. */
function actionOf(before: PostStatus | null, after: PostStatus): string {
  if (before === null) return 'create';
  if (before === after) return 'update';
  return after === 'published' ? 'publish' : after === 'scheduled' ? 'schedule' : 'unpublish';
}

const DIFF_FIELDS: [keyof PostRow, string][] = [
  ['title', 'title'],
  ['slug', 'slug'],
  ['summary', 'summary'],
  ['body', 'body'],
  ['coverId', 'cover_id'],
  ['categoryId', 'category_id'],
  ['status', 'status'],
  ['publishAt', 'publish_at'],
  ['metaTitle', 'meta_title'],
  ['metaDescription', 'meta_description'],
  ['metaImageId', 'meta_image_id'],
];

const shown = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The edit as the history shows it: changed fields, before → after (the body only named: it is long). */
function diffOf(before: PostRow, after: Partial<PostRow>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, name] of DIFF_FIELDS) {
    const [a, b] = [shown(before[key]), shown(after[key])];
    if (after[key] === undefined || a === b) continue;
    changes[name] = key === 'body' ? [null, null] : [a, b];
  }
  return { fields: Object.keys(changes), changes };
}

/**
 * Creates (id null) or replaces a post of the actor's platform, in one transaction: the body
 * cleaned (422 pleaseInputBody when nothing is left), a leaf category of the platform, cover and
 * meta image among the platform's image uploads, the schedule in the future, the slug free (given:
 * 409 slugTaken; made from the title: -2, -3…), published_at set at the first publication and
 * kept; one history row. Returns the post's id.
 */
export async function savePost(
  app: FastifyInstance,
  actor: { platform: string; userId: number },
  id: number | null,
  b: PostBody,
): Promise<number> {
  const { platform } = actor;
  const body = cleanRichText(b.body);
  if (isEmptyRichText(body)) throw unprocessable('pleaseInputBody', {}, 'body');
  const now = new Date();
  let publishAt = b.publish_at ? new Date(b.publish_at) : null;
  if (b.status === 'scheduled' && publishAt && publishAt <= now) throw unprocessable('publishAtPast', {}, 'publish_at');
  if (b.status !== 'scheduled' && b.status !== 'published') publishAt = null;

  try {
    return await app.db.transaction(async (tx) => {
      // Posts are placed in leaves under the tree's lock (a category getting its first child waits).
      await lockTree(tx, platform);
      let before: PostRow | null = null;
      if (id !== null) {
        [before] = await tx
          .select()
          .from(posts)
          .where(and(eq(posts.platform, platform), eq(posts.id, id)))
          .for('update');
        if (!before) throw notFound();
      }
      leafCategory(await loadCategories(tx, platform), b.category_id);

      const ids = [b.cover_id, b.meta_image_id].filter((x): x is number => typeof x === 'number');
      // An editor keeps the images the post has; new ones are the editor's own uploads.
      const kept = [before?.coverId, before?.metaImageId].filter((x): x is number => typeof x === 'number');
      const found = await resolveStaffUploads(tx, app.storage, actor, ids, PUBLIC, kept);
      if (b.cover_id) pickUpload(found, b.cover_id, 'cover_id', 'image');
      if (b.meta_image_id) pickUpload(found, b.meta_image_id, 'meta_image_id', 'image');
      await publishUploads(tx, ids);

      let slug: string;
      if (b.slug) {
        const [clash] = await tx
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.platform, platform), eq(posts.slug, b.slug), id === null ? undefined : ne(posts.id, id)))
          .limit(1);
        if (clash) throw new AppError(409, 'slugTaken', { slug: b.slug }, [{ field: 'slug', message: 'slugTaken' }]);
        slug = b.slug;
      } else {
        slug = before?.slug ?? (await uniqueSlug(tx, platform, slugify(b.title), id));
      }

      const beforeStatus = before ? effectiveStatus(before, now) : null;
      const wasPublishedAt = before
        ? (before.publishedAt ?? (beforeStatus === 'published' ? before.publishAt : null))
        : null;
      const values = {
        title: b.title,
        slug,
        summary: b.summary ?? null,
        body,
        coverId: b.cover_id ?? null,
        categoryId: b.category_id,
        status: b.status,
        publishAt,
        publishedAt: b.status === 'published' ? (wasPublishedAt ?? now) : wasPublishedAt,
        metaTitle: b.meta_title ?? null,
        metaDescription: b.meta_description ?? null,
        metaImageId: b.meta_image_id ?? null,
      } satisfies Partial<PostRow>;

      let saved: PostRow;
      if (before) {
        [saved] = await tx
          .update(posts)
          .set({ ...values, updatedAt: now })
          .where(eq(posts.id, before.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(posts)
          .values({ ...values, platform, authorId: actor.userId })
          .returning();
      }
      const action = actionOf(beforeStatus, b.status);
      await recordActivity(tx, {
        subjectType: 'post',
        subjectId: saved.id,
        platform,
        actorId: actor.userId,
        action,
        from: beforeStatus,
        to: b.status,
        diff: before ? diffOf(before, values) : { title: saved.title, slug: saved.slug, status: saved.status },
      });
      return saved.id;
    });
  } catch (err) {
    // A slug taken meanwhile (by a write that did not take the tree's lock).
    if (isUniqueViolation(err, 'posts_platform_slug_uq'))
      throw new AppError(409, 'slugTaken', { slug: b.slug ?? '' }, [{ field: 'slug', message: 'slugTaken' }]);
    throw err;
  }
}

/** Deletes a post of the platform, with one history row (its earlier rows are kept: who did what stays known). */
export async function deletePost(app: FastifyInstance, actor: { platform: string; userId: number }, id: number) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(posts)
      .where(and(eq(posts.platform, actor.platform), eq(posts.id, id)))
      .returning();
    if (!row) throw notFound();
    await recordActivity(tx, {
      subjectType: 'post',
      subjectId: row.id,
      platform: actor.platform,
      actorId: actor.userId,
      action: 'delete',
      from: effectiveStatus(row),
      diff: { title: row.title, slug: row.slug },
    });
  });
}
