import { APPROVAL_STATUSES, PRODUCER_TYPES, type ApprovalStatus, type ProducerType } from '@agrihub/contract/constants';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { PRODUCER_SORT_FIELDS } from '@agrihub/contract/schemas/producers';
import { oneOfParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const PRODUCER_SORTS = sortTokens(PRODUCER_SORT_FIELDS);
export type ProducerSort = (typeof PRODUCER_SORTS)[number];

interface ProducerOwnFilters {
  status?: ApprovalStatus;
  producer_type?: ProducerType;
}
export type ProducerFilters = ListParams<ProducerSort> & ProducerOwnFilters;

/** GET /api/v1/admin/producers: sorts of the contract, status and type filters in the URL. */
export const PRODUCER_TABLE: TableSpec<ProducerSort, ProducerOwnFilters> = {
  sorts: PRODUCER_SORTS,
  defaultSort: '-created_at',
  readFilters: (params) => ({
    status: oneOfParam(APPROVAL_STATUSES, params.get('status')),
    producer_type: oneOfParam(PRODUCER_TYPES, params.get('producer_type')),
  }),
};

export const useProducerTable = () => useServerTable(PRODUCER_TABLE);
