import type { ActivityItem, HistoryAnswer } from '@agrihub/contract/schemas/activity';
import { orderProductTypes } from '@agrihub/contract/categories';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  ProductCategory as Category,
  Product,
  ProductListQuery,
  ProductRequest,
  ProductType,
} from '@agrihub/contract/schemas/products';
import { api } from '../../../lib/api';
import type { Envelope, MessageAnswer } from '../../../lib/session-api';

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

type ProductEnvelope = Envelope<{ product: Product }>;
const toAnswer = (a: ProductEnvelope): ProductAnswer => ({ product: a.data.product, message: a.meta?.message });

/** Drops empty filters so the query string stays clean (and the cache key stable). */
export function listParams(args: ProductListArgs): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['Product', 'ProductList', 'Category', 'ProductType'] });

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
    productHistory: build.query<ActivityItem[], number>({
      query: (id) => `api/v1/products/${id}/history`,
      transformResponse: (a: HistoryAnswer) => a.data.history,
      // A change of the product (save, submit) refreshes its history too.
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
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
    productTypes: build.query<ProductType[], void>({
      query: () => 'api/v1/product_types',
      // The server already puts "Khác" last; ordering again keeps the rule whatever the source.
      transformResponse: (a: Envelope<{ product_types: ProductType[] }>) => orderProductTypes(a.data.product_types),
      providesTags: ['ProductType'],
      keepUnusedDataFor: 600,
    }),
    categories: build.query<Category[], void>({
      query: () => 'api/v1/categories',
      transformResponse: (a: Envelope<{ categories: Category[] }>) => a.data.categories,
      providesTags: ['Category'],
      keepUnusedDataFor: 600,
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
  useProductTypesQuery,
  useCategoriesQuery,
} = productsApi;
