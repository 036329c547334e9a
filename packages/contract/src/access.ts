import { gateRefusal, type Gate, type GateRefusal, type GateUser } from './gates.js';
import { allows, isAdministrator, type Action, type AppSubject, type PermissionUser } from './permissions.js';
import type { PlatformKey } from './platforms.js';

/**
 * Who may call a route. Every route declares one; a route without one is refused (fail closed).
 * - public: anyone, no token needed
 * - user: any signed-in account of the request's platform
 * - admin: an administrator (at least one role); admin routes live under ADMIN_PREFIX and nowhere else
 */
export const ROUTE_ACCESS = ['public', 'user', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export const ADMIN_PREFIX = '/api/v1/admin/';

export interface RouteRule {
  access?: RouteAccess;
  /** The ability the route needs on top of its access level. */
  ability?: readonly [Action, AppSubject];
  /** Open while the account must still change its password (whoami, logout, the change itself). */
  beforePasswordChange?: boolean;
  /** The platform feature and producer entitlement the route needs (contract gates.ts, `GATES`). */
  gate?: Gate;
}

export interface AccessUser extends PermissionUser, GateUser {
  requiredChangePassword?: boolean;
}

/** Why a call is refused, or null when it may go on. */
export type AccessRefusal =
  | 'route_access_undeclared'
  | 'unauthenticated'
  | 'forbidden'
  | 'permission_denied'
  | 'password_change_required'
  | GateRefusal;

/**
 * The one access decision, from the matched route's declared rule, the request's platform and the
 * caller: its access level, then the route's gate (a feature the platform lacks is refused to
 * everyone, public routes included), then the password change, the admin level and the ability.
 */
export function accessRefusal(rule: RouteRule, user: AccessUser | null, platform: PlatformKey): AccessRefusal | null {
  if (!rule.access || !(ROUTE_ACCESS as readonly string[]).includes(rule.access)) return 'route_access_undeclared';
  if (rule.access === 'public') return rule.gate ? gateRefusal(platform, rule.gate, user) : null;
  if (!user) return 'unauthenticated';
  if (user.requiredChangePassword && !rule.beforePasswordChange) return 'password_change_required';
  if (rule.access === 'admin' && !isAdministrator(user)) return 'forbidden';
  const closed = rule.gate ? gateRefusal(platform, rule.gate, user) : null;
  if (closed) return closed;
  if (rule.ability && !allows(user, rule.ability[0], rule.ability[1])) return 'permission_denied';
  return null;
}

/** A route pattern's declared level must match where it lives: admin exactly under ADMIN_PREFIX. */
export function misplacedAdminRoute(url: string, access: RouteAccess | undefined): boolean {
  return (access === 'admin') !== url.startsWith(ADMIN_PREFIX);
}
