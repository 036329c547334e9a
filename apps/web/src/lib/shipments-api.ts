import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  IncomingListQuery,
  IncomingShipment,
  ReceiveInput,
  Shipment,
  ShipmentInput,
  ShipmentListQuery,
} from '@agrihub/contract/schemas/shipments';
import type { BatchListItem } from '@agrihub/contract/schemas/traceabilities';
import { api } from './api';
import type { Envelope } from './session-api';
import { cleanParams } from './clean-params';

export interface ShipmentList {
  shipments: Shipment[];
  meta: ListMeta;
}
export interface IncomingList {
  shipments: IncomingShipment[];
  meta: ListMeta;
}
/** A lot to ship from (the batch list's item, what the form reads of it). */
export type ShipLot = Pick<BatchListItem, 'id' | 'lot_code' | 'product' | 'remaining_quantity' | 'unit' | 'state'>;
/** A product to receive into. */
export type ProductOption = { id: number; name: string; unit: string };

/** A location to pick (the locations module's list; none while it answers nothing). */
export interface LocationOption {
  id: number;
  name: string;
}

type Out = Envelope<{ shipment: Shipment }>;
type In = Envelope<{ shipment: IncomingShipment }>;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Shipment', 'ShipmentList', 'Incoming', 'IncomingList', 'Batch', 'BatchList'] });

/** Shipments of the supply chain (ADR 036): the producer's outgoing ones and its inbox. */
export const shipmentsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listShipments: build.query<ShipmentList, Partial<ShipmentListQuery>>({
      query: (args) => ({ url: 'api/v1/shipments', params: cleanParams(args) }),
      transformResponse: (a: { data: { shipments: Shipment[] }; meta: ListMeta }) => ({
        shipments: a.data.shipments,
        meta: a.meta,
      }),
      providesTags: ['ShipmentList'],
    }),
    getShipment: build.query<Shipment, number>({
      query: (id) => `api/v1/shipments/${id}`,
      transformResponse: (a: Out) => a.data.shipment,
      providesTags: (_r, _e, id) => [{ type: 'Shipment', id }],
    }),
    createShipment: build.mutation<Shipment, ShipmentInput>({
      query: (body) => ({ url: 'api/v1/shipments', method: 'POST', body }),
      transformResponse: (a: Out) => a.data.shipment,
      invalidatesTags: (_r, e, b) => (e ? [] : ['ShipmentList', 'BatchList', { type: 'Batch', id: b.lot_id }]),
    }),
    cancelShipment: build.mutation<Shipment, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `api/v1/shipments/${id}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: (a: Out) => a.data.shipment,
      invalidatesTags: (r, e, { id }) =>
        e ? [] : ['ShipmentList', 'BatchList', { type: 'Shipment', id }, ...(r ? [{ type: 'Batch' as const, id: r.lot.id }] : [])],
    }),
    listIncoming: build.query<IncomingList, Partial<IncomingListQuery>>({
      query: (args) => ({ url: 'api/v1/shipments/incoming', params: cleanParams(args) }),
      transformResponse: (a: { data: { shipments: IncomingShipment[] }; meta: ListMeta }) => ({
        shipments: a.data.shipments,
        meta: a.meta,
      }),
      providesTags: ['IncomingList'],
    }),
    getIncoming: build.query<IncomingShipment, number>({
      query: (id) => `api/v1/shipments/incoming/${id}`,
      transformResponse: (a: In) => a.data.shipment,
      providesTags: (_r, _e, id) => [{ type: 'Incoming', id }],
    }),
    receiveShipment: build.mutation<IncomingShipment, { id: number; body: ReceiveInput }>({
      query: ({ id, body }) => ({ url: `api/v1/shipments/incoming/${id}/receive`, method: 'POST', body }),
      transformResponse: (a: In) => a.data.shipment,
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['IncomingList', 'BatchList', { type: 'Incoming', id }]),
    }),
    refuseShipment: build.mutation<IncomingShipment, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `api/v1/shipments/incoming/${id}/refuse`, method: 'POST', body: { reason } }),
      transformResponse: (a: In) => a.data.shipment,
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['IncomingList', { type: 'Incoming', id }]),
    }),
    locationOptions: build.query<LocationOption[], void>({
      query: () => ({ url: 'api/v1/locations', params: { per_page: 100 } }),
      transformResponse: (a: { data?: { locations?: LocationOption[] } }) =>
        (a.data?.locations ?? []).map((l) => ({ id: l.id, name: l.name })),
      keepUnusedDataFor: 120,
    }),
    // What the forms pick from (each feature reads its own; features do not import each other).
    shipmentLotOptions: build.query<ShipLot[], void>({
      query: () => ({ url: 'api/v1/traceabilities', params: { per_page: 100 } }),
      transformResponse: (a: { data: { traceabilities: ShipLot[] } }) => a.data.traceabilities,
      providesTags: ['BatchList'],
    }),
    shipmentProductOptions: build.query<ProductOption[], void>({
      query: () => ({ url: 'api/v1/products', params: { per_page: 100, sort: 'name' } }),
      transformResponse: (a: { data: { products: ProductOption[] } }) => a.data.products,
      keepUnusedDataFor: 120,
    }),
    shipmentPartnerOptions: build.query<LocationOption[], void>({
      query: () => ({ url: 'api/v1/partners', params: { per_page: 100 } }),
      transformResponse: (a: { data: { partners: LocationOption[] } }) =>
        a.data.partners.map((p) => ({ id: p.id, name: p.name })),
    }),
  }),
});

export const {
  useListShipmentsQuery,
  useGetShipmentQuery,
  useCreateShipmentMutation,
  useCancelShipmentMutation,
  useListIncomingQuery,
  useGetIncomingQuery,
  useReceiveShipmentMutation,
  useRefuseShipmentMutation,
  useLocationOptionsQuery,
  useShipmentLotOptionsQuery,
  useShipmentProductOptionsQuery,
  useShipmentPartnerOptionsQuery,
} = shipmentsApi;
