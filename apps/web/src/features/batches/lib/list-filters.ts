import { BATCH_SORTS } from '@agrihub/contract/schemas/traceabilities';
import { BATCH_STATES, type BatchState } from '@agrihub/contract/trace-steps';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type ServerTable, type TableSpec } from '../../../lib/use-server-table';

export type BatchSort = (typeof BATCH_SORTS)[number];

interface BatchOwnFilters {
  status?: BatchState;
  product_id?: number;
}
export type BatchFilters = ListParams<BatchSort> & BatchOwnFilters;

/** The batch list: sorts of the contract, state and product filters in the URL. */
export const BATCH_TABLE: TableSpec<BatchSort, BatchOwnFilters> = {
  sorts: BATCH_SORTS,
  defaultSort: '-created_at',
  readFilters: (params) => ({
    status: oneOfParam(BATCH_STATES, params.get('status')),
    product_id: positiveParam(params.get('product_id')),
  }),
};
export type BatchTable = ServerTable<BatchSort, BatchOwnFilters>;

export const useBatchTable = (): BatchTable => useServerTable(BATCH_TABLE);
