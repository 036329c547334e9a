import type { MenuEntry } from '@agrihub/contract/menu';

/**
 * Keeps the menu entries whose page exists in this build of the web app; a group stays only
 * while one of its children does. The visibility rules themselves are the contract's `visibleMenu`.
 */
export function menuWithPages(entries: readonly MenuEntry[], existing: ReadonlySet<string>): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.children) {
      const children = menuWithPages(entry.children, existing);
      return children.length ? [{ ...entry, children }] : [];
    }
    return entry.path && existing.has(entry.path) ? [entry] : [];
  });
}

/** The key of the entry that owns `pathname` (longest matching path), and its parent group. */
export function selectedMenuKeys(
  entries: readonly MenuEntry[],
  pathname: string,
): { selected: string | null; open: string | null } {
  let best: { key: string; parent: string | null; length: number } | null = null;
  const visit = (list: readonly MenuEntry[], parent: string | null) => {
    for (const entry of list) {
      const p = entry.path;
      if (p && (pathname === p || pathname.startsWith(`${p}/`)) && (!best || p.length > best.length)) {
        best = { key: entry.key, parent, length: p.length };
      }
      if (entry.children) visit(entry.children, entry.key);
    }
  };
  visit(entries, null);
  const found = best as { key: string; parent: string | null; length: number } | null;
  return { selected: found?.key ?? null, open: found?.parent ?? null };
}

/** Leaf entries with a path, flattened (the admin dashboard lists them as links). */
export function menuLinks(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children ? menuLinks(e.children) : e.path ? [e] : []));
}
