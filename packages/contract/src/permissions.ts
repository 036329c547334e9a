import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';

/** Roles and abilities (spec §6, DESIGN.md §4). One rule set; the server enforces it, the web reads it. */
export const ROLES = ['admin', 'customer_support', 'purchasing', 'approve_purchase_order', 'approver'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = ['read', 'create', 'update', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'user',
  'purchase_order',
  'producer_oem',
  'post',
  'sale_channel_reference',
  'product',
  'producer',
  'user_register_service',
  'message',
  /** The service catalogue (register_services): editing it, its prices and pricing import/export. */
  'register_service',
] as const;
export type Subject = (typeof SUBJECTS)[number];
/** Everyone may manage their own settings. */
export type AppSubject = Subject | 'Setting' | 'all';

export interface AbilityRule {
  action: Action;
  subject: Subject;
}

export type AppAbility = MongoAbility<[Action, AppSubject]>;

/** Spec §8: the default message of a permission failure. */
export const PERMISSION_DENIED_MESSAGE = 'Cannot execute an action on a subject';

export interface PermissionUser {
  roles: readonly string[];
  abilities: readonly AbilityRule[];
}

/** An administrator is a user with at least one role. */
export function isAdministrator(user: Pick<PermissionUser, 'roles'> | null | undefined): boolean {
  return !!user && user.roles.length > 0;
}

export function isSuperAdmin(user: Pick<PermissionUser, 'roles'> | null | undefined): boolean {
  return !!user && user.roles.includes('admin');
}

export function defineAbilityFor(user: PermissionUser | null | undefined): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (user) {
    if (isSuperAdmin(user)) can('manage', 'all');
    for (const rule of user.abilities) can(rule.action, rule.subject);
    can('manage', 'Setting');
  }
  return build({ detectSubjectType: (s) => s });
}

/** True when the user may do `action` on `subject` (manage covers every action). */
export function allows(user: PermissionUser | null | undefined, action: Action, subject: AppSubject): boolean {
  return defineAbilityFor(user).can(action, subject);
}

/**
 * Whether `holder` has every right of `other`: each of its roles and each of its abilities (a
 * `manage` is covered only by `manage`). Role admin holds every right. The rule of who may act on
 * whose account (user-admin.ts, ADR 032): no one takes over an account that may do more than itself.
 */
export function holdsAllRightsOf(holder: PermissionUser, other: PermissionUser): boolean {
  if (isSuperAdmin(holder)) return true;
  if (!other.roles.every((r) => holder.roles.includes(r))) return false;
  const ability = defineAbilityFor(holder);
  return other.abilities.every((r) => ability.can(r.action, r.subject));
}

/** A page's required pairs: the user must satisfy at least one. */
export function satisfiesAny(
  user: PermissionUser | null | undefined,
  required: readonly { action: Action; subject: AppSubject }[],
): boolean {
  if (required.length === 0 || isSuperAdmin(user)) return true;
  const ability = defineAbilityFor(user);
  return required.some((r) => ability.can(r.action, r.subject));
}
