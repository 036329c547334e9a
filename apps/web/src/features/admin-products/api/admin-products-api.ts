import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Producer } from '@agrihub/contract/schemas/producers';
import type { Product } from '@agrihub/contract/schemas/products';
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
import type { Envelope } from '../../../lib/session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminProduct', 'AdminProductList', 'Product', 'ProductList'] });

/** Admin review of the platform's products (spec §7, /api/v1/admin/products). */
export const adminProductsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducts: build.query<ProductList, ProductListArgs>({
      query: (args) => ({ url: 'api/v1/admin/products', params: listParams(args) }),
      transformResponse: (a: { data: { products: Product[] }; meta: ListMeta }) => ({
        products: a.data.products,
        meta: a.meta,
      }),
      providesTags: ['AdminProductList'],
    }),
    getAdminProduct: build.query<Product, number>({
      query: (id) => `api/v1/admin/products/${id}`,
      transformResponse: (a: ProductEnvelope) => a.data.product,
      providesTags: (_r, _e, id) => [{ type: 'AdminProduct', id }],
    }),
    adminProductHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/admin/products/${id}/history`, page),
      transformResponse: toHistoryPage,
      // A review (approve, reject) refreshes the history too.
      providesTags: (_r, _e, { id }) => [{ type: 'AdminProduct', id }],
    }),
    approveProduct: build.mutation<ProductAnswer, number>({
      query: (id) => ({ url: `api/v1/admin/products/${id}/approve`, method: 'POST' }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, id) =>
        e ? [] : [{ type: 'AdminProduct', id }, 'AdminProductList', { type: 'Product', id }, 'ProductList'],
    }),
    rejectProduct: build.mutation<ProductAnswer, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `api/v1/admin/products/${id}/reject`, method: 'POST', body: { reason } }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, { id }) =>
        e ? [] : [{ type: 'AdminProduct', id }, 'AdminProductList', { type: 'Product', id }, 'ProductList'],
    }),
    /** Mark the GTIN verified (its company prefix belongs to the producer) or not. */
    setGtinVerification: build.mutation<ProductAnswer, { id: number; verified: boolean }>({
      query: ({ id, verified }) => ({
        url: `api/v1/admin/products/${id}/gtin_verification`,
        method: 'PUT',
        body: { verified },
      }),
      transformResponse: toAnswer,
      invalidatesTags: (_r, e, { id }) =>
        e ? [] : [{ type: 'AdminProduct', id }, 'AdminProductList', { type: 'Product', id }],
    }),
    /** The platform's producers for the filter (first 100, by name). */
    productProducerOptions: build.query<Pick<Producer, 'id' | 'name'>[], void>({
      query: () => ({ url: 'api/v1/admin/producers', params: { per_page: 100 } }),
      transformResponse: (a: Envelope<{ producers: Producer[] }>) =>
        a.data.producers.map((p) => ({ id: p.id, name: p.name })),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const {
  useListAdminProductsQuery,
  useGetAdminProductQuery,
  useAdminProductHistoryQuery,
  useApproveProductMutation,
  useRejectProductMutation,
  useSetGtinVerificationMutation,
  useProductProducerOptionsQuery,
} = adminProductsApi;
