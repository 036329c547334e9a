import { ROLES, type Role } from '@agrihub/contract/permissions';
import { USER_KINDS, type UserKind } from '@agrihub/contract/schemas/admin-users';
import { USER_SORT_FIELDS } from '@agrihub/contract/schemas/auth';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const USER_SORTS = sortTokens(USER_SORT_FIELDS);
export type UserSort = (typeof USER_SORTS)[number];
export interface UserOwnFilters {
  role?: Role;
  kind?: UserKind;
  active?: 'true' | 'false';
  producer_id?: number;
}
export type UserFilters = ListParams<UserSort> & UserOwnFilters;

/** GET /api/v1/admin/users: search, role, kind, active, producer; the contract's sorts. */
export const USER_TABLE: TableSpec<UserSort, UserOwnFilters> = {
  sorts: USER_SORTS,
  defaultSort: '-created_at',
  readFilters: (params) => ({
    role: oneOfParam(ROLES, params.get('role')),
    kind: oneOfParam(USER_KINDS, params.get('kind')),
    active: oneOfParam(['true', 'false'] as const, params.get('active')),
    producer_id: positiveParam(params.get('producer_id')),
  }),
};
export const useUserTable = () => useServerTable(USER_TABLE);
