import type { ListMeta, ListQuery } from '@agrihub/contract';

/** A LIKE/ILIKE pattern matching `q` anywhere, with the wildcards of `q` itself escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIMIT/OFFSET of a list query. */
export function pageWindow(q: Pick<ListQuery, 'page' | 'per_page'>): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

export function listMetaOf(q: Pick<ListQuery, 'page' | 'per_page'>, total: number): ListMeta {
  return { total_count: total, current_page: q.page, per_page: q.per_page };
}
