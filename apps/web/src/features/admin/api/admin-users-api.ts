import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@agrihub/contract/schemas/admin-users';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import { listParams } from '../../../lib/list-params';
import type { Envelope } from '../../../lib/session-api';
import type { UserFilters } from '../lib/list-params';

/** A row of GET /api/v1/admin/users. */
export type AdminUserRow = AdminUser;

export interface UserAnswer {
  user: AdminUser;
  message?: string;
}
export interface FolderAnswer extends UserAnswer {
  folder: { id: string; url: string };
  created: boolean;
}

const userAnswer = (a: Envelope<{ user: AdminUser }>): UserAnswer => ({ user: a.data.user, message: a.meta?.message });

/** Every write changes the account, its history and the list; an account changed may be the reader's own. */
const changed = (id: number) => [
  { type: 'AdminUser' as const, id },
  { type: 'AdminUser' as const, id: 'LIST' },
  'Me' as const,
];

/** The back office's accounts (spec §7 admin users CRUD, /api/v1/admin/users). */
export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<{ users: AdminUserRow[]; meta: ListMeta }, UserFilters>({
      query: (args) => ({ url: 'api/v1/admin/users', params: listParams(args) }),
      transformResponse: (answer: { data: { users: AdminUserRow[] }; meta: ListMeta }) => ({
        users: answer.data.users,
        meta: answer.meta,
      }),
      providesTags: (result) => [
        { type: 'AdminUser', id: 'LIST' },
        ...(result?.users.map((u) => ({ type: 'AdminUser' as const, id: u.id })) ?? []),
      ],
    }),
    /** The producers a producer's user may belong to (the picker: first 20 by name, q accent-free). */
    producerChoices: build.query<{ id: number; name: string }[], string>({
      query: (q) => ({ url: 'api/v1/admin/producers', params: { per_page: 20, sort: 'name', ...(q ? { q } : {}) } }),
      transformResponse: (a: { data: { producers: { id: number; name: string }[] } }) =>
        a.data.producers.map((p) => ({ id: p.id, name: p.name })),
    }),
    adminUser: build.query<AdminUser, number>({
      query: (id) => `api/v1/admin/users/${id}`,
      transformResponse: (a: Envelope<{ user: AdminUser }>) => a.data.user,
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    adminUserHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/admin/users/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: (_r, _e, { id }) => [{ type: 'AdminUser', id }],
    }),
    createAdminUser: build.mutation<UserAnswer, AdminUserCreate>({
      query: (body) => ({ url: 'api/v1/admin/users', method: 'POST', body }),
      transformResponse: userAnswer,
      invalidatesTags: (_r, e) => (e ? [] : [{ type: 'AdminUser', id: 'LIST' }]),
    }),
    updateAdminUser: build.mutation<UserAnswer, { id: number; body: AdminUserUpdate }>({
      query: ({ id, body }) => ({ url: `api/v1/admin/users/${id}`, method: 'PUT', body }),
      transformResponse: userAnswer,
      invalidatesTags: (_r, e, { id }) => (e ? [] : changed(id)),
    }),
    deactivateAdminUser: build.mutation<UserAnswer, number>({
      query: (id) => ({ url: `api/v1/admin/users/${id}`, method: 'DELETE' }),
      transformResponse: userAnswer,
      invalidatesTags: (_r, e, id) => (e ? [] : changed(id)),
    }),
    reactivateAdminUser: build.mutation<UserAnswer, number>({
      query: (id) => ({ url: `api/v1/admin/users/${id}/reactivate`, method: 'POST' }),
      transformResponse: userAnswer,
      invalidatesTags: (_r, e, id) => (e ? [] : changed(id)),
    }),
    resetAdminUserPassword: build.mutation<UserAnswer, number>({
      query: (id) => ({ url: `api/v1/admin/users/${id}/reset-password`, method: 'POST' }),
      transformResponse: userAnswer,
      invalidatesTags: (_r, e, id) => (e ? [] : changed(id)),
    }),
    createUserFolder: build.mutation<FolderAnswer, number>({
      query: (id) => ({ url: `api/v1/admin/users/${id}/create-gdrive-folder`, method: 'POST' }),
      transformResponse: (a: Envelope<{ user: AdminUser; folder: FolderAnswer['folder']; created: boolean }>) => ({
        user: a.data.user,
        folder: a.data.folder,
        created: a.data.created,
        message: a.meta?.message,
      }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'AdminUser', id }]),
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useProducerChoicesQuery,
  useAdminUserQuery,
  useAdminUserHistoryQuery,
  useCreateAdminUserMutation,
  useUpdateAdminUserMutation,
  useDeactivateAdminUserMutation,
  useReactivateAdminUserMutation,
  useResetAdminUserPasswordMutation,
  useCreateUserFolderMutation,
} = adminUsersApi;
