import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { ActivityItem } from '@agrihub/contract/schemas/activity';
import type {
  AdminSaleChannel,
  ReferenceableType,
  SaleChannelReference,
  SaleChannelRegisterStatus,
  SaleChannelRequirements,
} from '@agrihub/contract/schemas/sale-channels';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';
import { SALE_CHANNEL_TAGS, toReferenceDetail, type SaleChannelReferenceDetail } from '../../../lib/sale-channels-api';
import type { Envelope } from '../../../lib/session-api';
import type { ReferenceFilters } from '../lib/list-params';

export interface ReferenceList {
  references: SaleChannelReference[];
  meta: ListMeta;
  counts: { register_status: Partial<Record<string, number>>; sync_status: Partial<Record<string, number>> };
}

export interface ChannelDetail {
  channel: AdminSaleChannel;
  history: ActivityItem[];
}

export interface BulkResult {
  updated: number;
  skipped: number[];
  message?: string;
}

export interface ChannelUpdate {
  requirements?: SaleChannelRequirements;
  active?: boolean;
  description?: string;
  description_en?: string;
  rotate_feed_token?: boolean;
}

type Message = { meta?: { message?: string } };

const REFS = 'api/v1/admin/sale_channel_references';
const CHANNELS = 'api/v1/admin/sale_channels';
const tagged = api.enhanceEndpoints({
  addTagTypes: ['AdminSaleChannelReference', 'AdminSaleChannelReferenceList', 'AdminSaleChannel', ...SALE_CHANNEL_TAGS],
});
/** A decision changes the list, its counters, the detail and the producer's own answers. */
const AFTER_MOVE = ['AdminSaleChannelReferenceList', 'SaleChannelReferences', 'SaleChannels'] as const;

/**
 * The back office's sales channel registrations (admin-routes.ts) and channel settings
 * (admin-channel-routes.ts), and the sync of one registration (sync/routes.ts).
 */
export const salesApprovalApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listReferences: build.query<ReferenceList, ReferenceFilters & { referenceable_type: ReferenceableType }>({
      query: (filters) => ({ url: REFS, params: listParams(filters) }),
      transformResponse: (a: {
        data: { sale_channel_references: SaleChannelReference[] };
        meta: ListMeta & { counts: ReferenceList['counts'] };
      }) => ({ references: a.data.sale_channel_references, meta: a.meta, counts: a.meta.counts }),
      providesTags: ['AdminSaleChannelReferenceList'],
    }),
    getReference: build.query<SaleChannelReferenceDetail, number>({
      query: (id) => `${REFS}/${id}`,
      transformResponse: toReferenceDetail,
      providesTags: (_r, _e, id) => [{ type: 'AdminSaleChannelReference', id }],
    }),
    moveReference: build.mutation<
      string | undefined,
      { id: number; register_status: SaleChannelRegisterStatus; reason?: string }
    >({
      query: ({ id, ...body }) => ({ url: `${REFS}/${id}`, method: 'PUT', body }),
      transformResponse: (a: Message) => a.meta?.message,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminSaleChannelReference', id }, ...AFTER_MOVE],
    }),
    bulkMoveReferences: build.mutation<
      BulkResult,
      { ids: number[]; register_status: SaleChannelRegisterStatus; reason?: string }
    >({
      query: (body) => ({ url: `${REFS}/bulk`, method: 'PUT', body }),
      transformResponse: (a: Envelope<{ updated: number; skipped: number[] }> & Message) => ({
        ...a.data,
        message: a.meta?.message,
      }),
      invalidatesTags: ['AdminSaleChannelReference', ...AFTER_MOVE],
    }),
    syncReference: build.mutation<string | undefined, number>({
      query: (id) => ({ url: `api/v1/sale_channel_references/${id}/sync`, method: 'POST' }),
      transformResponse: (a: Message) => a.meta?.message,
      invalidatesTags: (_r, _e, id) => [{ type: 'AdminSaleChannelReference', id }, ...AFTER_MOVE],
    }),
    resyncOutOfDate: build.mutation<
      { resynced: number; failed: number; message?: string },
      { channel_id?: number; q?: string }
    >({
      query: (params) => ({ url: `${REFS}/resync_out_of_date`, method: 'POST', params: listParams(params) }),
      transformResponse: (a: Envelope<{ resynced: number; failed: number }> & Message) => ({
        resynced: a.data.resynced,
        failed: a.data.failed,
        message: a.meta?.message,
      }),
      invalidatesTags: ['AdminSaleChannelReference', ...AFTER_MOVE],
    }),
    listAdminChannels: build.query<AdminSaleChannel[], void>({
      query: () => CHANNELS,
      transformResponse: (a: Envelope<{ sale_channels: AdminSaleChannel[] }>) => a.data.sale_channels,
      providesTags: ['AdminSaleChannel'],
    }),
    getAdminChannel: build.query<ChannelDetail, number>({
      query: (id) => `${CHANNELS}/${id}`,
      transformResponse: (a: Envelope<{ sale_channel: AdminSaleChannel; history: ActivityItem[] }>) => ({
        channel: a.data.sale_channel,
        history: a.data.history,
      }),
      providesTags: (_r, _e, id) => [{ type: 'AdminSaleChannel', id }],
    }),
    updateAdminChannel: build.mutation<string | undefined, { id: number; body: ChannelUpdate }>({
      query: ({ id, body }) => ({ url: `${CHANNELS}/${id}`, method: 'PUT', body }),
      transformResponse: (a: Message) => a.meta?.message,
      invalidatesTags: ['AdminSaleChannel', 'SaleChannels', 'AdminSaleChannelReferenceList'],
    }),
  }),
});

export const {
  useListReferencesQuery,
  useGetReferenceQuery,
  useMoveReferenceMutation,
  useBulkMoveReferencesMutation,
  useSyncReferenceMutation,
  useResyncOutOfDateMutation,
  useListAdminChannelsQuery,
  useGetAdminChannelQuery,
  useUpdateAdminChannelMutation,
} = salesApprovalApi;
