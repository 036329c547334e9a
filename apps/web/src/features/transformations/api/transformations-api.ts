import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product } from '@agrihub/contract/schemas/products';
import type {
  InputLot,
  Transformation,
  TransformationListQuery,
  TransformationRequest,
} from '@agrihub/contract/schemas/transformations';
import { api } from '../../../lib/api';

/** Drops empty params (a stable cache key). */
function cleanParams(args: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args))
    if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  return out;
}

export type TransformationListArgs = Partial<Pick<TransformationListQuery, 'page' | 'per_page' | 'q' | 'sort'>>;

const tagged = api.enhanceEndpoints({ addTagTypes: ['TransformationList', 'InputLots', 'BatchList'] });

/** Transformations of the producer (ADR 036): list, create, and the lots that can be inputs. */
export const transformationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listTransformations: build.query<{ items: Transformation[]; meta: ListMeta }, TransformationListArgs>({
      query: (args) => ({ url: 'api/v1/transformations', params: cleanParams(args) }),
      transformResponse: (a: { data: { transformations: Transformation[] }; meta: ListMeta }) => ({
        items: a.data.transformations,
        meta: a.meta,
      }),
      providesTags: ['TransformationList'],
    }),
    inputLots: build.query<InputLot[], { q?: string }>({
      query: (args) => ({ url: 'api/v1/transformations/input_lots', params: cleanParams(args) }),
      transformResponse: (a: { data: { lots: InputLot[] } }) => a.data.lots,
      providesTags: ['InputLots'],
    }),
    outputProducts: build.query<Product[], void>({
      query: () => ({ url: 'api/v1/products', params: { per_page: 100, sort: 'name' } }),
      transformResponse: (a: { data: { products: Product[] } }) => a.data.products,
      keepUnusedDataFor: 120,
    }),
    createTransformation: build.mutation<Transformation, TransformationRequest>({
      query: (body) => ({ url: 'api/v1/transformations', method: 'POST', body }),
      transformResponse: (a: { data: { transformation: Transformation } }) => a.data.transformation,
      invalidatesTags: (_r, e) => (e ? [] : ['TransformationList', 'InputLots', 'BatchList']),
    }),
  }),
});

export const {
  useListTransformationsQuery,
  useInputLotsQuery,
  useOutputProductsQuery,
  useCreateTransformationMutation,
} = transformationsApi;
