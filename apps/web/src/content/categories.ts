import type { PostCategory } from '@agrihub/contract/schemas/content';

export interface CategoryNode {
  category: PostCategory;
  children: CategoryNode[];
  /** Published posts in this category and below (posts live in leaves). */
  count: number;
}

/** The flat list as a tree (the list's order kept), each node with its subtree's post count. */
export function buildTree(list: readonly PostCategory[]): CategoryNode[] {
  const nodes = new Map(list.map((c) => [c.id, { category: c, children: [] as CategoryNode[], count: 0 }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parent_id == null ? undefined : nodes.get(node.category.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: CategoryNode, seen: Set<number>): number => {
    // A broken list (a cycle) must not hang the page.
    if (seen.has(node.category.id)) return 0;
    seen.add(node.category.id);
    node.count = node.children.length
      ? node.children.reduce((sum, child) => sum + total(child, seen), 0)
      : node.category.post_count;
    return node.count;
  };
  const seen = new Set<number>();
  for (const root of roots) total(root, seen);
  return roots;
}

/** The categories from the root down to `id` (the breadcrumb), empty when `id` is unknown. */
export function categoryTrail(list: readonly PostCategory[], id: number): PostCategory[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  const trail: PostCategory[] = [];
  let current = byId.get(id);
  while (current && !trail.includes(current)) {
    trail.unshift(current);
    current = current.parent_id == null ? undefined : byId.get(current.parent_id);
  }
  return trail;
}
