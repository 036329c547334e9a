import {
  ACTIONS,
  ROLES,
  SUBJECTS,
  allows,
  holdsAllRightsOf,
  isSuperAdmin,
  type AbilityRule,
  type Action,
  type PermissionUser,
  type Role,
  type Subject,
} from './permissions.js';

/**
 * The rules of the back office's staff accounts (DESIGN §5.5, ADR 018), one set for the server
 * (which enforces them) and the web (which disables what they refuse, with the reason):
 * - only role admin grants or removes role admin, and only an admin changes an admin's account;
 * - anyone else acts (edit, deactivate, reactivate, reset the password, the folder) only on an
 *   account whose roles and abilities are all its own too (ADR 032: no account is taken over by
 *   someone who may do less);
 * - only role admin attaches an account to a producer (creates a producer's user) and resets the
 *   password of a producer's user: its login opens the producer's data, which no staff right bounds;
 * - an administrator never removes its own admin role, nor deactivates itself;
 * - anyone else with `update user` grants or removes only the roles it holds and the abilities it
 *   has itself (no one hands out more than it may do);
 * - abilities are the contract's subjects × actions, nothing else.
 */

export interface UserAdminActor extends PermissionUser {
  id: number;
}
/** The account acted on, as the API presents it (AdminUser has these fields). */
export interface UserAdminTarget {
  id: number;
  roles: readonly string[];
  abilities: readonly AbilityRule[];
  /** The producer of a producer's user; null for staff. */
  producer_id: number | null;
}

/** What may be done to an existing account in the back office. */
export type UserAdminAct = 'edit' | 'deactivate' | 'reactivate' | 'reset_password' | 'create_folder';

export type UserAdminRefusal =
  | 'only_admin_grants_admin'
  | 'only_admin_changes_admin'
  | 'account_above_your_rights'
  | 'only_admin_creates_producer_user'
  | 'only_admin_resets_producer_password'
  | 'cannot_remove_own_admin'
  | 'cannot_deactivate_self'
  | 'role_not_yours_to_grant'
  | 'ability_not_yours_to_grant';

/** Every cell of the ability grid: subject × action. */
export const ABILITY_GRID: readonly { subject: Subject; actions: readonly Action[] }[] = SUBJECTS.map((subject) => ({
  subject,
  actions: ACTIONS,
}));

/** Staff roles, in the order the form lists them. */
export const STAFF_ROLES: readonly Role[] = ROLES;

/**
 * The abilities as stored: each pair once, in the grid's order, and `manage` standing alone for its
 * subject (it covers read, create and update).
 */
export function normaliseAbilities(rules: readonly AbilityRule[]): AbilityRule[] {
  const has = (subject: Subject, action: Action) => rules.some((r) => r.subject === subject && r.action === action);
  const out: AbilityRule[] = [];
  for (const subject of SUBJECTS) {
    if (has(subject, 'manage')) {
      out.push({ action: 'manage', subject });
      continue;
    }
    for (const action of ACTIONS) if (has(subject, action)) out.push({ action, subject });
  }
  return out;
}

/** Roles as stored: known roles, each once, in ROLES order. */
export function normaliseRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((r) => roles.includes(r));
}

/** Whether a target holds role admin. */
const isAdminAccount = (t: Pick<UserAdminTarget, 'roles'>) => t.roles.includes('admin');

/**
 * Whether the actor may do `act` to the account at all (the one rule the server enforces and the
 * web hides buttons by): role admin may act on every account; anyone else not on an admin's
 * account, not on one with a role or ability it lacks itself, and never resets a producer's user's
 * password.
 */
export function accountChangeRefusal(
  actor: UserAdminActor,
  target: UserAdminTarget,
  act: UserAdminAct = 'edit',
): UserAdminRefusal | null {
  if (isSuperAdmin(actor)) return null;
  if (isAdminAccount(target)) return 'only_admin_changes_admin';
  if (act === 'reset_password' && target.producer_id !== null) return 'only_admin_resets_producer_password';
  return holdsAllRightsOf(actor, target) ? null : 'account_above_your_rights';
}

/** Whether the actor may switch `role` on or off for the target (create: target id 0). */
export function roleToggleRefusal(
  actor: UserAdminActor,
  target: Pick<UserAdminTarget, 'id' | 'roles'>,
  role: Role,
): UserAdminRefusal | null {
  if (role === 'admin') {
    if (!isSuperAdmin(actor)) return 'only_admin_grants_admin';
    if (actor.id === target.id && isAdminAccount(target)) return 'cannot_remove_own_admin';
    return null;
  }
  return isSuperAdmin(actor) || actor.roles.includes(role) ? null : 'role_not_yours_to_grant';
}

/** Whether the actor may switch one ability on or off (only one it has itself, unless admin). */
export function abilityToggleRefusal(actor: UserAdminActor, rule: AbilityRule): UserAdminRefusal | null {
  return isSuperAdmin(actor) || allows(actor, rule.action, rule.subject) ? null : 'ability_not_yours_to_grant';
}

/** Whether the actor may deactivate the target. */
export function deactivateRefusal(actor: UserAdminActor, target: UserAdminTarget): UserAdminRefusal | null {
  if (actor.id === target.id) return 'cannot_deactivate_self';
  return accountChangeRefusal(actor, target, 'deactivate');
}

const key = (r: AbilityRule) => `${r.subject}:${r.action}`;

/** One refused change, with the field the form shows it under. */
export interface UserChangeRefusal {
  code: UserAdminRefusal;
  field: 'kind' | 'roles' | 'abilities' | 'active' | null;
}

/**
 * The first rule a change breaks (null when allowed): `before` is the account as it is (roles [] and
 * abilities [] for a new one, id 0), `after` what the change would make of it.
 */
export function userChangeRefusal(
  actor: UserAdminActor,
  before: UserAdminTarget & { active: boolean },
  after: { roles: readonly string[]; abilities: readonly AbilityRule[]; active: boolean },
): UserChangeRefusal | null {
  const whole = before.id ? accountChangeRefusal(actor, before) : null;
  if (whole) return { code: whole, field: null };
  for (const role of ROLES) {
    if (before.roles.includes(role) === after.roles.includes(role)) continue;
    const code = roleToggleRefusal(actor, before, role);
    if (code) return { code, field: 'roles' };
  }
  const was = new Set(normaliseAbilities(before.abilities).map(key));
  const now = new Set(normaliseAbilities(after.abilities).map(key));
  const toggled = [
    ...normaliseAbilities(after.abilities).filter((r) => !was.has(key(r))),
    ...normaliseAbilities(before.abilities).filter((r) => !now.has(key(r))),
  ];
  for (const rule of toggled) {
    const code = abilityToggleRefusal(actor, rule);
    if (code) return { code, field: 'abilities' };
  }
  if (before.active && !after.active) {
    const code = deactivateRefusal(actor, before);
    if (code) return { code, field: 'active' };
  }
  return null;
}

/**
 * The first rule a new account breaks (null when allowed): a producer's user only by role admin
 * (the producer's own data opens to it), a staff account with only roles and abilities the actor
 * holds.
 */
export function userCreateRefusal(
  actor: UserAdminActor,
  account: { kind: 'staff' | 'producer'; roles: readonly string[]; abilities: readonly AbilityRule[] },
): UserChangeRefusal | null {
  if (account.kind === 'producer' && !isSuperAdmin(actor)) {
    return { code: 'only_admin_creates_producer_user', field: 'kind' };
  }
  return userChangeRefusal(
    actor,
    { id: 0, roles: [], abilities: [], producer_id: null, active: true },
    { roles: account.roles, abilities: account.abilities, active: true },
  );
}
