import { PRODUCT_SORTS, PRODUCT_STATUSES, type ProductStatus } from '@agrihub/contract/schemas/products';
import { oneOfParam, positiveParam, useListParams, type ListParams } from '../../../lib/list-params';

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductFilters extends ListParams<ProductSort> {
  status?: ProductStatus;
  category_id?: number;
  producer_id?: number;
}

/** The product list's filters kept in the URL; unknown values are dropped. */
export function useProductFilters() {
  const { filters, update } = useListParams<ProductSort, ProductFilters>(PRODUCT_SORTS, '-created_at', (params) => ({
    status: oneOfParam(PRODUCT_STATUSES, params.get('status')),
    category_id: positiveParam(params.get('category_id')),
    producer_id: positiveParam(params.get('producer_id')),
  }));
  const active = !!(filters.q || filters.status || filters.category_id || filters.producer_id);
  return { filters, update, active };
}
