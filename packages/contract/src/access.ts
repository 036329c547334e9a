import { gateRefusal, type Gate, type GateRefusal, type GateUser } from './gates.js';
import { allows, isAdministrator, type Action, type AppSubject, type PermissionUser } from './permissions.js';
import type { PlatformKey } from './platforms.js';

/**
 * Who may call a route. Every route declares one; a route without one is refused (fail closed).
 * - public: anyone, no token needed
 * - user: any signed-in account of the request's platform
 * - admin: an administrator (at least one role); admin routes live under ADMIN_PREFIX and nowhere else
 * - apikey: a machine client (a partner's system, EPCIS REST) with a producer's API key of the
 *   request's platform, live (not revoked, not expired) and carrying the route's `apiScope`
 *   (ADR 039); a session token never opens such a route, nor a key any other route
 */
export const ROUTE_ACCESS = ['public', 'user', 'admin', 'apikey'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export const ADMIN_PREFIX = '/api/v1/admin/';

/** What an API key may do (ADR 039): `capture` (write events) implies `read`. */
export const API_KEY_SCOPES = ['read', 'capture'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Whether a key with these scopes may call a route that needs `needed` (capture implies read). */
export function apiScopeAllows(scopes: readonly string[], needed: ApiKeyScope): boolean {
  return scopes.includes(needed) || (needed === 'read' && scopes.includes('capture'));
}

export interface RouteRule {
  access?: RouteAccess;
  /** The ability the route needs on top of its access level. */
  ability?: readonly [Action, AppSubject];
  /** Open while the account must still change its password (whoami, logout, the change itself). */
  beforePasswordChange?: boolean;
  /** The platform feature and producer entitlement the route needs (contract gates.ts, `GATES`). */
  gate?: Gate;
  /** What an `apikey` route needs of the key; an `apikey` route without one is refused (fail closed). */
  apiScope?: ApiKeyScope;
}

/**
 * The API key a machine client presented, as the server found it (never the secret): its
 * platform, scopes and state, and the gate facts of the producer it belongs to (what `GateUser`
 * reads: the producer's creation time and registered services; no roles).
 */
export interface AccessApiKey {
  platform: string;
  scopes: readonly string[];
  revoked: boolean;
  expired: boolean;
  holder: Omit<GateUser, 'roles'>;
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
  | 'api_key_required'
  | 'api_key_invalid'
  | 'api_key_scope'
  | GateRefusal;

/** The HTTP status of a refusal: 401 when the caller must (re)authenticate, else 403. */
export function refusalStatus(refusal: AccessRefusal): 401 | 403 {
  return refusal === 'unauthenticated' || refusal === 'api_key_required' || refusal === 'api_key_invalid' ? 401 : 403;
}

/**
 * The one access decision, from the matched route's declared rule, the request's platform and the
 * caller: its access level, then the route's gate (a feature the platform lacks is refused to
 * everyone, public routes included), then the password change, the admin level and the ability.
 */
export function accessRefusal(
  rule: RouteRule,
  user: AccessUser | null,
  platform: PlatformKey,
  apiKey: AccessApiKey | null = null,
): AccessRefusal | null {
  if (!rule.access || !(ROUTE_ACCESS as readonly string[]).includes(rule.access)) return 'route_access_undeclared';
  if (rule.access === 'public') return rule.gate ? gateRefusal(platform, rule.gate, user) : null;
  if (rule.access === 'apikey') return apiKeyRefusal(rule, apiKey, platform);
  if (!user) return 'unauthenticated';
  if (user.requiredChangePassword && !rule.beforePasswordChange) return 'password_change_required';
  if (rule.access === 'admin' && !isAdministrator(user)) return 'forbidden';
  const closed = rule.gate ? gateRefusal(platform, rule.gate, user) : null;
  if (closed) return closed;
  if (rule.ability && !allows(user, rule.ability[0], rule.ability[1])) return 'permission_denied';
  return null;
}

/**
 * An `apikey` route: a declared scope, then a key, of this platform, live, with the scope, then
 * the route's gate as the key's producer passes it. Whoever else calls (a signed-in user, nobody)
 * is refused: the key is the only way in.
 */
function apiKeyRefusal(rule: RouteRule, key: AccessApiKey | null, platform: PlatformKey): AccessRefusal | null {
  if (!rule.apiScope || !(API_KEY_SCOPES as readonly string[]).includes(rule.apiScope)) return 'route_access_undeclared';
  if (!key) return 'api_key_required';
  if (key.platform !== platform || key.revoked || key.expired) return 'api_key_invalid';
  if (!apiScopeAllows(key.scopes, rule.apiScope)) return 'api_key_scope';
  return rule.gate ? gateRefusal(platform, rule.gate, { ...key.holder, roles: [] }) : null;
}

/** A route pattern's declared level must match where it lives: admin exactly under ADMIN_PREFIX. */
export function misplacedAdminRoute(url: string, access: RouteAccess | undefined): boolean {
  return (access === 'admin') !== url.startsWith(ADMIN_PREFIX);
}
