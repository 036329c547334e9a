import { OTHER_PRODUCT_TYPE_NAME } from './constants.js';

/**
 * Category trees (spec §3: product and post categories): `parent_id` links, the full path is
 * the names from the root joined with ' > ', and a category is a leaf when no other category
 * has it as parent. Only leaves are selectable for a product.
 */
export const CATEGORY_PATH_SEPARATOR = ' > ';

export interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
}
export type CategoryTree<T extends CategoryNode> = T & { children: CategoryTree<T>[] };

/** "Nông sản tươi > Rau củ"; '' for an unknown id. Guards against cycles in bad data. */
export function categoryPath(
  id: number,
  all: readonly CategoryNode[],
  nameOf: (c: CategoryNode) => string = (c) => c.name,
): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const names: string[] = [];
  const seen = new Set<number>();
  let cur = byId.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    names.unshift(nameOf(cur));
    cur = cur.parent_id == null ? undefined : byId.get(cur.parent_id);
  }
  return names.join(CATEGORY_PATH_SEPARATOR);
}

/** True when the category exists and no category has it as parent. */
export function isLeaf(id: number, all: readonly CategoryNode[]): boolean {
  return all.some((c) => c.id === id) && !all.some((c) => c.parent_id === id);
}

/** Nested tree (roots first), keeping the input order among siblings. */
export function buildTree<T extends CategoryNode>(all: readonly T[]): CategoryTree<T>[] {
  const nodes = new Map<number, CategoryTree<T>>(all.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryTree<T>[] = [];
  for (const c of all) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id == null ? undefined : nodes.get(c.parent_id);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Product types in their order, with the type named "Khác" (other) always last (spec §3). */
export function orderProductTypes<T extends { name: string }>(types: readonly T[]): T[] {
  const others = types.filter((t) => t.name.trim() === OTHER_PRODUCT_TYPE_NAME);
  return [...types.filter((t) => t.name.trim() !== OTHER_PRODUCT_TYPE_NAME), ...others];
}
