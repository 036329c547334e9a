import type {
  MockRecallReport,
  RecallResult,
  RecallScope,
  TraceGraph,
  TraceQueryDirection,
} from '@agrihub/contract/schemas/trace';
import { api } from './api';
import type { Envelope } from './session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Batch', 'BatchList', 'BatchHistory', 'ChainTrace'] });

/** The supply chain of a lot: trace, mock recall and recall (ADR 036 §5–7). */
export const chainApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getTrace: build.query<TraceGraph, { id: number; direction?: TraceQueryDirection }>({
      query: ({ id, direction = 'both' }) => ({ url: `api/v1/chain/lots/${id}/trace`, params: { direction } }),
      transformResponse: (a: Envelope<{ trace: TraceGraph }>) => a.data.trace,
      providesTags: (_r, _e, { id }) => [{ type: 'ChainTrace', id }],
    }),
    // A read (nothing changes but the activity record): a query sent as POST, refetched on demand.
    mockRecall: build.query<MockRecallReport, RecallScope>({
      query: (body) => ({ url: 'api/v1/chain/mock-recalls', method: 'POST', body }),
      transformResponse: (a: Envelope<{ mock_recall: MockRecallReport }>) => a.data.mock_recall,
    }),
    recallChain: build.mutation<RecallResult, RecallScope & { reason: string; confirm: true }>({
      query: (body) => ({ url: 'api/v1/chain/recalls', method: 'POST', body }),
      transformResponse: (a: Envelope<{ recall: RecallResult }>) => a.data.recall,
      invalidatesTags: (_r, e) => (e ? [] : ['Batch', 'BatchList', 'BatchHistory', 'ChainTrace']),
    }),
  }),
});

export const { useGetTraceQuery, useMockRecallQuery, useRecallChainMutation } = chainApi;
