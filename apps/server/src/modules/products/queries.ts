import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PlatformKey, Product, ProductListQuery } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { producers, productVariants, products } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { pageWindow, textSearch } from '../../lib/search.js';
import { loadCategories } from '../catalog/queries.js';
import { presentProduct, type ProductRow } from './presenter.js';

/** Every query is scoped by platform; a producer's queries also by its producer id. */
export interface Scope {
  platform: PlatformKey;
  producerId?: number;
}

function scopeWhere(scope: Scope): SQL {
  const conds = [eq(products.platform, scope.platform)];
  if (scope.producerId !== undefined) conds.push(eq(products.producerId, scope.producerId));
  return and(...conds)!;
}

const SORTS = {
  created_at: [asc(products.createdAt), asc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
} as const;

export async function listProducts(
  db: Db,
  scope: Scope,
  q: ProductListQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [scopeWhere(scope)];
  if (q.status) conds.push(eq(products.status, q.status));
  if (q.category_id) conds.push(eq(products.categoryId, q.category_id));
  if (q.producer_id && scope.producerId === undefined) conds.push(eq(products.producerId, q.producer_id));
  if (q.q) conds.push(textSearch(q.q, products.name, products.nameEn, products.sku, products.gtin));
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...SORTS[q.sort])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The product within the scope, or 404 (another producer's or platform's product is "not found"). */
export async function getProduct(
  db: Db | Tx,
  scope: Scope,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(scopeWhere(scope), eq(products.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Presents rows with their producer names, category paths and active variants (three queries). */
export async function presentProducts(db: Db | Tx, rows: ProductRow[], base: string): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const producerIds = [...new Set(rows.map((r) => r.producerId))];
  const [categories, variants, names] = await Promise.all([
    loadCategories(db),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
    db.select({ id: producers.id, name: producers.name }).from(producers).where(inArray(producers.id, producerIds)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((p) =>
    presentProduct(p, { producerName: nameOf.get(p.producerId) ?? '', categories, variants, base }),
  );
}

export async function presentOne(db: Db | Tx, row: ProductRow, base: string): Promise<Product> {
  return (await presentProducts(db, [row], base))[0];
}
