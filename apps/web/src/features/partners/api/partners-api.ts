import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Partner, PartnerInput, PartnerListQuery, ProducerSearchItem } from '@agrihub/contract/schemas/partners';
import { api } from '../../../lib/api';
import type { Envelope, MessageAnswer } from '../../../lib/session-api';
import { cleanParams } from '../../../lib/clean-params';

export interface PartnerList {
  partners: Partner[];
  meta: ListMeta;
}
type One = Envelope<{ partner: Partner }>;
const toPartner = (a: One) => a.data.partner;

const tagged = api.enhanceEndpoints({ addTagTypes: ['PartnerList'] });

/** The producer's trading partners (ADR 036 §4) and the search of the platform's producers. */
export const partnersApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listPartners: build.query<PartnerList, Partial<PartnerListQuery>>({
      query: (args) => ({ url: 'api/v1/partners', params: cleanParams(args) }),
      transformResponse: (a: { data: { partners: Partner[] }; meta: ListMeta }) => ({
        partners: a.data.partners,
        meta: a.meta,
      }),
      providesTags: ['PartnerList'],
    }),
    searchProducers: build.query<ProducerSearchItem[], string>({
      query: (q) => ({ url: 'api/v1/partners/producer-search', params: cleanParams({ q }) }),
      transformResponse: (a: { data: { producers: ProducerSearchItem[] } }) => a.data.producers,
    }),
    createPartner: build.mutation<Partner, PartnerInput>({
      query: (body) => ({ url: 'api/v1/partners', method: 'POST', body }),
      transformResponse: toPartner,
      invalidatesTags: (_r, e) => (e ? [] : ['PartnerList']),
    }),
    updatePartner: build.mutation<Partner, { id: number; body: PartnerInput }>({
      query: ({ id, body }) => ({ url: `api/v1/partners/${id}`, method: 'PUT', body }),
      transformResponse: toPartner,
      invalidatesTags: (_r, e) => (e ? [] : ['PartnerList']),
    }),
    deletePartner: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `api/v1/partners/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : ['PartnerList']),
    }),
  }),
});

export const {
  useListPartnersQuery,
  useSearchProducersQuery,
  useCreatePartnerMutation,
  useUpdatePartnerMutation,
  useDeletePartnerMutation,
} = partnersApi;
