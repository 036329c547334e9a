import type { ListMeta } from '@agrihub/contract/schemas/common';
import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type Product,
  type ProductListQuery,
  type ProductStatus,
} from '@agrihub/contract/schemas/products';
import { oneOfParam, positiveParam, type ListParams } from './list-params';
import { useServerTable, type ServerTable, type TableSpec } from './use-server-table';
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

interface ProductOwnFilters {
  status?: ProductStatus;
  category_id?: number;
  producer_id?: number;
}
export type ProductFilters = ListParams<ProductSort> & ProductOwnFilters;

/** The product lists (the producer's and the admin's): sorts of the contract, filters in the URL. */
export const PRODUCT_TABLE: TableSpec<ProductSort, ProductOwnFilters> = {
  sorts: PRODUCT_SORTS,
  defaultSort: '-created_at',
  readFilters: (params) => ({
    status: oneOfParam(PRODUCT_STATUSES, params.get('status')),
    category_id: positiveParam(params.get('category_id')),
    producer_id: positiveParam(params.get('producer_id')),
  }),
};
export type ProductTable = ServerTable<ProductSort, ProductOwnFilters>;

export const useProductTable = (): ProductTable => useServerTable(PRODUCT_TABLE);
