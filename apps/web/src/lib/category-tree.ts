import { buildTree, categoryPath, isLeaf, type CategoryTree } from '@agrihub/contract/categories';

export interface CategoryLike {
  id: number;
  name: string;
  name_en?: string | null;
  parent_id: number | null;
}

export interface CategoryOption {
  value: number;
  title: string;
  /** Full path joined with ' > ' (shown in the field once chosen). */
  path: string;
  selectable: boolean;
  children?: CategoryOption[];
}

/** The name in the UI language (English falls back to the Vietnamese name). */
export function categoryName(c: CategoryLike, locale: string): string {
  return locale === 'en' && c.name_en ? c.name_en : c.name;
}

/** TreeSelect data: every node shows its name, only leaves are selectable (spec §3). */
export function categoryOptions(all: readonly CategoryLike[], locale: string, onlyLeaves = true): CategoryOption[] {
  const nameOf = (c: CategoryLike) => categoryName(c, locale);
  const toOption = (node: CategoryTree<CategoryLike>): CategoryOption => ({
    value: node.id,
    title: nameOf(node),
    path: categoryPath(node.id, all, (c) => nameOf(c)),
    selectable: !onlyLeaves || isLeaf(node.id, all),
    children: node.children.length ? node.children.map(toOption) : undefined,
  });
  return buildTree(all).map(toOption);
}

/** The full path of a category in the UI language ('' when unknown). */
export function categoryLabel(id: number | null | undefined, all: readonly CategoryLike[], locale: string): string {
  return id == null ? '' : categoryPath(id, all, (c) => categoryName(c, locale));
}
