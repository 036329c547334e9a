import {
  ACTIONS,
  SUBJECTS,
  type AbilityRule,
  type Action,
  type Role,
  type Subject,
} from '@agrihub/contract/permissions';
import type { AdminUser, AdminUserCreate, AdminUserUpdate, UserKind } from '@agrihub/contract/schemas/admin-users';
import { normaliseAbilities, normaliseRoles } from '@agrihub/contract/user-admin';
import { formatPhone } from '@agrihub/contract/phone';

/** The account form's values (create and edit). */
export interface UserFormValues {
  kind: UserKind;
  name: string;
  email: string;
  phone: string;
  /** Create only: a first password (blank: the user is mailed a link to choose one). */
  password: string;
  producer_id?: number;
  roles: Role[];
  abilities: AbilityRule[];
}

/** The form's fields a server error may name (anything else is shown above the form). */
export const USER_FORM_FIELDS = ['kind', 'name', 'email', 'phone', 'password', 'producer_id', 'roles', 'abilities'];

export function initialValues(u?: AdminUser): UserFormValues {
  return {
    kind: u?.kind ?? 'staff',
    name: u?.name ?? '',
    email: u?.email ?? '',
    // The stored E.164 number as people type it (0912 345 678); the server stores it back in E.164.
    phone: formatPhone(u?.phone),
    password: '',
    producer_id: u?.producer_id ?? undefined,
    roles: normaliseRoles(u?.roles ?? []),
    abilities: normaliseAbilities(u?.abilities ?? []),
  };
}

/** POST /api/v1/admin/users from the form (a producer's user has no roles or abilities). */
export function createRequest(v: UserFormValues): AdminUserCreate {
  const base = {
    email: v.email.trim(),
    name: v.name.trim(),
    phone: v.phone.trim() || null,
    ...(v.password ? { password: v.password } : {}),
  };
  return v.kind === 'producer'
    ? { kind: 'producer', ...base, producer_id: v.producer_id as number }
    : { kind: 'staff', ...base, roles: normaliseRoles(v.roles), abilities: normaliseAbilities(v.abilities) };
}

/** PUT /api/v1/admin/users/{id} from the form: the fields an edit may change (staff: roles and abilities). */
export function updateRequest(v: UserFormValues, u: AdminUser): AdminUserUpdate {
  return {
    name: v.name.trim(),
    phone: v.phone.trim() || null,
    ...(u.kind === 'staff' ? { roles: normaliseRoles(v.roles), abilities: normaliseAbilities(v.abilities) } : {}),
  };
}

export interface CellState {
  checked: boolean;
  /** Checked because manage covers it (shown checked, not toggled on its own). */
  implied: boolean;
}

/** One cell of the ability grid: manage implies read, create and update. */
export function cellState(rules: readonly AbilityRule[], subject: Subject, action: Action): CellState {
  const has = (a: Action) => rules.some((r) => r.subject === subject && r.action === a);
  if (action !== 'manage' && has('manage')) return { checked: true, implied: true };
  return { checked: has(action), implied: false };
}

/** The grid after switching one cell (manage replaces the subject's other actions; stored normalised). */
export function toggleAbility(
  rules: readonly AbilityRule[],
  subject: Subject,
  action: Action,
  on: boolean,
): AbilityRule[] {
  const others = rules.filter((r) => r.subject !== subject);
  const mine = rules.filter((r) => r.subject === subject && r.action !== action);
  if (!on) return normaliseAbilities([...others, ...mine]);
  if (action === 'manage') return normaliseAbilities([...others, { subject, action }]);
  return normaliseAbilities([...others, ...mine, { subject, action }]);
}

/** Rows and columns of the grid, in the contract's order. */
export const GRID_SUBJECTS: readonly Subject[] = SUBJECTS;
export const GRID_ACTIONS: readonly Action[] = ACTIONS;

/** A server field (`abilities.0.action`) as the form names it (`abilities`). */
export function formField(field: string): string {
  const head = field.split('.')[0];
  return head === 'abilities' || head === 'roles' ? head : field;
}
