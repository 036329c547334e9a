import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import type { ServiceRequest, ServiceRequestNote } from '@agrihub/contract/schemas/service-requests';
import type {
  AdminServiceRequestDetail as AdminServiceRequestDetailAnswer,
  AdminServiceRequestUpdate,
} from '@agrihub/contract/schemas/admin-service-requests';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';
import type { Envelope } from '../../../lib/session-api';
import { lockAllFilters, type RequestFilters } from '../lib/list-params';

export type AdminServiceRequest = Omit<ServiceRequest, 'notes'>;
export type AdminServiceRequestDetail = ServiceRequest;
/** The detail answer: the request with every note, and its history (internal rows included). */
export type ServiceRequestWithHistory = Pick<AdminServiceRequestDetailAnswer, 'urs' | 'history'>;
export type { ServiceRequestNote };

export interface StaffUser {
  id: number;
  name?: string;
  email?: string;
}

/** Counts per step of the whole filtered list (meta of the list answer). */
export type StepCounts = Partial<Record<string, number>>;

export interface RequestList {
  requests: AdminServiceRequest[];
  meta: ListMeta;
  counts: StepCounts;
}

const BASE = 'api/v1/admin/user_register_services';
const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminServiceRequest', 'AdminServiceRequestList'] });

type ListAnswer = {
  data: { urss: AdminServiceRequest[] };
  meta: ListMeta & { counts?: StepCounts };
};
type DetailAnswer = Envelope<ServiceRequestWithHistory>;

/** Back-office service requests (spec §7, /api/v1/admin/user_register_services). */
export const servicesApprovalApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** The platform's catalogue (the service filter's options). */
    serviceCatalogue: build.query<RegisterService[], void>({
      query: () => 'api/v1/register_services',
      transformResponse: (a: { data: { register_services: RegisterService[] } }) => a.data.register_services,
    }),
    /** Back-office users who may be assigned (GET /api/v1/admin/users, those with a role). */
    staffUsers: build.query<StaffUser[], void>({
      query: () => ({ url: 'api/v1/admin/users', params: { per_page: 100 } }),
      transformResponse: (a: { data: { users: (StaffUser & { roles?: string[] })[] } }) =>
        a.data.users.filter((u) => (u.roles ?? []).length > 0),
    }),
    listServiceRequests: build.query<RequestList, RequestFilters>({
      query: (filters) => ({ url: BASE, params: listParams(filters) }),
      transformResponse: (a: ListAnswer) => ({
        requests: a.data.urss,
        meta: a.meta,
        counts: a.meta.counts ?? {},
      }),
      providesTags: ['AdminServiceRequestList'],
    }),
    getServiceRequest: build.query<ServiceRequestWithHistory, number>({
      query: (id) => `${BASE}/${id}`,
      transformResponse: (a: DetailAnswer) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'AdminServiceRequest', id }],
    }),
    updateServiceRequest: build.mutation<{ message?: string }, { id: number; body: AdminServiceRequestUpdate }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<unknown>) => ({ message: a.meta?.message }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'AdminServiceRequest', id }, 'AdminServiceRequestList']),
    }),
    lockServiceRequest: build.mutation<{ message?: string }, { id: number; lock: boolean }>({
      query: ({ id, lock }) => ({ url: `${BASE}/${id}/${lock ? 'lock' : 'unlock'}`, method: 'PUT' }),
      transformResponse: (a: Envelope<unknown>) => ({ message: a.meta?.message }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'AdminServiceRequest', id }, 'AdminServiceRequestList']),
    }),
    lockAllServiceRequests: build.mutation<{ locked: number; message?: string }, RequestFilters>({
      query: (filters) => ({ url: `${BASE}/lock_all`, method: 'PUT', params: listParams(lockAllFilters(filters)) }),
      transformResponse: (a: Envelope<{ locked: number }>) => ({ locked: a.data.locked, message: a.meta?.message }),
      invalidatesTags: (_r, e) => (e ? [] : ['AdminServiceRequest', 'AdminServiceRequestList']),
    }),
  }),
});

export const {
  useServiceCatalogueQuery,
  useStaffUsersQuery,
  useListServiceRequestsQuery,
  useGetServiceRequestQuery,
  useUpdateServiceRequestMutation,
  useLockServiceRequestMutation,
  useLockAllServiceRequestsMutation,
} = servicesApprovalApi;
