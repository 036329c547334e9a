import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  PurchaseOrderDetail,
  PurchaseOrderInput,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
  PurchaseOrderSupplier,
  PurchaseOrderSupplierType,
  PurchaseOrderUpdate,
  SupplierProduct,
} from '@agrihub/contract/schemas/purchase-orders';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';
import type { PurchaseOrderFilters } from '../lib/list-params';

export const PURCHASE_ORDERS_URL = 'api/v1/admin/purchase_orders';

export interface PurchaseOrderList {
  orders: PurchaseOrderSummary[];
  meta: ListMeta;
  counts: Partial<Record<PurchaseOrderStatus, number>>;
}

/** What a save or a move answers: the order, its history and the server's message. */
export interface PurchaseOrderSaved extends PurchaseOrderDetail {
  message?: string;
}

type DetailAnswer = { data: PurchaseOrderDetail; meta?: { message?: string } };
const saved = (a: DetailAnswer): PurchaseOrderSaved => ({ ...a.data, message: a.meta?.message });

const tagged = api.enhanceEndpoints({ addTagTypes: ['PurchaseOrder', 'PurchaseOrderList'] });

/** The back office's purchase orders (spec §7 admin purchase_orders; DESIGN §5.5). */
export const purchaseOrdersApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listPurchaseOrders: build.query<PurchaseOrderList, PurchaseOrderFilters>({
      query: (filters) => ({ url: PURCHASE_ORDERS_URL, params: listParams(filters) }),
      transformResponse: (a: {
        data: { purchase_orders: PurchaseOrderSummary[] };
        meta: ListMeta & { counts?: PurchaseOrderList['counts'] };
      }) => ({ orders: a.data.purchase_orders, meta: a.meta, counts: a.meta.counts ?? {} }),
      providesTags: ['PurchaseOrderList'],
    }),
    getPurchaseOrder: build.query<PurchaseOrderDetail, number>({
      query: (id) => `${PURCHASE_ORDERS_URL}/${id}`,
      transformResponse: (a: DetailAnswer) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'PurchaseOrder', id }],
    }),
    createPurchaseOrder: build.mutation<PurchaseOrderSaved, PurchaseOrderInput>({
      query: (body) => ({ url: PURCHASE_ORDERS_URL, method: 'POST', body }),
      transformResponse: saved,
      invalidatesTags: ['PurchaseOrderList'],
    }),
    updatePurchaseOrder: build.mutation<PurchaseOrderSaved, { id: number; body: PurchaseOrderUpdate }>({
      query: ({ id, body }) => ({ url: `${PURCHASE_ORDERS_URL}/${id}`, method: 'PUT', body }),
      transformResponse: saved,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'PurchaseOrder', id }, 'PurchaseOrderList'],
    }),
    /**
     * One move, naming the version the reader's page shows (an approval approves that version:
     * 409 purchaseOrderStale if the order changed since). Refused or not, the order is read again.
     */
    movePurchaseOrder: build.mutation<
      PurchaseOrderSaved,
      { id: number; status: PurchaseOrderStatus; version: number; reason?: string }
    >({
      query: ({ id, status, version, reason }) => ({
        url: `${PURCHASE_ORDERS_URL}/${id}/status`,
        method: 'PUT',
        body: reason ? { status, reason, version } : { status, version },
      }),
      transformResponse: saved,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'PurchaseOrder', id }, 'PurchaseOrderList'],
    }),
    purchaseOrderSuppliers: build.query<PurchaseOrderSupplier[], { q?: string; type?: PurchaseOrderSupplierType }>({
      query: (args) => ({ url: `${PURCHASE_ORDERS_URL}/suppliers`, params: listParams(args) }),
      transformResponse: (a: { data: { suppliers: PurchaseOrderSupplier[] } }) => a.data.suppliers,
    }),
    supplierProducts: build.query<SupplierProduct[], number>({
      query: (producerId) => `${PURCHASE_ORDERS_URL}/suppliers/producer/${producerId}/products`,
      transformResponse: (a: { data: { products: SupplierProduct[] } }) => a.data.products,
    }),
  }),
});

export const {
  useListPurchaseOrdersQuery,
  useGetPurchaseOrderQuery,
  useCreatePurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
  useMovePurchaseOrderMutation,
  usePurchaseOrderSuppliersQuery,
  useSupplierProductsQuery,
} = purchaseOrdersApi;
