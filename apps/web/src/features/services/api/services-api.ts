import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  ServiceRequest,
  ServiceRequestCreate,
  ServiceRequestMove,
  ServiceRequestNote,
  ServiceRequestNoteCreate,
  ServiceRequestUpdate,
} from '@agrihub/contract/schemas/service-requests';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { api } from '../../../lib/api';
import type { Envelope } from '../../../lib/session-api';

export type RequestListItem = Omit<ServiceRequest, 'notes'>;
export interface RequestList {
  requests: RequestListItem[];
  meta: ListMeta;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['ServiceCatalogue', 'MyServiceRequests'] });

/**
 * The public catalogue (no token needed) and the signed-in producer's own requests. Registering
 * also refreshes whoami ('Me'): a free service (multi-channel selling on DTrack) changes
 * `registed_services` and with it the menus, without a new login.
 */
export const servicesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listServices: build.query<RegisterService[], void>({
      query: () => 'api/v1/register_services',
      transformResponse: (a: Envelope<{ register_services: RegisterService[] }>) => a.data.register_services,
      providesTags: ['ServiceCatalogue'],
    }),
    getService: build.query<RegisterService, string>({
      query: (slug) => `api/v1/register_services/${encodeURIComponent(slug)}`,
      transformResponse: (a: Envelope<{ register_service: RegisterService }>) => a.data.register_service,
      providesTags: ['ServiceCatalogue'],
    }),
    listMyRequests: build.query<RequestList, { page?: number; per_page?: number }>({
      query: ({ page = 1, per_page = 50 }) => ({ url: 'api/v1/user_register_services', params: { page, per_page } }),
      transformResponse: (a: { data: { urss: RequestListItem[] }; meta: ListMeta }) => ({
        requests: a.data.urss,
        meta: a.meta,
      }),
      providesTags: ['MyServiceRequests'],
    }),
    getMyRequest: build.query<ServiceRequest, number>({
      query: (id) => `api/v1/user_register_services/${id}`,
      transformResponse: (a: Envelope<{ urs: ServiceRequest }>) => a.data.urs,
      providesTags: (_r, _e, id) => [{ type: 'MyServiceRequests', id }],
    }),
    registerService: build.mutation<ServiceRequest, ServiceRequestCreate>({
      query: (body) => ({ url: 'api/v1/registrations/register_service', method: 'POST', body }),
      transformResponse: (a: Envelope<{ urs: ServiceRequest }>) => a.data.urs,
      invalidatesTags: (_r, e) => (e ? [] : ['MyServiceRequests', 'Me']),
    }),
    moveMyRequest: build.mutation<ServiceRequest, { id: number } & ServiceRequestMove>({
      query: ({ id, ...body }) => ({ url: `api/v1/user_register_services/${id}/move`, method: 'POST', body }),
      transformResponse: (a: Envelope<{ urs: ServiceRequest }>) => a.data.urs,
      invalidatesTags: (_r, e) => (e ? [] : ['MyServiceRequests', 'Me']),
    }),
    cancelMyRequest: build.mutation<unknown, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `api/v1/user_register_services/${id}`, method: 'DELETE', body: { reason } }),
      invalidatesTags: (_r, e) => (e ? [] : ['MyServiceRequests', 'Me']),
    }),
    updateMyRequest: build.mutation<ServiceRequest, { id: number } & ServiceRequestUpdate>({
      query: ({ id, ...body }) => ({ url: `api/v1/user_register_services/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<{ urs: ServiceRequest }>) => a.data.urs,
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['MyServiceRequests', { type: 'MyServiceRequests', id }]),
    }),
    replyToRequest: build.mutation<ServiceRequestNote, { id: number } & ServiceRequestNoteCreate>({
      query: ({ id, ...body }) => ({ url: `api/v1/user_register_services/${id}/notes`, method: 'POST', body }),
      transformResponse: (a: Envelope<{ note: ServiceRequestNote }>) => a.data.note,
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'MyServiceRequests', id }]),
    }),
  }),
});

export const {
  useListServicesQuery,
  useGetServiceQuery,
  useListMyRequestsQuery,
  useGetMyRequestQuery,
  useRegisterServiceMutation,
  useMoveMyRequestMutation,
  useCancelMyRequestMutation,
  useReplyToRequestMutation,
  useUpdateMyRequestMutation,
} = servicesApi;
