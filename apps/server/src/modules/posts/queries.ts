import { and, asc, eq, getTableColumns, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { categoryPath, type CategoryNode, type PostStatus } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { postCategories, posts, uploads, users } from '../../db/schema/index.js';
import type { StorageDriver } from '../../plugins/storage.js';

/** What turns a storage key into a URL (the app's storage driver; the local driver's rule by default). */
export type UrlOf = Pick<StorageDriver, 'url'>;
export const LOCAL_URLS: UrlOf = { url: (key) => `/uploads/${key}` };

/**
 * A post is public when published, or scheduled with its time come (ADR 016): the read-time rule
 * every public query uses, so a scheduled post shows at its time even before the job flips it.
 */
export const postIsPublic: SQL = or(
  eq(posts.status, 'published'),
  and(eq(posts.status, 'scheduled'), lte(posts.publishAt, sql`now()`)),
)!;

/** When a post went public: published_at, or the time a due scheduled post was scheduled for. */
export const postPublishedAt = sql<Date | null>`coalesce(${posts.publishedAt}, ${posts.publishAt})`.mapWith(
  posts.publishedAt,
);

/** The status readers see: `published` for a scheduled post whose time has come. */
export const postEffectiveStatus = sql<PostStatus>`(case when ${posts.status} = 'scheduled' and ${posts.publishAt} <= now() then 'published' else ${posts.status} end)`;

/** The published posts of a platform. */
export const publicPostsOf = (platform: string): SQL => and(eq(posts.platform, platform), postIsPublic)!;

// ───────────── categories ─────────────

export type CategoryRow = CategoryNode;

/** Every post category of the platform (a small table: the tree is handled in memory), by name. */
export async function loadCategories(db: Db | Tx, platform: string): Promise<CategoryRow[]> {
  return db
    .select({ id: postCategories.id, name: postCategories.name, parent_id: postCategories.parentId })
    .from(postCategories)
    .where(eq(postCategories.platform, platform))
    .orderBy(asc(postCategories.name), asc(postCategories.id));
}

/** The category and every category under it. */
export function subtreeIds(id: number, all: readonly CategoryRow[]): number[] {
  const children = new Map<number, number[]>();
  for (const c of all) {
    if (c.parent_id === null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c.id);
    children.set(c.parent_id, list);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = all.some((c) => c.id === id) ? [id] : [];
  while (stack.length) {
    const cur = stack.pop()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

export function categoryRef(id: number, all: readonly CategoryRow[]) {
  const c = all.find((x) => x.id === id);
  return { id, name: c?.name ?? '', path: categoryPath(id, all) };
}

// ───────────── posts with their images ─────────────

const cover = alias(uploads, 'cover');
const metaImage = alias(uploads, 'meta_image');

export interface PostView {
  post: typeof posts.$inferSelect;
  publishedAt: Date | null;
  status: PostStatus;
  cover: { id: number | null; key: string | null; thumb: string | null } | null;
  metaImage: { id: number | null; key: string | null; thumb: string | null } | null;
  authorName: string | null;
}

/**
 * How much of the body a list reads: enough for the meta description's fallback (160 characters
 * of text), without moving whole articles for a page of summaries.
 */
export const LIST_BODY_PREFIX = 4000;

/**
 * Posts with their cover and meta image (as stored uploads), their public time and the status
 * readers see. `list`: the body is cut to LIST_BODY_PREFIX characters (lists never answer it).
 */
export function postViews(db: Db | Tx, opts: { list?: boolean } = {}) {
  return db
    .select({
      post: opts.list
        ? { ...getTableColumns(posts), body: sql<string>`left(${posts.body}, ${sql.raw(String(LIST_BODY_PREFIX))})` }
        : posts,
      publishedAt: postPublishedAt,
      status: postEffectiveStatus,
      cover: { id: cover.id, key: cover.storageKey, thumb: cover.thumbnailKey },
      metaImage: { id: metaImage.id, key: metaImage.storageKey, thumb: metaImage.thumbnailKey },
      authorName: users.name,
    })
    .from(posts)
    .leftJoin(cover, eq(cover.id, posts.coverId))
    .leftJoin(metaImage, eq(metaImage.id, posts.metaImageId))
    .leftJoin(users, eq(users.id, posts.authorId));
}

export interface ContentImage {
  id: number;
  url: string;
  thumbnail_url: string | null;
}

/** An upload joined to a record as the answer shows it (null when there is none). */
export function imageOf(
  u: { id: number | null; key: string | null; thumb: string | null } | null,
  urls: UrlOf,
): ContentImage | null {
  if (!u || u.id === null || u.key === null) return null;
  return { id: u.id, url: urls.url(u.key), thumbnail_url: u.thumb ? urls.url(u.thumb) : null };
}

/** `{id}` of a public call: a numeric id (within int range) matches the id or the slug; anything else the slug. */
export function idOrSlugWhere(idColumn: AnyPgColumn, slugColumn: AnyPgColumn, idOrSlug: string): SQL {
  const n = /^\d{1,10}$/.test(idOrSlug) ? Number(idOrSlug) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647
    ? or(eq(idColumn, n), eq(slugColumn, idOrSlug))!
    : eq(slugColumn, idOrSlug);
}
