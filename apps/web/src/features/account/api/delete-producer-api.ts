import { api } from '../../../lib/api';

export interface ProducerDeleted {
  deleted: { products: number; batches: number; uploads: number; users: number };
  message?: string;
}

/** DELETE /api/v1/producers/{id}: the producer's own account deletes its business (spec §7). */
export const deleteProducerApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteOwnProducer: build.mutation<ProducerDeleted, number>({
      query: (id) => ({ url: `api/v1/producers/${id}`, method: 'DELETE' }),
      transformResponse: (a: { data: Omit<ProducerDeleted, 'message'>; meta?: { message?: string } }) => ({
        ...a.data,
        message: a.meta?.message,
      }),
    }),
  }),
});

export const { useDeleteOwnProducerMutation } = deleteProducerApi;
