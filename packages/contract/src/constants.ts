/** Business constants and limits from the spec (§3, §5, §9). One place; server and web import them. */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 18;

/** A user created before this instant is an "old user" (spec §3). */
export const OLD_USER_CUTOFF = '2022-09-26T17:00:00.000Z';
export function isOldUser(createdAt: string | Date): boolean {
  return new Date(createdAt).getTime() < Date.parse(OLD_USER_CUTOFF);
}

export const API_TIMEOUT_MS = 60_000;
export const PERSIST_TIMEOUT_MS = 5_000;
export const PERSIST_KEY = 'root';
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_MS = 350;
/** The site-wide language cookie lasts one year. */
export const LANGUAGE_COOKIE_NAME = 'i18next';
export const LANGUAGE_COOKIE_MAX_AGE_S = 31_536_000;

/** Spec §5 phone pattern: optional +, optional parentheses, 3 digits, 3 digits, then 4–6 digits. */
export const PHONE_PATTERN = /^\+?\(?([0-9]{3})\)?[-. ]?([0-9]{3})[-. ]?([0-9]{4,6})$/;
/** A Vietnamese tax code: 10 digits for a business, 13 (10 + a 3-digit suffix) for a branch. */
export const TAX_CODE_PATTERN = /^\d{10}(\d{3})?$/;
/** Spec §5 e-mail check: local part, @, and a dotted domain or a bracketed IP address. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export const UNITS = ['Cái', 'Bộ', 'Túi', 'Kg', 'Chiếc', 'Đôi', 'Hộp', 'Chai', 'Thùng', 'Khay'] as const;
export type Unit = (typeof UNITS)[number];

/** VAT rates in %. 8 % is the temporary cut of 10 % in force to 31 Dec 2026 (DESIGN.md §9). */
export const TAX_RATES = [0, 5, 8, 10] as const;
export type TaxRate = (typeof TAX_RATES)[number];
export const PRICE_FIELDS = ['price', 'shipping_price', 'discount_price'] as const;
export const CURRENCY = 'VND';

export const PRODUCER_TYPES = ['enterprise', 'cooperative', 'production_base', 'household'] as const;
export type ProducerType = (typeof PRODUCER_TYPES)[number];
export const BUSINESS_FIELDS = ['seafood', 'breed', 'cultivate', 'agricultural_production'] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

/** Approval status list (spec §4), used for producers. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'closed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PURCHASE_ORDER_STATUSES = ['pending', 'processing', 'approved', 'cancelled'] as const;
export const SERVICE_REGISTRATION_STEPS = [
  'fill_info',
  'advice',
  'contract',
  'paid',
  'profile_completed',
  'submitted_profile',
  'approved_profile',
  'done',
] as const;
export const LEAD_STATUSES = [
  'pending',
  'no_contact_yet',
  'made_call',
  'made_appointment',
  'sample_sent',
  'product_arrived',
  'done',
] as const;

/**
 * Content and leads (DESIGN §5.4) constants the light public pages need without the schemas (and so
 * without zod): the schemas re-export them (schemas/content.ts, schemas/client-messages.ts).
 */
/** The slug of the page view `/information-security` shows. */
export const INFORMATION_SECURITY_SLUG = 'information-security';
/** What a visitor writes about; labels in the web `enums` namespace (clientMessageTopic). */
export const CLIENT_MESSAGE_TOPICS = [
  'service_advice',
  'traceability',
  'sales_channels',
  'partnership',
  'other',
] as const;
export const CLIENT_MESSAGE_NAME_MAX = 120;
export const CLIENT_MESSAGE_COMPANY_MAX = 200;
export const CLIENT_MESSAGE_BODY_MAX = 3000;
/** The contact form honeypot's field name: hidden from people, filled by bots. */
export const CLIENT_MESSAGE_HONEYPOT = 'website';

/** Slug of the multi-channel selling service; registering to it opens the product menus on dtrack. */
export const MULTICHANNEL_SERVICE_SLUG = 'multichannel_selling';

/** The product type with this name is always listed last (spec §3). */
export const OTHER_PRODUCT_TYPE_NAME = 'Khác';

export const EXPORT_MODES = ['exportAllData', 'exportAsFilter'] as const;
export const QR_FILE_NAME = 'qrcode.png';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/** Uploads (issue 2): type is sniffed from the content, not the name. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Who may read an upload (ADR 033): a `public` file at its cacheable /uploads/<key> URL, a `private`
 * one only at PRIVATE_FILE_PREFIX<id>/content, to a signed-in account that may read its owner record.
 */
export const UPLOAD_VISIBILITIES = ['public', 'private'] as const;
export type UploadVisibility = (typeof UPLOAD_VISIBILITIES)[number];
/** The records a private file can belong to. */
export const UPLOAD_OWNER_TYPES = [
  'service_request',
  'service_request_note',
  'purchase_order',
  'producer_oem',
] as const;
export type UploadOwnerType = (typeof UPLOAD_OWNER_TYPES)[number];
export const PRIVATE_FILE_PREFIX = '/api/v1/uploads/';
/** The URL a record gives for a private file: fetched with the session's token, never by a bare link. */
export const privateFileUrl = (id: number) => `${PRIVATE_FILE_PREFIX}${id}/content`;
export const isPrivateFileUrl = (url: string) => url.startsWith(PRIVATE_FILE_PREFIX);
/** The largest JSON body the API reads (Fastify's bodyLimit; multipart uploads have their own). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** Sessions. */
export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_S = 60 * 60;
export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MINUTES = 10;
