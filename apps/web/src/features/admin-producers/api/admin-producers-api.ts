import type { AdminProducerDetail, ProducerBulkRequest } from '@agrihub/contract/schemas/admin-producers';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Producer } from '@agrihub/contract/schemas/producers';
import type { ApprovalStatus } from '@agrihub/contract/constants';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import type { Envelope } from '../../../lib/session-api';
import { listParams } from '../../../lib/list-params';
import type { ProducerFilters } from '../lib/list-params';

export interface ProducerList {
  producers: Producer[];
  meta: ListMeta;
}
export interface StatusChange {
  id: number;
  status: ApprovalStatus;
  reason?: string;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminProducer', 'AdminProducerList', 'Producer'] });

/** Administration of the platform's producers (spec §7, /api/v1/admin/producers). */
export const adminProducersApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducers: build.query<ProducerList, ProducerFilters>({
      query: (filters) => ({ url: 'api/v1/admin/producers', params: listParams(filters) }),
      transformResponse: (a: { data: { producers: Producer[] }; meta: ListMeta }) => ({
        producers: a.data.producers,
        meta: a.meta,
      }),
      providesTags: ['AdminProducerList'],
    }),
    getAdminProducer: build.query<AdminProducerDetail, number>({
      query: (id) => `api/v1/admin/producers/${id}`,
      transformResponse: (a: Envelope<AdminProducerDetail>) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'AdminProducer', id }],
    }),
    adminProducerHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/admin/producers/${id}/history`, page),
      transformResponse: toHistoryPage,
      // A status change (single or bulk) refreshes the history too.
      providesTags: (_r, _e, { id }) => [{ type: 'AdminProducer', id }],
    }),
    setProducerStatus: build.mutation<{ producer: Producer; message?: string }, StatusChange>({
      query: ({ id, status, reason }) => ({
        url: `api/v1/admin/producers/${id}/status`,
        method: 'PUT',
        body: { status, ...(reason ? { reason } : {}) },
      }),
      transformResponse: (a: Envelope<{ producer: Producer }>) => ({
        producer: a.data.producer,
        message: a.meta?.message,
      }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'AdminProducer', id }, 'AdminProducerList', 'Producer']),
    }),
    bulkProducerStatus: build.mutation<{ updated: number; message?: string }, ProducerBulkRequest>({
      query: (body) => ({ url: 'api/v1/admin/producers/bulk', method: 'PUT', body }),
      transformResponse: (a: Envelope<{ updated: number }>) => ({ updated: a.data.updated, message: a.meta?.message }),
      invalidatesTags: (_r, e) => (e ? [] : ['AdminProducer', 'AdminProducerList', 'Producer']),
    }),
  }),
});

export const {
  useListAdminProducersQuery,
  useGetAdminProducerQuery,
  useAdminProducerHistoryQuery,
  useSetProducerStatusMutation,
  useBulkProducerStatusMutation,
} = adminProducersApi;
