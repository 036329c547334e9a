import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { categoryPath, isLeaf, type PostCategory } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { postCategories, posts } from '../../db/schema/index.js';
import { AppError, unprocessable } from '../../lib/errors.js';
import { publicPostsOf, subtreeIds, type CategoryRow } from '../posts/queries.js';

/**
 * The post category tree's rules (DESIGN §5.4, ADR 016). Every change of the tree's shape (a
 * category added, moved or deleted) and every post placed in a category runs under one lock per
 * platform, so two concurrent moves cannot make a cycle and a post cannot land in a category that
 * is getting its first child.
 */
export async function lockTree(tx: Tx, platform: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`post-tree:${platform}`}, 0))`);
}

/** Posts directly in each of `ids` (any status). */
export async function directPostCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: posts.categoryId, n: count() })
    .from(posts)
    .where(inArray(posts.categoryId, ids))
    .groupBy(posts.categoryId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The platform's posts per category; `publicOnly` counts published posts (a due scheduled one counts). */
export async function postCountsByCategory(
  db: Db | Tx,
  platform: string,
  publicOnly: boolean,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: posts.categoryId, n: count() })
    .from(posts)
    .where(publicOnly ? publicPostsOf(platform) : eq(posts.platform, platform))
    .groupBy(posts.categoryId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The tree, flat, in name order: each category with its path, whether it is a leaf, and the posts of its subtree. */
export function presentTree(all: readonly CategoryRow[], counts: Map<number, number>): PostCategory[] {
  return all.map((c) => presentCategory(c, all, counts));
}

export function presentCategory(
  c: CategoryRow,
  all: readonly CategoryRow[],
  counts: Map<number, number>,
): PostCategory {
  return {
    id: c.id,
    name: c.name,
    parent_id: c.parent_id,
    path: categoryPath(c.id, all),
    is_leaf: isLeaf(c.id, all),
    post_count: subtreeIds(c.id, all).reduce((n, id) => n + (counts.get(id) ?? 0), 0),
  };
}

/**
 * The parent a category may be put under: one of the platform's categories (422 invalidCategory
 * on parent_id otherwise), never itself or one of its descendants (409 categoryCycle), and one
 * without posts of its own (409 categoryParentHasPosts: posts only live in leaves).
 */
export async function checkParent(
  tx: Tx,
  all: readonly CategoryRow[],
  parentId: number,
  moving: CategoryRow | null,
): Promise<void> {
  const parent = all.find((c) => c.id === parentId);
  if (!parent) throw unprocessable('invalidCategory', {}, 'parent_id');
  if (moving && subtreeIds(moving.id, all).includes(parentId))
    throw new AppError(409, 'categoryCycle', { name: moving.name });
  const direct = (await directPostCounts(tx, [parentId])).get(parentId) ?? 0;
  if (direct > 0) throw new AppError(409, 'categoryParentHasPosts', { name: parent.name, count: direct });
}

/** The leaf of the platform's tree a post goes in: 422 invalidCategory when not the platform's, categoryNotLeaf when it has children. */
export function leafCategory(all: readonly CategoryRow[], id: number, field = 'category_id'): CategoryRow {
  const c = all.find((x) => x.id === id);
  if (!c) throw unprocessable('invalidCategory', {}, field);
  if (!isLeaf(id, all)) throw unprocessable('categoryNotLeaf', {}, field);
  return c;
}

/** The platform's category by id (for 404s). */
export async function findCategory(db: Db | Tx, platform: string, id: number) {
  const [row] = await db
    .select()
    .from(postCategories)
    .where(and(eq(postCategories.platform, platform), eq(postCategories.id, id)))
    .limit(1);
  return row ?? null;
}
