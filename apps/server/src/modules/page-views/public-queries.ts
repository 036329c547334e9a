import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageMeta, PlatformKey, PublicPageView } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { pageViews, uploads } from '../../db/schema/index.js';
import { plainText } from '../../lib/rich-text.js';
import { LIST_BODY_PREFIX, LOCAL_URLS, idOrSlugWhere, imageOf, type UrlOf } from '../posts/queries.js';
import { META_DESCRIPTION_FALLBACK, SITEMAP_MAX_URLS } from '../posts/public-queries.js';

/**
 * What the public pages read of page views (the client route, the server-rendered SEO tags, the
 * sitemap): published page views of the given platform only.
 */

const metaImage = alias(uploads, 'page_meta_image');

export interface PageViewRow {
  page: typeof pageViews.$inferSelect;
  metaImage: { id: number | null; key: string | null; thumb: string | null } | null;
}

/** Page views with their meta image; `list`: the body cut to LIST_BODY_PREFIX characters (lists never answer it). */
export function pageViewRows(db: Db | Tx, opts: { list?: boolean } = {}) {
  return db
    .select({
      page: opts.list
        ? {
            ...getTableColumns(pageViews),
            body: sql<string>`left(${pageViews.body}, ${sql.raw(String(LIST_BODY_PREFIX))})`,
          }
        : pageViews,
      metaImage: { id: metaImage.id, key: metaImage.storageKey, thumb: metaImage.thumbnailKey },
    })
    .from(pageViews)
    .leftJoin(metaImage, eq(metaImage.id, pageViews.metaImageId));
}

/** Shared with: meta title → title; meta description → the body's text (160 characters); meta image → null. */
export function pageViewMeta(r: PageViewRow, urls: UrlOf): PageMeta {
  return {
    title: r.page.metaTitle ?? r.page.title,
    description: r.page.metaDescription ?? plainText(r.page.body, META_DESCRIPTION_FALLBACK),
    image_url: imageOf(r.metaImage, urls)?.url ?? null,
  };
}

export function presentPublicPageView(r: PageViewRow, urls: UrlOf): PublicPageView {
  return {
    id: r.page.id,
    slug: r.page.slug,
    title: r.page.title,
    body: r.page.body,
    meta: pageViewMeta(r, urls),
    updated_at: r.page.updatedAt.toISOString(),
  };
}

/** The published page view of the platform with this id or slug, or null. */
export async function findPublishedPageView(
  db: Db,
  platform: PlatformKey,
  idOrSlug: string,
  urls: UrlOf = LOCAL_URLS,
): Promise<PublicPageView | null> {
  const [row] = await pageViewRows(db)
    .where(
      and(
        eq(pageViews.platform, platform),
        eq(pageViews.status, 'published'),
        idOrSlugWhere(pageViews.id, pageViews.slug, idOrSlug),
      ),
    )
    .orderBy(sql`(${pageViews.id}::text = ${idOrSlug}) desc`)
    .limit(1);
  return row ? presentPublicPageView(row, urls) : null;
}

/** Slugs and last change of the platform's published page views, for the sitemap (≤ 50,000). */
export async function listPublishedPageViewSlugs(
  db: Db,
  platform: PlatformKey,
): Promise<{ slug: string; updated_at: Date }[]> {
  return db
    .select({ slug: pageViews.slug, updated_at: pageViews.updatedAt })
    .from(pageViews)
    .where(and(eq(pageViews.platform, platform), eq(pageViews.status, 'published')))
    .orderBy(desc(pageViews.updatedAt), desc(pageViews.id))
    .limit(SITEMAP_MAX_URLS);
}
