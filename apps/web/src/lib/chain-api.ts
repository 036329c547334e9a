import type {
  AdminChainLot,
  AdminChainLotQuery,
  MockRecallReport,
  RecallResult,
  RecallScope,
  TraceGraph,
  TraceQueryDirection,
} from '@agrihub/contract/schemas/trace';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import { api } from './api';
import { listParams } from './list-params';
import type { Envelope } from './session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Batch', 'BatchList', 'BatchHistory', 'ChainTrace'] });

/**
 * Which side asks: a producer (its own lots, one step either side by name) or the platform's
 * administrator (`admin: true`, the whole chain through /api/v1/admin/chain).
 */
export interface ChainSide {
  admin?: boolean;
}
export const chainPrefix = (admin?: boolean) => (admin ? 'api/v1/admin/chain' : 'api/v1/chain');

/** The supply chain of a lot: trace, mock recall and recall (ADR 036 §5–7), for either side. */
export const chainApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getTrace: build.query<TraceGraph, { id: number; direction?: TraceQueryDirection } & ChainSide>({
      query: ({ id, direction = 'both', admin }) => ({
        url: `${chainPrefix(admin)}/lots/${id}/trace`,
        params: { direction },
      }),
      transformResponse: (a: Envelope<{ trace: TraceGraph }>) => a.data.trace,
      providesTags: (_r, _e, { id }) => [{ type: 'ChainTrace', id }],
    }),
    // A read (nothing changes but the activity record): a query sent as POST, refetched on demand.
    mockRecall: build.query<MockRecallReport, RecallScope & ChainSide>({
      query: ({ admin, ...body }) => ({ url: `${chainPrefix(admin)}/mock-recalls`, method: 'POST', body }),
      transformResponse: (a: Envelope<{ mock_recall: MockRecallReport }>) => a.data.mock_recall,
    }),
    recallChain: build.mutation<RecallResult, RecallScope & ChainSide & { reason: string; confirm: true }>({
      query: ({ admin, ...body }) => ({ url: `${chainPrefix(admin)}/recalls`, method: 'POST', body }),
      transformResponse: (a: Envelope<{ recall: RecallResult }>) => a.data.recall,
      invalidatesTags: (_r, e) => (e ? [] : ['Batch', 'BatchList', 'BatchHistory', 'ChainTrace']),
    }),
    /** The administrator's search over every lot of the platform. */
    adminChainLots: build.query<{ lots: AdminChainLot[]; meta: ListMeta }, Partial<AdminChainLotQuery>>({
      query: ({ page, per_page, q }) => ({ url: 'api/v1/admin/chain/lots', params: listParams({ page, per_page, q }) }),
      transformResponse: (a: { data: { lots: AdminChainLot[] }; meta: ListMeta }) => ({
        lots: a.data.lots,
        meta: a.meta,
      }),
      providesTags: ['BatchList'],
    }),
  }),
});

export const { useGetTraceQuery, useMockRecallQuery, useRecallChainMutation, useAdminChainLotsQuery } = chainApi;
