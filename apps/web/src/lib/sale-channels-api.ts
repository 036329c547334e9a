import type { ActivityItem } from '@agrihub/contract/schemas/activity';
import type {
  ReferenceableProduct,
  SaleChannel,
  SaleChannelReference,
  saleChannelSyncLogItem,
} from '@agrihub/contract/schemas/sale-channels';
import type { z } from 'zod';
import { api } from './api';
import type { Envelope } from './session-api';

/** One attempt to sync a registration to its channel (its sync log). */
export type SyncLogItem = z.infer<typeof saleChannelSyncLogItem>;

/** One registration with its sync log and history (the producer's and the back office's detail answers). */
export interface SaleChannelReferenceDetail {
  reference: SaleChannelReference;
  sync_log: SyncLogItem[];
  history: ActivityItem[];
}

/** GET …/sale_channel_references/{id} (own or admin) as a SaleChannelReferenceDetail. */
export function toReferenceDetail(
  a: Envelope<{ sale_channel_reference: SaleChannelReference; sync_log: SyncLogItem[]; history: ActivityItem[] }>,
): SaleChannelReferenceDetail {
  return { reference: a.data.sale_channel_reference, sync_log: a.data.sync_log, history: a.data.history };
}

export interface ByProduct {
  product: ReferenceableProduct;
  references: SaleChannelReference[];
}

/** Tags of the sales channel answers (the sales channels page invalidates them after a move). */
export const SALE_CHANNEL_TAGS = ['SaleChannels', 'SaleChannelReferences'] as const;

const tagged = api.enhanceEndpoints({ addTagTypes: [...SALE_CHANNEL_TAGS, 'Product'] });

/**
 * The platform's sales channels with the producer's own registration (GET /api/v1/sale_channels), and a
 * product's sales channels (GET /api/v1/sale_channel_references/by_product: its registrations and what
 * it lacks on each active channel). Used by the sales channels page and the product page's panel; the
 * page's moves (features/sales-channels) invalidate the same tags.
 */
export const saleChannelsSharedApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listSaleChannels: build.query<SaleChannel[], void>({
      query: () => 'api/v1/sale_channels',
      transformResponse: (a: Envelope<{ sale_channels: SaleChannel[] }>) => a.data.sale_channels,
      providesTags: ['SaleChannels'],
    }),
    saleChannelsByProduct: build.query<ByProduct, number>({
      query: (productId) => ({ url: 'api/v1/sale_channel_references/by_product', params: { product_id: productId } }),
      transformResponse: (
        a: Envelope<{ product: ReferenceableProduct; sale_channel_references: SaleChannelReference[] }>,
      ) => ({
        product: a.data.product,
        references: a.data.sale_channel_references,
      }),
      // A product's edit changes what it lacks: the product's tag refreshes the panel.
      providesTags: (_r, _e, id) => ['SaleChannelReferences', { type: 'Product', id }],
    }),
  }),
});

export const { useListSaleChannelsQuery, useSaleChannelsByProductQuery } = saleChannelsSharedApi;
