import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product, ProductRequest } from '@agrihub/contract/schemas/products';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import { listParams } from '../../../lib/list-params';
import {
  toProductAnswer as toAnswer,
  type ProductAnswer,
  type ProductEnvelope,
  type ProductList,
  type ProductListArgs,
} from '../../../lib/product-list';
import type { MessageAnswer } from '../../../lib/session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Product', 'ProductList'] });

/** The producer's products (spec §7 Products) and the reference data the editor needs. */
export const productsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<ProductList, ProductListArgs>({
      query: (args) => ({ url: 'api/v1/products', params: listParams(args) }),
      transformResponse: (a: { data: { products: Product[] }; meta: ListMeta }) => ({
        products: a.data.products,
        meta: a.meta,
      }),
      providesTags: ['ProductList'],
    }),
    getProduct: build.query<Product, number>({
      query: (id) => `api/v1/products/${id}`,
      transformResponse: (a: ProductEnvelope) => a.data.product,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    productHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/products/${id}/history`, page),
      transformResponse: toHistoryPage,
      // A change of the product (save, submit) refreshes its history too.
      providesTags: (_r, _e, { id }) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<ProductAnswer, ProductRequest>({
      query: (body) => ({ url: 'api/v1/products', method: 'POST', body }),
      transformResponse: toAnswer,
      invalidatesTags: ['ProductList'],
    }),
    updateProduct: build.mutation<ProductAnswer, { id: number; body: ProductRequest }>({
      query: ({ id, body }) => ({ url: `api/v1/products/${id}`, method: 'PUT', body }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'Product', id }, 'ProductList']),
    }),
    deleteProduct: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `api/v1/products/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Product', id }, 'ProductList']),
    }),
    registerProduct: build.mutation<ProductAnswer, number>({
      query: (id) => ({ url: `api/v1/products/${id}/register`, method: 'POST' }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Product', id }, 'ProductList']),
    }),
    generateSku: build.mutation<ProductAnswer, number>({
      query: (id) => ({ url: `api/v1/products/${id}/generate_sku`, method: 'POST' }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Product', id }, 'ProductList']),
    }),
    updateSku: build.mutation<ProductAnswer, { id: number; sku: string }>({
      query: ({ id, sku }) => ({ url: `api/v1/products/${id}/sku`, method: 'PUT', body: { sku } }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'Product', id }, 'ProductList']),
    }),
  }),
});

export const {
  useListProductsQuery,
  useGetProductQuery,
  useProductHistoryQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useRegisterProductMutation,
  useGenerateSkuMutation,
  useUpdateSkuMutation,
} = productsApi;
