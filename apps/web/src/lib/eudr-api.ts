import type { CategoryEudrInput, EudrStatement } from '@agrihub/contract/eudr';
import type { ProductCategory } from '@agrihub/contract/schemas/products';
import { api } from './api';
import type { Envelope } from './session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['EudrStatement', 'Category'] });

export type EudrSubjectKind = 'lot' | 'shipment';

/** The API path of a lot's or shipment's EUDR statement (ADR 042); `/geojson` after it downloads the plots. */
export const eudrPath = (kind: EudrSubjectKind, id: number) =>
  `/api/v1/eudr/${kind === 'lot' ? 'lots' : 'shipments'}/${id}`;

/** EUDR due diligence data of a lot or shipment, and the administrator's category flag. */
export const eudrApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    eudrStatement: build.query<EudrStatement, { kind: EudrSubjectKind; id: number }>({
      query: ({ kind, id }) => eudrPath(kind, id).slice(1),
      transformResponse: (a: Envelope<{ statement: EudrStatement }>) => a.data.statement,
      providesTags: (_r, _e, { kind, id }) => [{ type: 'EudrStatement', id: `${kind}:${id}` }],
    }),
    setCategoryEudr: build.mutation<ProductCategory, CategoryEudrInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `api/v1/admin/categories/${id}/eudr`, method: 'PUT', body }),
      transformResponse: (a: Envelope<{ category: ProductCategory }>) => a.data.category,
      invalidatesTags: (_r, e) => (e ? [] : ['Category', 'EudrStatement']),
    }),
  }),
});

export const { useEudrStatementQuery, useSetCategoryEudrMutation } = eudrApi;
