import type { NotificationType } from './notifications.js';
import { PLATFORMS, type PlatformFeatures, type PlatformKey } from './platforms.js';

/**
 * Settings (DESIGN §5.5, spec §2 /general-setting): a user's own notification channels per kind
 * of notification, and the platform's public contact details and optional third-party ids (spec §9).
 * Kept without zod so the light public pages may read the constants.
 */

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who receives a kind: a producer's accounts, the back office, or every account. */
export type NotificationAudience = 'producer' | 'staff' | 'everyone';

export interface NotificationKindSpec {
  /** The notification types (contract notifications.ts) this switch governs. */
  types: readonly NotificationType[];
  audience: NotificationAudience;
  /** Security notices: always sent on every channel, the switches are shown locked. */
  mandatory?: boolean;
  /** Offered only on platforms with this feature. */
  feature?: keyof PlatformFeatures;
}

/**
 * The switches of /general-setting: each notification type belongs to exactly one kind (a contract
 * test checks it). A type no kind lists is delivered on every channel, so a new type is never lost.
 */
export const NOTIFICATION_KINDS = {
  account_security: {
    types: ['user.password_changed', 'user.account_updated', 'user.account_deactivated', 'user.account_reactivated'],
    audience: 'everyone',
    mandatory: true,
  },
  producer_status: { types: ['producer.approved', 'producer.closed'], audience: 'producer' },
  product_review: { types: ['product.approved', 'product.rejected'], audience: 'producer' },
  batch_recall: { types: ['batch.recalled', 'chain.recalled'], audience: 'producer', feature: 'tracking' },
  service_request_progress: {
    types: ['service_request.step_changed', 'service_request.step_changed_with_reason', 'service_request.note_added'],
    audience: 'producer',
  },
  sale_channel: {
    types: ['sale_channel_reference.approved', 'sale_channel_reference.rejected', 'sale_channel_reference.closed'],
    audience: 'producer',
  },
  service_request_work: {
    types: ['service_request.producer_replied', 'service_request.assigned'],
    audience: 'staff',
  },
  department_registration: {
    types: ['department_registration.received'],
    audience: 'staff',
    feature: 'registerDepartment',
  },
  client_message: { types: ['client_message.received'], audience: 'staff' },
  oem_certificate: { types: ['producer_oem.certificate_expiring'], audience: 'staff', feature: 'oems' },
  // The creator of a purchase order hears of its approval and its cancellation.
  purchase_order: {
    types: ['purchase_order.approved', 'purchase_order.cancelled'],
    audience: 'staff',
    feature: 'purchaseOrders',
  },
  // Shipments of the supply chain: incoming shipments and their cancellation, receipts and refusals.
  shipments: {
    types: ['shipment.incoming', 'shipment.cancelled', 'shipment.received', 'shipment.refused'],
    audience: 'producer',
    feature: 'tracking',
  },
} as const satisfies Record<string, NotificationKindSpec>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_KEYS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

const KIND_OF = new Map<string, NotificationKind>(
  NOTIFICATION_KIND_KEYS.flatMap((kind) =>
    (NOTIFICATION_KINDS[kind].types as readonly string[]).map((type) => [type, kind] as const),
  ),
);

/** The kind a notification type belongs to (null: not listed, always delivered). */
export function notificationKindOf(type: string): NotificationKind | null {
  return KIND_OF.get(type) ?? null;
}

export function isMandatoryKind(kind: NotificationKind): boolean {
  return (NOTIFICATION_KINDS[kind] as NotificationKindSpec).mandatory === true;
}

/** The kinds a user is offered on a platform: a producer's, or the back office's, and the common ones. */
export function notificationKindsFor(platform: PlatformKey, administrator: boolean): NotificationKind[] {
  const features = PLATFORMS[platform].features;
  return NOTIFICATION_KIND_KEYS.filter((kind) => {
    const spec: NotificationKindSpec = NOTIFICATION_KINDS[kind];
    if (spec.feature && !features[spec.feature]) return false;
    return spec.audience === 'everyone' || spec.audience === (administrator ? 'staff' : 'producer');
  });
}

/** A user's switches as stored: only what differs from "on" needs to be there. */
export type NotificationPreferences = Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>;

/** Whether `type` reaches its recipient on `channel` given the recipient's stored switches (default on). */
export function wantsNotification(
  prefs: NotificationPreferences | null | undefined,
  type: string,
  channel: NotificationChannel,
): boolean {
  const kind = notificationKindOf(type);
  if (!kind || isMandatoryKind(kind)) return true;
  return prefs?.[kind]?.[channel] !== false;
}

/** Platform settings' text limits. */
export const SETTING_ADDRESS_MAX = 300;
export const SETTING_WORKING_HOURS_MAX = 200;

/**
 * Third-party ids (spec §9 "page-view analytics … and a chat widget"), each checked against its
 * service's format before it may reach a page:
 * - Google Analytics 4 measurement id: `G-` and 4–12 letters or digits (`G-AB12CD34EF`);
 * - Facebook page (username or numeric id) for a Messenger link `https://m.me/<page>` (Meta
 *   ended the Messenger chat plugin on 9 May 2024; m.me links remain, and need no script);
 * - Zalo Official Account id (digits) for the Zalo chat widget.
 */
export const GA_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,12}$/;
export const FACEBOOK_PAGE_PATTERN = /^(?=.{5,50}$)[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$/;
export const ZALO_OA_ID_PATTERN = /^[0-9]{6,20}$/;

/** Where each third-party piece loads from, for the page's Content-Security-Policy (only when set). */
export const THIRD_PARTY_SOURCES = {
  googleAnalytics: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    frameSrc: [] as string[],
  },
  zalo: {
    scriptSrc: ['https://sp.zalo.me'],
    connectSrc: [] as string[],
    frameSrc: ['https://*.zalo.me'],
  },
} as const;

/** The URL of the Google tag for a measurement id, and of the Zalo social SDK. */
export const gaScriptUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
export const ZALO_SDK_URL = 'https://sp.zalo.me/plugins/sdk.js';
export const messengerUrl = (page: string) => `https://m.me/${encodeURIComponent(page)}`;
