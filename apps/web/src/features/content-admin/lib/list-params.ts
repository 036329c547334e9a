import { sortTokens } from '@agrihub/contract/schemas/list';
import {
  ADMIN_FAQ_SORT_FIELDS,
  ADMIN_PAGE_VIEW_SORT_FIELDS,
  ADMIN_POST_SORT_FIELDS,
  FAQ_GROUP_MAX,
  PAGE_VIEW_STATUSES,
  POST_STATUSES,
} from '@agrihub/contract/schemas/content';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

// ── posts ──
const POST_SORTS = sortTokens(ADMIN_POST_SORT_FIELDS);
export type PostSort = (typeof POST_SORTS)[number];
export interface PostOwnFilters {
  status?: (typeof POST_STATUSES)[number];
  /** A category: its posts and those of its subtree. */
  category_id?: number;
}
export type PostFilters = ListParams<PostSort> & PostOwnFilters;

export const POST_TABLE: TableSpec<PostSort, PostOwnFilters> = {
  sorts: POST_SORTS,
  defaultSort: '-updated_at',
  readFilters: (params) => ({
    status: oneOfParam(POST_STATUSES, params.get('status')),
    category_id: positiveParam(params.get('category_id')),
  }),
};
export const usePostTable = () => useServerTable(POST_TABLE);

// ── FAQs ──
const FAQ_SORTS = sortTokens(ADMIN_FAQ_SORT_FIELDS);
export type FaqSort = (typeof FAQ_SORTS)[number];
export interface FaqOwnFilters {
  group?: string;
  published?: 'true' | 'false';
}
export type FaqFilters = ListParams<FaqSort> & FaqOwnFilters;

export const FAQ_TABLE: TableSpec<FaqSort, FaqOwnFilters> = {
  sorts: FAQ_SORTS,
  defaultSort: 'position',
  readFilters: (params) => ({
    group: params.get('group')?.trim().slice(0, FAQ_GROUP_MAX) || undefined,
    published: oneOfParam(['true', 'false'] as const, params.get('published')),
  }),
};
export const useFaqTable = () => useServerTable(FAQ_TABLE);

// ── page views ──
const PAGE_VIEW_SORTS = sortTokens(ADMIN_PAGE_VIEW_SORT_FIELDS);
export type PageViewSort = (typeof PAGE_VIEW_SORTS)[number];
export interface PageViewOwnFilters {
  status?: (typeof PAGE_VIEW_STATUSES)[number];
}
export type PageViewFilters = ListParams<PageViewSort> & PageViewOwnFilters;

export const PAGE_VIEW_TABLE: TableSpec<PageViewSort, PageViewOwnFilters> = {
  sorts: PAGE_VIEW_SORTS,
  defaultSort: '-updated_at',
  readFilters: (params) => ({ status: oneOfParam(PAGE_VIEW_STATUSES, params.get('status')) }),
};
export const usePageViewTable = () => useServerTable(PAGE_VIEW_TABLE);
