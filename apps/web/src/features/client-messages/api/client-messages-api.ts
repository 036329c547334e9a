import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  AdminClientMessageDetail,
  AdminClientMessageUpdate,
  ClientMessage,
} from '@agrihub/contract/schemas/client-messages';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';
import type { Envelope } from '../../../lib/session-api';
import type { MessageFilters } from '../lib/list-params';

export interface MessageList {
  messages: ClientMessage[];
  meta: ListMeta;
  counts: Partial<Record<string, number>>;
}

export interface StaffUser {
  id: number;
  name?: string;
  email?: string;
}

const BASE = 'api/v1/admin/messages';
const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminClientMessage', 'AdminClientMessageList'] });

/** Back-office client messages (spec §7 admin messages GET and PUT). */
export const clientMessagesAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listClientMessages: build.query<MessageList, MessageFilters>({
      query: (filters) => ({ url: BASE, params: listParams(filters) }),
      transformResponse: (a: {
        data: { messages: ClientMessage[] };
        meta: ListMeta & { counts?: MessageList['counts'] };
      }) => ({
        messages: a.data.messages,
        meta: a.meta,
        counts: a.meta.counts ?? {},
      }),
      providesTags: ['AdminClientMessageList'],
    }),
    getClientMessage: build.query<AdminClientMessageDetail, number>({
      query: (id) => `${BASE}/${id}`,
      transformResponse: (a: Envelope<AdminClientMessageDetail>) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'AdminClientMessage', id }],
    }),
    updateClientMessage: build.mutation<AdminClientMessageDetail, { id: number; body: AdminClientMessageUpdate }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<AdminClientMessageDetail>) => a.data,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminClientMessage', id }, 'AdminClientMessageList'],
    }),
    /** Back-office users who may be assigned (those with a role); refused (403) to staff who may not read users. */
    messageStaff: build.query<StaffUser[], void>({
      query: () => ({ url: 'api/v1/admin/users', params: { per_page: 100 } }),
      transformResponse: (a: { data: { users: (StaffUser & { roles?: string[] })[] } }) =>
        a.data.users.filter((u) => (u.roles ?? []).length > 0),
    }),
  }),
});

export const {
  useListClientMessagesQuery,
  useGetClientMessageQuery,
  useUpdateClientMessageMutation,
  useMessageStaffQuery,
} = clientMessagesAdminApi;
