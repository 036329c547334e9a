import type { ListMeta } from '@agrihub/contract/schemas/common';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';

/** A row of GET /api/v1/admin/users (the contract `user` fields the list shows; all optional but id). */
export interface AdminUserRow {
  id: number;
  email?: string;
  name?: string;
  phone?: string | null;
  roles?: string[];
  producer_id?: number | null;
  locale?: string;
  created_at?: string;
}

export interface AdminUsersArgs {
  page: number;
  per_page: number;
  q?: string;
  sort?: string;
}

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<{ users: AdminUserRow[]; meta: ListMeta }, AdminUsersArgs>({
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
  }),
});

export const { useAdminUsersQuery } = adminUsersApi;
