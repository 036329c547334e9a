import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@agrihub/contract/constants';
import { PRODUCT_SORTS, PRODUCT_STATUSES, type ProductStatus } from '@agrihub/contract/schemas/products';

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductFilters {
  page: number;
  per_page: number;
  q?: string;
  status?: ProductStatus;
  category_id?: number;
  producer_id?: number;
  sort: ProductSort;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** List filters kept in the URL (shareable, survive reload and back); unknown values are dropped. */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sort = params.get('sort');
  const filters: ProductFilters = {
    page: positive(params.get('page')) ?? 1,
    per_page: Math.min(positive(params.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: params.get('q')?.trim() || undefined,
    status: (PRODUCT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ProductStatus) : undefined,
    category_id: positive(params.get('category_id')),
    producer_id: positive(params.get('producer_id')),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : '-created_at',
  };
  /** Changing a filter goes back to page 1 unless the page itself changes. */
  const update = (patch: Partial<ProductFilters>) => {
    const next: Partial<ProductFilters> = { ...filters, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === null || v === '') continue;
      if (
        (k === 'page' && v === 1) ||
        (k === 'per_page' && v === DEFAULT_PER_PAGE) ||
        (k === 'sort' && v === '-created_at')
      )
        continue;
      out.set(k, String(v));
    }
    setParams(out, { replace: false });
  };
  const active = !!(filters.q || filters.status || filters.category_id || filters.producer_id);
  return { filters, update, active };
}
