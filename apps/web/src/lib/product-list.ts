import type { ListMeta } from '@agrihub/contract/schemas/common';
import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type Product,
  type ProductListQuery,
  type ProductStatus,
} from '@agrihub/contract/schemas/products';
import { oneOfParam, positiveParam, useListParams, type ListParams } from './list-params';
import type { Envelope } from './session-api';

/** A product list page as the producer's and the admin's list endpoints answer it. */
export interface ProductList {
  products: Product[];
  meta: ListMeta;
}
/** A saved product and the server's note (meta.message) to show. */
export interface ProductAnswer {
  product: Product;
  message?: string;
}
export type ProductListArgs = Partial<
  Pick<ProductListQuery, 'page' | 'per_page' | 'q' | 'status' | 'category_id' | 'producer_id' | 'sort'>
>;
export type ProductEnvelope = Envelope<{ product: Product }>;
export const toProductAnswer = (a: ProductEnvelope): ProductAnswer => ({
  product: a.data.product,
  message: a.meta?.message,
});

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
