import { sortTokens } from '@agrihub/contract/schemas/list';
import {
  SALE_CHANNEL_REFERENCE_SORT_FIELDS,
  SALE_CHANNEL_REGISTER_STATUSES,
  SALE_CHANNEL_SYNC_STATUSES,
  type ReferenceableType,
  type SaleChannelRegisterStatus,
  type SaleChannelSyncStatus,
} from '@agrihub/contract/schemas/sale-channels';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const REFERENCE_SORTS = sortTokens(SALE_CHANNEL_REFERENCE_SORT_FIELDS);
export type ReferenceSort = (typeof REFERENCE_SORTS)[number];

/** The approval list's own filters in the URL (the referenceable type is the page's, never the URL's). */
export interface ReferenceOwnFilters {
  channel_id?: number;
  register_status?: SaleChannelRegisterStatus;
  sync_status?: SaleChannelSyncStatus;
}
export type ReferenceFilters = ListParams<ReferenceSort> & ReferenceOwnFilters;

/** The list's own filters from the URL; unknown values are dropped. */
export function readReferenceFilters(params: URLSearchParams): ReferenceOwnFilters {
  return {
    channel_id: positiveParam(params.get('channel_id')),
    register_status: oneOfParam(SALE_CHANNEL_REGISTER_STATUSES, params.get('register_status')),
    sync_status: oneOfParam(SALE_CHANNEL_SYNC_STATUSES, params.get('sync_status')),
  };
}

export const REFERENCE_TABLE: TableSpec<ReferenceSort, ReferenceOwnFilters> = {
  sorts: REFERENCE_SORTS,
  defaultSort: '-created_at',
  readFilters: readReferenceFilters,
};

export const useReferenceTable = () => useServerTable(REFERENCE_TABLE);

/** What the list endpoint, the export and the bulk resync are asked: the page's type with the URL's filters. */
export function referenceQuery(filters: ReferenceFilters, type: ReferenceableType) {
  return { ...filters, referenceable_type: type };
}

/** The filters of "export as filtered" (no paging, no sort), in the export's query string. */
export function exportSearch(filters: ReferenceFilters, type: ReferenceableType, mode: string): string {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { page, per_page, sort, ...rest } = filters;
  const out = new URLSearchParams({ mode });
  if (mode === 'exportAllData') return out.toString();
  for (const [k, v] of Object.entries({ ...rest, referenceable_type: type })) {
    if (v !== undefined && v !== '') out.set(k, String(v));
  }
  return out.toString();
}
