import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  RELATED_POSTS,
  type PageMeta,
  type PlatformKey,
  type PublicPost,
  type PublicPostSummary,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { postCategories, posts } from '../../db/schema/index.js';
import { plainText } from '../../lib/rich-text.js';
import {
  LOCAL_URLS,
  categoryRef,
  idOrSlugWhere,
  imageOf,
  loadCategories,
  postPublishedAt,
  postViews,
  publicPostsOf,
  type CategoryRow,
  type PostView,
  type UrlOf,
} from './queries.js';

/**
 * What the public pages read of posts (the API's client routes and the server-rendered SEO tags,
 * sitemap): only published posts — a scheduled post whose time has come counts as published
 * (ADR 016) — of the given platform. Nothing here counts a view.
 */

/** Meta description fallback length (characters of the body's text). */
export const META_DESCRIPTION_FALLBACK = 160;
/** Sitemap bound (the sitemap protocol's limit per file). */
export const SITEMAP_MAX_URLS = 50_000;

/** The metadata a post is shared with: meta title → title; meta description → summary → body text; meta image → cover → null. */
export function postMeta(v: PostView, urls: UrlOf): PageMeta {
  const p = v.post;
  return {
    title: p.metaTitle ?? p.title,
    description: p.metaDescription ?? p.summary ?? plainText(p.body, META_DESCRIPTION_FALLBACK),
    image_url: imageOf(v.metaImage, urls)?.url ?? imageOf(v.cover, urls)?.url ?? null,
  };
}

export function presentPublicSummary(v: PostView, cats: readonly CategoryRow[], urls: UrlOf): PublicPostSummary {
  const p = v.post;
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    summary: p.summary,
    cover: imageOf(v.cover, urls),
    category: categoryRef(p.categoryId, cats),
    published_at: (v.publishedAt ?? p.updatedAt).toISOString(),
    view_count: p.viewCount,
  };
}

export function presentPublicPost(v: PostView, cats: readonly CategoryRow[], urls: UrlOf): PublicPost {
  return { ...presentPublicSummary(v, cats, urls), body: v.post.body, meta: postMeta(v, urls) };
}

/** The published post of the platform with this id or slug, or null (a draft, a future scheduled post, another platform's). */
export async function findPublishedPostView(db: Db, platform: PlatformKey, idOrSlug: string): Promise<PostView | null> {
  const [v] = await postViews(db)
    .where(and(publicPostsOf(platform), idOrSlugWhere(posts.id, posts.slug, idOrSlug)))
    // A numeric id wins over a post whose slug is that number.
    .orderBy(sql`(${posts.id}::text = ${idOrSlug}) desc`)
    .limit(1);
  return v ?? null;
}

/** The published post as its public page shows it, or null. Counts no view. */
export async function findPublishedPost(
  db: Db,
  platform: PlatformKey,
  idOrSlug: string,
  urls: UrlOf = LOCAL_URLS,
): Promise<PublicPost | null> {
  const v = await findPublishedPostView(db, platform, idOrSlug);
  if (!v) return null;
  return presentPublicPost(v, await loadCategories(db, platform), urls);
}

/**
 * Up to RELATED_POSTS published posts related to a post: of its category first, then of its
 * sibling categories (same parent), newest first; never the post itself.
 */
export async function findRelatedPosts(
  db: Db,
  platform: PlatformKey,
  post: { id: number; categoryId: number },
  cats: readonly CategoryRow[],
  urls: UrlOf = LOCAL_URLS,
): Promise<PublicPostSummary[]> {
  const own = cats.find((c) => c.id === post.categoryId);
  const siblings = cats.filter((c) => own && c.parent_id === own.parent_id).map((c) => c.id);
  const ids = [...new Set([post.categoryId, ...siblings])];
  const views = await postViews(db, { list: true })
    .where(and(publicPostsOf(platform), ne(posts.id, post.id), inArray(posts.categoryId, ids)))
    .orderBy(sql`(${posts.categoryId} = ${post.categoryId}) desc`, desc(postPublishedAt), desc(posts.id))
    .limit(RELATED_POSTS);
  return views.map((v) => presentPublicSummary(v, cats, urls));
}

/** Slugs and last change of the platform's published posts, newest first, for the sitemap (≤ 50,000). */
export async function listPublishedPostUrls(
  db: Db,
  platform: PlatformKey,
): Promise<{ slug: string; updated_at: Date }[]> {
  return db
    .select({ slug: posts.slug, updated_at: posts.updatedAt })
    .from(posts)
    .where(publicPostsOf(platform))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(SITEMAP_MAX_URLS);
}

/** The name of one of the platform's post categories (for a category page's title), or null. */
export async function findPostCategoryName(db: Db, platform: PlatformKey, id: number): Promise<string | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ name: postCategories.name })
    .from(postCategories)
    .where(and(eq(postCategories.platform, platform), eq(postCategories.id, id)))
    .limit(1);
  return row?.name ?? null;
}
