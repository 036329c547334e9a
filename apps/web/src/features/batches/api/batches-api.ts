import { MAX_PER_PAGE } from '@agrihub/contract/constants';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product } from '@agrihub/contract/schemas/products';
import type {
  Batch,
  BatchListItem,
  BatchListQuery,
  BatchRequest,
  TraceEventRequest,
} from '@agrihub/contract/schemas/traceabilities';
import { api } from '../../../lib/api';
import { cleanParams } from '../../../lib/clean-params';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import type { Envelope, MessageAnswer } from '../../../lib/session-api';

export interface BatchList {
  batches: BatchListItem[];
  meta: ListMeta;
}
export type BatchListArgs = Partial<Pick<BatchListQuery, 'page' | 'per_page' | 'q' | 'status' | 'product_id' | 'sort'>>;
type BatchEnvelope = Envelope<{ traceability: Batch }>;
const toBatch = (a: BatchEnvelope) => a.data.traceability;

export { cleanParams };

const tagged = api.enhanceEndpoints({ addTagTypes: ['Batch', 'BatchList', 'BatchHistory'] });

/** Invalidation after any change of one batch: itself, its history and the list. */
const changed = (id: number) => [
  { type: 'Batch' as const, id },
  { type: 'BatchHistory' as const, id },
  'BatchList' as const,
];

/** Batches (traceabilities) of the producer: CRUD, events, state changes, history (spec §7). */
export const batchesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listBatches: build.query<BatchList, BatchListArgs>({
      query: (args) => ({ url: 'api/v1/traceabilities', params: cleanParams(args) }),
      transformResponse: (a: { data: { traceabilities: BatchListItem[] }; meta: ListMeta }) => ({
        batches: a.data.traceabilities,
        meta: a.meta,
      }),
      providesTags: ['BatchList'],
    }),
    getBatch: build.query<Batch, number>({
      query: (id) => `api/v1/traceabilities/${id}`,
      transformResponse: toBatch,
      providesTags: (_r, _e, id) => [{ type: 'Batch', id }],
    }),
    createBatch: build.mutation<Batch, BatchRequest>({
      query: (body) => ({ url: 'api/v1/traceabilities', method: 'POST', body }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e) => (e ? [] : ['BatchList']),
    }),
    updateBatch: build.mutation<Batch, { id: number; body: BatchRequest }>({
      query: ({ id, body }) => ({ url: `api/v1/traceabilities/${id}`, method: 'PUT', body }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    deleteBatch: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `api/v1/traceabilities/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : ['BatchList']),
    }),
    addEvent: build.mutation<Batch, { id: number; body: TraceEventRequest }>({
      query: ({ id, body }) => ({ url: `api/v1/traceabilities/${id}/events`, method: 'POST', body }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    updateEvent: build.mutation<Batch, { id: number; eventId: number; body: TraceEventRequest }>({
      query: ({ id, eventId, body }) => ({ url: `api/v1/traceabilities/${id}/events/${eventId}`, method: 'PUT', body }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    deleteEvent: build.mutation<MessageAnswer, { id: number; eventId: number }>({
      query: ({ id, eventId }) => ({ url: `api/v1/traceabilities/${id}/events/${eventId}`, method: 'DELETE' }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    reorderEvents: build.mutation<Batch, { id: number; eventIds: number[] }>({
      query: ({ id, eventIds }) => ({
        url: `api/v1/traceabilities/${id}/events/order`,
        method: 'PUT',
        body: { event_ids: eventIds },
      }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    /** publish, release (no body); hold, recall (reason). */
    transitionBatch: build.mutation<
      Batch,
      { id: number; action: 'publish' | 'hold' | 'release' | 'recall'; reason?: string }
    >({
      query: ({ id, action, reason }) => ({
        url: `api/v1/traceabilities/${id}/${action}`,
        method: 'POST',
        body: reason === undefined ? {} : { reason },
      }),
      transformResponse: toBatch,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    batchHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/traceabilities/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: (_r, _e, { id }) => [{ type: 'BatchHistory', id }],
    }),
    /** The producer's products (with variants) for the batch's product select. */
    batchProductOptions: build.query<Product[], { q?: string }>({
      query: ({ q }) => ({ url: 'api/v1/products', params: cleanParams({ q, per_page: 100, sort: 'name' }) }),
      transformResponse: (a: { data: { products: Product[] } }) => a.data.products,
      keepUnusedDataFor: 120,
    }),
    // The producer's locations an event may happen at (GET /api/v1/locations, by name).
    eventLocationOptions: build.query<{ id: number; name: string }[], void>({
      query: () => ({ url: 'api/v1/locations', params: { per_page: MAX_PER_PAGE, sort: 'name' } }),
      transformResponse: (a: { data: { locations: { id: number; name: string }[] } }) =>
        a.data.locations.map((l) => ({ id: l.id, name: l.name })),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useEventLocationOptionsQuery,
  useListBatchesQuery,
  useGetBatchQuery,
  useCreateBatchMutation,
  useUpdateBatchMutation,
  useDeleteBatchMutation,
  useAddEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useReorderEventsMutation,
  useTransitionBatchMutation,
  useBatchHistoryQuery,
  useBatchProductOptionsQuery,
} = batchesApi;
