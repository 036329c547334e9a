/** The three white-label platforms (DESIGN.md §1). Read by both server and web. */
export const PLATFORM_KEYS = ['dtrack', 'agrihub', 'foodmap'] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];

export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';
export const DEFAULT_PRIMARY_COLOR = '#029147';

export interface PlatformFeatures {
  /** Batches (traceabilities): menu, pages and API (a gate, contract gates.ts). */
  tracking: boolean;
  news: boolean;
  oems: boolean;
  purchaseOrders: boolean;
  clientMessages: boolean;
  posts: boolean;
  pageViews: boolean;
  /** Pages declare required abilities; a non-admin missing all of them sees the no-access screen. */
  requiredPageAbilities: boolean;
  registerDepartment: boolean;
  settingsSubmenu: boolean;
  lockServicesApproval: boolean;
  /**
   * A producer's products and batches (menus, pages and API) need the `products` entitlement: old
   * users and users registered to multi-channel selling (spec §6; contract gates.ts).
   */
  productsNeedEntitlement: boolean;
}

export interface Platform {
  key: PlatformKey;
  name: string;
  /** i18n key (namespace common) of the one-line description. */
  taglineKey: string;
  primaryColor: string;
  locales: readonly Locale[];
  /** The platform forces this language whatever the account says. */
  forcedLocale: Locale | null;
  logo: string;
  /** The share card (1200×630 PNG) of a page without its own image: Zalo and Facebook show no SVG. */
  shareImage: string;
  favicon: string;
  /** Source label used for data coming from this platform (spec §1). */
  source: string;
  features: PlatformFeatures;
}

const none: PlatformFeatures = {
  tracking: false,
  news: false,
  oems: false,
  purchaseOrders: false,
  clientMessages: false,
  posts: false,
  pageViews: false,
  requiredPageAbilities: false,
  registerDepartment: false,
  settingsSubmenu: false,
  lockServicesApproval: false,
  productsNeedEntitlement: false,
};

export const PLATFORMS: Record<PlatformKey, Platform> = {
  dtrack: {
    key: 'dtrack',
    name: 'DTrack',
    taglineKey: 'platform.dtrack.tagline',
    primaryColor: '#029147',
    locales: ['vi'],
    forcedLocale: 'vi',
    logo: '/brand/dtrack.svg',
    shareImage: '/brand/dtrack-share.png',
    favicon: '/brand/dtrack-icon.svg',
    source: 'food_map_v2',
    features: {
      ...none,
      tracking: true,
      news: true,
      oems: true,
      purchaseOrders: true,
      clientMessages: true,
      posts: true,
      pageViews: true,
      requiredPageAbilities: true,
      productsNeedEntitlement: true,
    },
  },
  agrihub: {
    key: 'agrihub',
    name: 'AgriHub',
    taglineKey: 'platform.agrihub.tagline',
    primaryColor: '#145da0',
    locales: ['vi', 'en'],
    forcedLocale: null,
    logo: '/brand/agrihub.svg',
    shareImage: '/brand/agrihub-share.png',
    favicon: '/brand/agrihub-icon.svg',
    source: 'agrihub',
    features: { ...none },
  },
  foodmap: {
    key: 'foodmap',
    name: 'Foodmap',
    taglineKey: 'platform.foodmap.tagline',
    primaryColor: '#029147',
    locales: ['vi', 'en'],
    forcedLocale: null,
    logo: '/brand/foodmap.svg',
    shareImage: '/brand/foodmap-share.png',
    favicon: '/brand/foodmap-icon.svg',
    source: 'foodmap',
    features: { ...none, registerDepartment: true, settingsSubmenu: true, lockServicesApproval: true },
  },
};

export const DEFAULT_PLATFORM: PlatformKey = 'dtrack';

export function isPlatformKey(value: unknown): value is PlatformKey {
  return typeof value === 'string' && (PLATFORM_KEYS as readonly string[]).includes(value);
}

/**
 * Picks the platform from a host name: the first label that names a platform wins
 * (`foodmap.localhost:3000`, `dtrack.example.vn`). `overrides` maps extra host names.
 */
export function platformFromHost(
  host: string,
  fallback: PlatformKey = DEFAULT_PLATFORM,
  overrides: Record<string, PlatformKey> = {},
): PlatformKey {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  if (overrides[hostname]) return overrides[hostname];
  const first = hostname.split('.')[0];
  return isPlatformKey(first) ? first : fallback;
}

/** The locale a platform lets a user have: forced, else the wanted one if offered, else the default. */
export function effectiveLocale(platform: PlatformKey, wanted: string | null | undefined): Locale {
  const p = PLATFORMS[platform];
  if (p.forcedLocale) return p.forcedLocale;
  return (p.locales as readonly string[]).includes(wanted ?? '') ? (wanted as Locale) : DEFAULT_LOCALE;
}
