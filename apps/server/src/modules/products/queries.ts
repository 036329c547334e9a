import { and, eq, inArray } from 'drizzle-orm';
import type { ListMeta, PlatformKey, PRODUCT_SORT_FIELDS, Product, ProductListQuery } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { producers, productVariants, products } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { cappedCount, listPlan, type ListSpec } from '../../lib/list.js';
import { visibleIn } from '../../lib/scope.js';
import { loadCategories } from '../catalog/queries.js';
import { presentProduct, type ProductRow } from './presenter.js';

/**
 * Every query is scoped by platform; a producer's queries also by its producer id (lib/scope
 * visibleIn: the producer's own products, or the platform's for an administrator).
 */
export interface Scope {
  platform: PlatformKey;
  producerId?: number | null;
}

/** The product lists (own and admin): sorts of the contract's PRODUCT_SORT_FIELDS; q in names, SKU and GTIN. */
export const PRODUCT_LIST: ListSpec<(typeof PRODUCT_SORT_FIELDS)[number]> = {
  sorts: { created_at: products.createdAt, name: products.name },
  search: [products.name, products.nameEn, products.sku, products.gtin],
  searchColumn: products.searchText,
  tiebreak: products.id,
};

export async function listProducts(
  db: Db,
  scope: Scope,
  q: ProductListQuery,
): Promise<{ rows: ProductRow[]; meta: ListMeta }> {
  const list = listPlan(q, PRODUCT_LIST);
  const where = and(
    visibleIn(products, scope),
    q.status ? eq(products.status, q.status) : undefined,
    q.category_id ? eq(products.categoryId, q.category_id) : undefined,
    q.producer_id && scope.producerId == null ? eq(products.producerId, q.producer_id) : undefined,
    list.search,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    cappedCount(db, products, where),
  ]);
  return { rows, meta: list.meta(total) };
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
    .where(and(visibleIn(products, scope), eq(products.id, id)))
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
