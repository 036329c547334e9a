import type { z } from 'zod';
import type { GtinPrefixes, Producer, updateProducerRequest } from '@agrihub/contract/schemas/producers';
import { api } from '../../../lib/api';
import type { Envelope } from '../../../lib/session-api';
import { producerLoaded } from '../../../stores/user-slice';

export type ProducerUpdate = z.input<typeof updateProducerRequest>;

/** The producer's own business information: GET/PUT /api/v1/producers/{id}. */
export const producerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducer: build.query<Producer, number>({
      query: (id) => `api/v1/producers/${id}`,
      transformResponse: (answer: Envelope<{ producer: Producer }>) => answer.data.producer,
      providesTags: (_result, _error, id) => [{ type: 'Producer', id }],
    }),
    updateProducer: build.mutation<Producer, { id: number; body: ProducerUpdate }>({
      query: ({ id, body }) => ({ url: `api/v1/producers/${id}`, method: 'PUT', body }),
      transformResponse: (answer: Envelope<{ producer: Producer }>) => answer.data.producer,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(producerApi.util.upsertQueryData('getProducer', id, data));
          // The frame (producer name) and the dashboard read the stored producer.
          dispatch(producerLoaded(data));
        } catch {
          // the page shows the failure
        }
      },
    }),
    /** The company prefixes a GS1 prefix length makes of the producer's GTINs (ADR 038). */
    getGtinPrefixes: build.query<GtinPrefixes, { id: number; length: number }>({
      query: ({ id, length }) => ({ url: `api/v1/producers/${id}/gtin-prefixes`, params: { length } }),
      transformResponse: (answer: Envelope<{ gtin_prefixes: GtinPrefixes }>) => answer.data.gtin_prefixes,
      providesTags: (_result, _error, { id }) => [{ type: 'Producer', id }],
    }),
  }),
});

export const { useGetProducerQuery, useUpdateProducerMutation, useGetGtinPrefixesQuery } = producerApi;
