import { BATCH_SORTS } from '@agrihub/contract/schemas/traceabilities';
import { BATCH_STATES, type BatchState } from '@agrihub/contract/trace-steps';
import { oneOfParam, positiveParam, useListParams, type ListParams } from '../../../lib/list-params';

export type BatchSort = (typeof BATCH_SORTS)[number];
export const DEFAULT_BATCH_SORT: BatchSort = '-created_at';

export interface BatchFilters extends ListParams<BatchSort> {
  status?: BatchState;
  product_id?: number;
}

/** The batch list's filters kept in the URL; unknown values are dropped. */
export function useBatchFilters() {
  const { filters, update } = useListParams<BatchSort, BatchFilters>(BATCH_SORTS, DEFAULT_BATCH_SORT, (params) => ({
    status: oneOfParam(BATCH_STATES, params.get('status')),
    product_id: positiveParam(params.get('product_id')),
  }));
  const active = !!(filters.q || filters.status || filters.product_id);
  return { filters, update, active };
}
