import { useSearchParams } from 'react-router';
import {
  APPROVAL_STATUSES,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  PRODUCER_TYPES,
  type ApprovalStatus,
  type ProducerType,
} from '@agrihub/contract/constants';
import { oneOfParam, positiveParam } from '../../../lib/list-params';

export interface ProducerFilters {
  page: number;
  per_page: number;
  q?: string;
  status?: ApprovalStatus;
  producer_type?: ProducerType;
}

/** Query parameters of GET /api/v1/admin/producers (defaults left out). */
export function listParams(f: ProducerFilters): Record<string, string | number> {
  const out: Record<string, string | number> = { page: f.page, per_page: f.per_page };
  if (f.q) out.q = f.q;
  if (f.status) out.status = f.status;
  if (f.producer_type) out.producer_type = f.producer_type;
  return out;
}

/** Filters read from a URL query; unknown values are dropped. */
export function filtersFrom(params: URLSearchParams): ProducerFilters {
  return {
    page: positiveParam(params.get('page')) ?? 1,
    per_page: Math.min(positiveParam(params.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: params.get('q')?.trim() || undefined,
    status: oneOfParam(APPROVAL_STATUSES, params.get('status')),
    producer_type: oneOfParam(PRODUCER_TYPES, params.get('producer_type')),
  };
}

/** The URL query of `filters` (page 1 and the default page size are left out). */
export function searchOf(filters: ProducerFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === '') continue;
    if ((k === 'page' && v === 1) || (k === 'per_page' && v === DEFAULT_PER_PAGE)) continue;
    out.set(k, String(v));
  }
  return out;
}

/** List filters kept in the URL (shareable, survive reload and back); this list has no sort, so not lib's useListParams. */
export function useProducerFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  /** Changing a filter goes back to page 1 unless the page itself changes. */
  const update = (patch: Partial<ProducerFilters>) =>
    setParams(searchOf({ ...filters, ...('page' in patch ? {} : { page: 1 }), ...patch }));
  const active = !!(filters.q || filters.status || filters.producer_type);
  return { filters, update, active };
}
