import { z } from 'zod';
import { API_KEY_SCOPES } from '../access.js';
import { todayInVietnam } from '../vietnam-time.js';
import { dateField, idText, textField } from './common.js';
import { listQuery } from './list.js';

/**
 * A producer's API keys for machine clients (ADR 039): a partner's system calls the EPCIS REST
 * routes with `Authorization: Bearer ahk_<prefix>_<secret>` (or `X-API-Key`). The secret is shown
 * once, in the answer that creates the key; the server keeps its SHA-256 hash and the display prefix.
 */
export const API_KEY_NAME_MAX = 100;
/** Keys a producer may hold at once (revoked and expired ones do not count). */
export const API_KEY_ACTIVE_MAX = 20;
/** The fixed start of every key, so that a leaked one is recognisable (secret scanners). */
export const API_KEY_TAG = 'ahk';
/** A whole key: `ahk_` + 8 display characters + `_` + the 43-character secret (256 bits, base64url). */
export const API_KEY_PATTERN = /^ahk_[a-z2-7]{8}_[A-Za-z0-9_-]{43}$/;
/** Longest header value read as a key: anything longer is not one (no hash of megabytes). */
export const API_KEY_MAX_LENGTH = 64;
/** last_used_at is written at most this often per key. */
export const API_KEY_TOUCH_INTERVAL_S = 60;

/** The key's access as the form offers it: read, or read and capture. */
export const API_KEY_ACCESS = ['read', 'read_capture'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];
export const scopesOfAccess = (access: ApiKeyAccess) =>
  access === 'read_capture' ? (['read', 'capture'] as const) : (['read'] as const);

export const apiKeyInput = z.object({
  name: textField({ error: 'pleaseInputApiKeyName' })
    .trim()
    .min(1, 'pleaseInputApiKeyName')
    .max(API_KEY_NAME_MAX, 'tooLong'),
  access: z.enum(API_KEY_ACCESS, { error: 'invalidApiKeyAccess' }),
  /** The last day the key works (through the end of that day, Vietnam time); null: until revoked. */
  expires_on: dateField().nullable().default(null),
});
export type ApiKeyInput = z.input<typeof apiKeyInput>;

export const API_KEY_SORT_FIELDS = ['created_at', 'name'] as const;
export const apiKeyListQuery = listQuery(API_KEY_SORT_FIELDS, '-created_at');

export const apiKeyIdParam = z.object({ id: idText() });

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `ahk_<prefix>`: what identifies the key in lists and logs; never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expires_on: z.string().nullable(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** active, expired (past expires_on) or revoked. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The answer that creates a key: the key, and its secret — the only time the secret is ever sent. */
export const apiKeyCreated = z.object({ api_key: apiKey, secret: z.string() });

/** GET /api/v1/api-keys/whoami: what a machine client's key opens. */
export const apiKeyWhoami = z.object({
  platform: z.string(),
  producer: z.object({ id: z.number().int(), name: z.string() }),
  key: z.object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    expires_on: z.string().nullable(),
  }),
});
export type ApiKeyWhoami = z.infer<typeof apiKeyWhoami>;

/** Whether a key whose last day is `expiresOn` has expired by `now` (days end at midnight, Vietnam time). */
export function apiKeyExpired(expiresOn: string | null, now: Date | number = Date.now()): boolean {
  return expiresOn != null && expiresOn < todayInVietnam(now);
}
