import { MULTICHANNEL_SERVICE_SLUG, isOldUser } from './constants.js';
import { isAdministrator } from './permissions.js';
import { PLATFORMS, type PlatformFeatures, type PlatformKey } from './platforms.js';

/**
 * Page and route gates (spec §6): which platform feature and which producer entitlement a part of
 * the portal needs. One rule, read by the side menu (contract menu.ts), by the server's guard on
 * every API route that declares a gate (plugins/auth.ts: 403 `feature_unavailable` /
 * `entitlement_required`) and by the web before it renders a page (the no-permission screen).
 */

/**
 * What a producer earns rather than has: `products` opens the product and tracking parts. On a
 * platform whose features say `productsNeedEntitlement` (DTrack) it comes with the multi-channel
 * selling service or with an account older than the cutoff; elsewhere every producer has it.
 */
export const ENTITLEMENTS = ['products'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

export interface Gate {
  /** The platform must offer this feature (for everyone, administrators included). */
  feature?: keyof PlatformFeatures;
  /** A producer must hold this entitlement (administrators work through the back office instead). */
  entitlement?: Entitlement;
}

/**
 * The gates of the portal's parts, by name: a route group, its pages and its menu entries name the
 * same one. Features that only place a menu entry (news, posts, page views, client messages, the
 * lock pages, the settings submenu) are not gates: their pages and API serve every platform.
 */
export const GATES = {
  /** A producer's products (/products, /add-product, /api/v1/products…). */
  products: { entitlement: 'products' },
  /** A producer's batches (tracking): DTrack's, behind the same entitlement as the products. */
  batches: { feature: 'tracking', entitlement: 'products' },
  /** DTrack's back office: OEM producers and purchase orders. */
  oems: { feature: 'oems' },
  purchaseOrders: { feature: 'purchaseOrders' },
  /** Foodmap's department registration (a public form). */
  registerDepartment: { feature: 'registerDepartment' },
} as const satisfies Record<string, Gate>;

/** The account facts a gate reads (whoami's fields). */
export interface GateUser {
  roles: readonly string[];
  /** ISO time or Date of the account's creation (old users keep the product menus, spec §6). */
  created_at: string | Date;
  registed_services: readonly string[];
}

/** Whether the user holds the entitlement on this platform. */
export function hasEntitlement(platform: PlatformKey, entitlement: Entitlement, user: GateUser): boolean {
  switch (entitlement) {
    case 'products':
      if (!PLATFORMS[platform].features.productsNeedEntitlement) return true;
      return isOldUser(user.created_at) || user.registed_services.includes(MULTICHANNEL_SERVICE_SLUG);
  }
}

/** Producers' product and tracking parts (spec §6): the `products` entitlement. */
export function hasProductAccess(platform: PlatformKey, user: GateUser): boolean {
  return hasEntitlement(platform, 'products', user);
}

export const GATE_REFUSALS = ['feature_unavailable', 'entitlement_required'] as const;
export type GateRefusal = (typeof GATE_REFUSALS)[number];

export function isGateRefusal(code: unknown): code is GateRefusal {
  return (GATE_REFUSALS as readonly unknown[]).includes(code);
}

/**
 * Why the gate stays closed to this user on this platform, or null when it opens. The feature
 * first (nobody has it where the platform lacks it), then the entitlement (producers only; a
 * gate with an entitlement and no user stays closed).
 */
export function gateRefusal(platform: PlatformKey, gate: Gate, user: GateUser | null): GateRefusal | null {
  if (gate.feature && !PLATFORMS[platform].features[gate.feature]) return 'feature_unavailable';
  if (gate.entitlement) {
    if (!user) return 'entitlement_required';
    if (!isAdministrator(user) && !hasEntitlement(platform, gate.entitlement, user)) return 'entitlement_required';
  }
  return null;
}
