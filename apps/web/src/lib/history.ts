import type { ActivityItem } from '@agrihub/contract/schemas/activity';
import type { ListMeta } from '@agrihub/contract/schemas/common';

/** Rows per page of every history panel. */
export const HISTORY_PER_PAGE = 20;

/** One history row: the batch history carries only these; products and producers add the move. */
export type ActivityRow = Pick<ActivityItem, 'id' | 'action' | 'detail' | 'user' | 'created_at'> &
  Partial<Pick<ActivityItem, 'from' | 'to' | 'note' | 'internal' | 'note_internal'>>;

/** One page of a history; `meta` when the server pages it (then the panel pages on the server). */
export interface HistoryPage {
  history: ActivityRow[];
  meta?: ListMeta;
}

export interface HistoryArgs {
  id: number;
  page: number;
}

/** The request of a page of `url` (a subject's /history). */
export function historyRequest(url: string, page: number) {
  return { url, params: { page, per_page: HISTORY_PER_PAGE } };
}

export function toHistoryPage(a: { data: { history: ActivityRow[] }; meta?: ListMeta }): HistoryPage {
  return { history: a.data.history, meta: a.meta };
}
