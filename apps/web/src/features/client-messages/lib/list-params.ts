import { LEAD_STATUSES } from '@agrihub/contract/constants';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { ADMIN_CLIENT_MESSAGE_SORT_FIELDS, CLIENT_MESSAGE_TOPICS } from '@agrihub/contract/schemas/client-messages';
import { isCalendarDate } from '@agrihub/contract/schemas/common';
import { oneOfParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const MESSAGE_SORTS = sortTokens(ADMIN_CLIENT_MESSAGE_SORT_FIELDS);
export type MessageSort = (typeof MESSAGE_SORTS)[number];

export interface MessageOwnFilters {
  status?: (typeof LEAD_STATUSES)[number];
  topic?: (typeof CLIENT_MESSAGE_TOPICS)[number];
  created_from?: string;
  created_to?: string;
}
export type MessageFilters = ListParams<MessageSort> & MessageOwnFilters;

const dateParam = (v: string | null) => (v && isCalendarDate(v) ? v : undefined);

/** The list's own filters from the URL; unknown values are dropped. */
export function readMessageFilters(params: URLSearchParams): MessageOwnFilters {
  return {
    status: oneOfParam(LEAD_STATUSES, params.get('status')),
    topic: oneOfParam(CLIENT_MESSAGE_TOPICS, params.get('topic')),
    created_from: dateParam(params.get('created_from')),
    created_to: dateParam(params.get('created_to')),
  };
}

export const MESSAGE_TABLE: TableSpec<MessageSort, MessageOwnFilters> = {
  sorts: MESSAGE_SORTS,
  defaultSort: '-created_at',
  readFilters: readMessageFilters,
};

export const useMessageTable = () => useServerTable(MESSAGE_TABLE);
