import { sortTokens } from '@agrihub/contract/schemas/list';
import { ADMIN_SERVICE_REQUEST_SORT_FIELDS, REQUEST_STATUSES } from '@agrihub/contract/schemas/admin-service-requests';
import { SERVICE_REQUEST_STATES } from '@agrihub/contract/workflows';
import { isCalendarDate } from '@agrihub/contract/schemas/common';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const REQUEST_SORTS = sortTokens(ADMIN_SERVICE_REQUEST_SORT_FIELDS);
export type RequestSort = (typeof REQUEST_SORTS)[number];

const FLAGS = ['true', 'false'] as const;

export interface RequestOwnFilters {
  slug?: string;
  step?: (typeof SERVICE_REQUEST_STATES)[number];
  status?: (typeof REQUEST_STATUSES)[number];
  assignee_id?: number | 'none';
  overdue?: 'true' | 'false';
  locked?: 'true' | 'false';
  created_from?: string;
  created_to?: string;
}
export type RequestFilters = ListParams<RequestSort> & RequestOwnFilters;

const dateParam = (v: string | null) => (v && isCalendarDate(v) ? v : undefined);
const slugParam = (v: string | null) => (v && /^[a-z0-9_-]{1,100}$/.test(v) ? v : undefined);

/** Reads the list's own filters from the URL; unknown values are dropped. */
export function readRequestFilters(params: URLSearchParams): RequestOwnFilters {
  const assignee = params.get('assignee_id');
  return {
    slug: slugParam(params.get('slug')),
    step: oneOfParam(SERVICE_REQUEST_STATES, params.get('step')),
    status: oneOfParam(REQUEST_STATUSES, params.get('status')),
    assignee_id: assignee === 'none' ? 'none' : positiveParam(assignee),
    overdue: oneOfParam(FLAGS, params.get('overdue')),
    created_from: dateParam(params.get('created_from')),
    created_to: dateParam(params.get('created_to')),
  };
}

/** GET /api/v1/admin/user_register_services: the contract's sorts, every filter in the URL. */
export const REQUEST_TABLE: TableSpec<RequestSort, RequestOwnFilters> = {
  sorts: REQUEST_SORTS,
  defaultSort: '-created_at',
  readFilters: readRequestFilters,
};

/** Which list a page shows: every request, the ones that may be locked, or the locked ones (Foodmap). */
export type RequestListKind = 'all' | 'lockable' | 'locked';

export function useRequestTable(kind: RequestListKind = 'all') {
  const table = useServerTable(REQUEST_TABLE);
  const locked = kind === 'locked' ? 'true' : kind === 'lockable' ? 'false' : undefined;
  return { ...table, query: { ...table.query, ...(locked ? { locked } : {}) } as RequestFilters };
}

/** lock_all takes the list's filters only (no paging nor sort), and locks what is not locked yet. */
export function lockAllFilters(filters: RequestFilters) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { page, per_page, sort, ...rest } = filters;
  return { ...rest, locked: 'false' as const };
}
