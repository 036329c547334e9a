import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { POST_STATUSES, type ADMIN_POST_SORT_FIELDS, type AdminPost, type adminPostListQuery } from '@agrihub/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import type { ListSpec } from '../../lib/list.js';
import { textSearch } from '../../lib/search.js';
import { postMeta } from './public-queries.js';
import {
  categoryRef,
  imageOf,
  postEffectiveStatus,
  postPublishedAt,
  postViews,
  subtreeIds,
  type CategoryRow,
  type PostView,
  type UrlOf,
} from './queries.js';

type ListQuery = z.output<typeof adminPostListQuery>;

/** The back office's post list: its sorts (published_at: when it went or goes public) and q over title and summary. */
export const ADMIN_POST_LIST: ListSpec<(typeof ADMIN_POST_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  sorts: {
    updated_at: posts.updatedAt,
    created_at: posts.createdAt,
    published_at: postPublishedAt,
    title: posts.title,
    view_count: posts.viewCount,
  },
  search: [posts.title, posts.summary],
  tiebreak: posts.id,
};

/** The platform's posts narrowed by the list filters (status as readers see it, category with its subtree, q). */
export function adminPostWhere(
  platform: string,
  f: ListQuery,
  cats: readonly CategoryRow[],
  opts: { withoutStatus?: boolean } = {},
): SQL {
  return and(
    eq(posts.platform, platform),
    f.q ? textSearch(f.q, ...ADMIN_POST_LIST.search) : undefined,
    f.status && !opts.withoutStatus ? eq(postEffectiveStatus, f.status) : undefined,
    f.category_id ? inArray(posts.categoryId, [0, ...subtreeIds(f.category_id, cats)]) : undefined,
  )!;
}

/** Posts per status as readers see it (every status present, 0 when none). */
export async function postCountsPerStatus(db: Db | Tx, where: SQL): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: postEffectiveStatus, n: count() })
    .from(posts)
    .where(where)
    .groupBy(postEffectiveStatus);
  const counts: Record<string, number> = Object.fromEntries(POST_STATUSES.map((s) => [s, 0]));
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** The platform's post as the back office reads it, or null. */
export async function findAdminPostView(db: Db | Tx, platform: string, id: number): Promise<PostView | null> {
  const [v] = await postViews(db)
    .where(and(eq(posts.platform, platform), eq(posts.id, id)))
    .limit(1);
  return v ?? null;
}

/** A post as the back office reads it: a scheduled post whose time has come reads `published`. */
export function presentAdminPost(v: PostView, cats: readonly CategoryRow[], urls: UrlOf): AdminPost {
  const p = v.post;
  const published = v.status === 'published';
  const metaImage = imageOf(v.metaImage, urls);
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    summary: p.summary,
    body: p.body,
    cover: imageOf(v.cover, urls),
    category: categoryRef(p.categoryId, cats),
    status: v.status,
    publish_at: p.publishAt?.toISOString() ?? null,
    published_at: (p.publishedAt ?? (published ? p.publishAt : null))?.toISOString() ?? null,
    view_count: p.viewCount,
    author: p.authorId !== null && v.authorName !== null ? { id: p.authorId, name: v.authorName } : null,
    meta_title: p.metaTitle,
    meta_description: p.metaDescription,
    meta_image: metaImage ? { id: metaImage.id, url: metaImage.url } : null,
    meta: postMeta(v, urls),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
