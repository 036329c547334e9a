import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@agrihub/contract/constants';
import { BATCH_SORTS } from '@agrihub/contract/schemas/traceabilities';
import { BATCH_STATES, type BatchState } from '@agrihub/contract/trace-steps';

export type BatchSort = (typeof BATCH_SORTS)[number];
export const DEFAULT_BATCH_SORT: BatchSort = '-created_at';

export interface BatchFilters {
  page: number;
  per_page: number;
  q?: string;
  status?: BatchState;
  product_id?: number;
  sort: BatchSort;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** List filters kept in the URL (shareable, survive reload and back); unknown values are dropped. */
export function useBatchFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sort = params.get('sort');
  const filters: BatchFilters = {
    page: positive(params.get('page')) ?? 1,
    per_page: Math.min(positive(params.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: params.get('q')?.trim() || undefined,
    status: (BATCH_STATES as readonly string[]).includes(status ?? '') ? (status as BatchState) : undefined,
    product_id: positive(params.get('product_id')),
    sort: (BATCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BatchSort) : DEFAULT_BATCH_SORT,
  };
  /** Changing a filter goes back to page 1 unless the page itself changes. */
  const update = (patch: Partial<BatchFilters>) => {
    const next: Partial<BatchFilters> = { ...filters, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === null || v === '') continue;
      if (
        (k === 'page' && v === 1) ||
        (k === 'per_page' && v === DEFAULT_PER_PAGE) ||
        (k === 'sort' && v === DEFAULT_BATCH_SORT)
      )
        continue;
      out.set(k, String(v));
    }
    setParams(out, { replace: false });
  };
  const active = !!(filters.q || filters.status || filters.product_id);
  return { filters, update, active };
}
