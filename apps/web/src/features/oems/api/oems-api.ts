import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { ProducerOem, ProducerOemCreate, ProducerOemUpdate } from '@agrihub/contract/schemas/oems';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import { listParams } from '../../../lib/list-params';
import type { OemFilters } from '../lib/list-params';

export interface OemList {
  producer_oems: ProducerOem[];
  meta: ListMeta;
}
/** A saved OEM and the server's message (in the reader's language). */
export interface SavedOem {
  oem: ProducerOem;
  message?: string;
}

interface OemAnswer {
  data: { producer_oem: ProducerOem };
  meta?: { message?: string };
}
const saved = (a: OemAnswer): SavedOem => ({ oem: a.data.producer_oem, message: a.meta?.message });

const URL = 'api/v1/admin/producer_oems';
const tagged = api.enhanceEndpoints({ addTagTypes: ['Oem', 'OemList'] });

/** The OEM directory in the back office (spec §7 admin producer_oems). */
export const oemsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listOems: build.query<OemList, OemFilters>({
      query: (filters) => ({ url: URL, params: listParams(filters) }),
      transformResponse: (a: { data: { producer_oems: ProducerOem[] }; meta: ListMeta }) => ({
        producer_oems: a.data.producer_oems,
        meta: a.meta,
      }),
      providesTags: ['OemList'],
    }),
    getOem: build.query<ProducerOem, number>({
      query: (id) => `${URL}/${id}`,
      transformResponse: (a: OemAnswer) => a.data.producer_oem,
      providesTags: (_r, _e, id) => [{ type: 'Oem', id }],
    }),
    oemHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`${URL}/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: (_r, _e, { id }) => [{ type: 'Oem', id }],
    }),
    createOem: build.mutation<SavedOem, ProducerOemCreate>({
      query: (body) => ({ url: URL, method: 'POST', body }),
      transformResponse: saved,
      invalidatesTags: (_r, e) => (e ? [] : ['OemList']),
    }),
    updateOem: build.mutation<SavedOem, { id: number; body: ProducerOemUpdate }>({
      query: ({ id, body }) => ({ url: `${URL}/${id}`, method: 'PUT', body }),
      transformResponse: saved,
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'Oem', id }, 'OemList']),
    }),
  }),
});

export const { useListOemsQuery, useGetOemQuery, useOemHistoryQuery, useCreateOemMutation, useUpdateOemMutation } =
  oemsApi;
