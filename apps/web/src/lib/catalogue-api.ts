import { orderProductTypes } from '@agrihub/contract/categories';
import type { ProductCategory as Category, ProductType } from '@agrihub/contract/schemas/products';
import { api } from './api';
import type { Envelope } from './session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Category', 'ProductType'] });

/** Reference data of the product catalogue, read by the producer's editor and the admin review. */
export const catalogueApi = tagged.injectEndpoints({
  endpoints: (build) => ({
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

export const { useProductTypesQuery, useCategoriesQuery } = catalogueApi;
