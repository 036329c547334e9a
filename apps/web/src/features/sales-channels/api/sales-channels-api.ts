import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  ReferenceableProduct,
  SaleChannelReference,
  SaleChannelRegisterStatus,
  SaleChannelSyncStatus,
} from '@agrihub/contract/schemas/sale-channels';
import { api } from '../../../lib/api';
import { SALE_CHANNEL_TAGS, toReferenceDetail, type SaleChannelReferenceDetail } from '../../../lib/sale-channels-api';
import type { Envelope } from '../../../lib/session-api';

export interface SaleChannelReferenceListArgs {
  channel_id?: number;
  referenceable_type?: 'producer' | 'product';
  register_status?: SaleChannelRegisterStatus;
  sync_status?: SaleChannelSyncStatus;
  page?: number;
  per_page?: number;
}

export interface SaleChannelReferencePage {
  references: SaleChannelReference[];
  meta: ListMeta & {
    counts: { register_status: Record<string, number>; sync_status: Record<string, number> };
  };
}

export interface RegisterResult {
  references: SaleChannelReference[];
  message: string;
}

const tagged = api.enhanceEndpoints({ addTagTypes: [...SALE_CHANNEL_TAGS] });
const REFS = SALE_CHANNEL_TAGS;

/**
 * A producer's sales channels (DESIGN §5.3; the channel list is in lib/sale-channels-api.ts): its
 * registrations (filters, counters) and one with its sync log and history, the products it may
 * register with their readiness, and the owner's moves (register, close, resubmit, sync, resync the
 * out-of-date ones).
 */
export const salesChannelsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listSaleChannelReferences: build.query<SaleChannelReferencePage, SaleChannelReferenceListArgs>({
      query: (params) => ({ url: 'api/v1/sale_channel_references', params }),
      transformResponse: (a: {
        data: { sale_channel_references: SaleChannelReference[] };
        meta: SaleChannelReferencePage['meta'];
      }) => ({ references: a.data.sale_channel_references, meta: a.meta }),
      providesTags: ['SaleChannelReferences'],
    }),
    getSaleChannelReference: build.query<SaleChannelReferenceDetail, number>({
      query: (id) => `api/v1/sale_channel_references/${id}`,
      transformResponse: toReferenceDetail,
      // Every move and sync invalidates the type: the open drawer refreshes with the list.
      providesTags: (_r, _e, id) => [{ type: 'SaleChannelReferences', id }],
    }),
    listReferenceable: build.query<
      { products: ReferenceableProduct[]; meta: ListMeta },
      { channel_id: number; q?: string; page?: number; per_page?: number }
    >({
      query: (params) => ({ url: 'api/v1/sale_channel_referenceable', params }),
      transformResponse: (a: { data: { products: ReferenceableProduct[] }; meta: ListMeta }) => ({
        products: a.data.products,
        meta: a.meta,
      }),
      providesTags: ['SaleChannelReferences'],
    }),
    registerToSaleChannel: build.mutation<RegisterResult, { channelId: number; product_ids?: number[] }>({
      query: ({ channelId, product_ids }) => ({
        url: `api/v1/sale_channels/${channelId}/register`,
        method: 'POST',
        body: product_ids ? { product_ids } : {},
      }),
      transformResponse: (a: Envelope<{ sale_channel_references: SaleChannelReference[] }>) => ({
        references: a.data.sale_channel_references,
        message: a.meta?.message ?? '',
      }),
      invalidatesTags: (_r, e) => (e ? [] : [...REFS]),
    }),
    moveSaleChannelReference: build.mutation<
      string,
      { id: number; register_status: SaleChannelRegisterStatus; reason?: string }
    >({
      query: ({ id, ...body }) => ({ url: `api/v1/sale_channel_references/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<unknown>) => a.meta?.message ?? '',
      invalidatesTags: (_r, e) => (e ? [] : [...REFS]),
    }),
    syncSaleChannelReference: build.mutation<string, number>({
      query: (id) => ({ url: `api/v1/sale_channel_references/${id}/sync`, method: 'POST', body: {} }),
      transformResponse: (a: Envelope<unknown>) => a.meta?.message ?? '',
      // A failed sync is recorded too (sync_status error, last_error): refresh either way.
      invalidatesTags: () => [...REFS],
    }),
    resyncOutOfDate: build.mutation<{ message: string; failed: number }, { channel_id?: number }>({
      // Filters go in the query string (the server's list filters); none: every out-of-date one of the producer.
      query: (params) => ({ url: 'api/v1/sale_channel_references/resync_out_of_date', method: 'POST', params }),
      transformResponse: (a: Envelope<{ failed: number }>) => ({
        message: a.meta?.message ?? '',
        failed: a.data.failed,
      }),
      invalidatesTags: () => [...REFS],
    }),
  }),
});

export const {
  useListSaleChannelReferencesQuery,
  useGetSaleChannelReferenceQuery,
  useListReferenceableQuery,
  useRegisterToSaleChannelMutation,
  useMoveSaleChannelReferenceMutation,
  useSyncSaleChannelReferenceMutation,
  useResyncOutOfDateMutation,
} = salesChannelsApi;
