import { asc } from 'drizzle-orm';
import { categoryPath, isLeaf, orderProductTypes, type ProductCategory, type ProductType } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { categories, productTypes } from '../../db/schema/index.js';

/** Every category with its path and leaf flag (the catalogue is global and small). */
export async function loadCategories(db: Db | Tx): Promise<ProductCategory[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  const nodes = rows.map((c) => ({ id: c.id, name: c.name, name_en: c.nameEn, parent_id: c.parentId }));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    name_en: c.nameEn,
    parent_id: c.parentId,
    path: categoryPath(c.id, nodes),
    path_en: categoryPath(c.id, nodes, (n) => (n as (typeof nodes)[number]).name_en),
    is_leaf: isLeaf(c.id, nodes),
    code: c.code,
    eudr_commodity: c.eudrCommodity,
    hs_code: c.hsCode,
  }));
}

export async function loadProductTypes(db: Db | Tx): Promise<ProductType[]> {
  const rows = await db.select().from(productTypes).orderBy(asc(productTypes.position), asc(productTypes.id));
  return orderProductTypes(rows.map((t) => ({ id: t.id, name: t.name, name_en: t.nameEn })));
}
