import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  InputLot,
  Transformation,
  TransformationListQuery,
  TransformationRequest,
} from '@agrihub/contract/schemas/transformations';
import { api } from '../../../lib/api';
import { cleanParams } from '../../batches/api/batches-api';

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
    createTransformation: build.mutation<Transformation, TransformationRequest>({
      query: (body) => ({ url: 'api/v1/transformations', method: 'POST', body }),
      transformResponse: (a: { data: { transformation: Transformation } }) => a.data.transformation,
      invalidatesTags: (_r, e) => (e ? [] : ['TransformationList', 'InputLots', 'BatchList']),
    }),
  }),
});

export const { useListTransformationsQuery, useInputLotsQuery, useCreateTransformationMutation } = transformationsApi;
