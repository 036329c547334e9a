import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEY_MAX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_TAG,
  API_KEY_TOUCH_INTERVAL_S,
  LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  apiKeyExpired,
  type AccessApiKey,
  type ApiKeyScope,
  type GateUser,
  type PlatformKey,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { apiKeys, producers, users } from '../../db/schema/index.js';
import type { AttemptRule } from '../../lib/attempts.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { registedServicesFor } from '../service-requests/registered.js';

/** The machine client a request came with (plugins/auth.ts sets it on `apikey` routes only). */
export interface ApiKeyContext {
  id: number;
  producerId: number;
  platform: PlatformKey;
  scopes: ApiKeyScope[];
  /** `ahk_<prefix>`: safe to log. */
  prefix: string;
}

/**
 * Wrong keys are throttled like logins (ADR 039, ADR 0009's numbers): MAX_FAILED_LOGINS failures
 * from one address in 15 minutes lock that address out of the key routes for LOCKOUT_MINUTES.
 */
export const API_KEY_RULE: AttemptRule = { windowS: 15 * 60, max: MAX_FAILED_LOGINS, lockS: LOCKOUT_MINUTES * 60 };
export const apiKeyAttemptKey = (ip: string) => `apikey:ip:${ip}`;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new key: the whole key (shown once), its display prefix and the hash kept. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const bytes = randomBytes(8);
  let short = '';
  for (let i = 0; i < 8; i++) short += BASE32[bytes[i] % 32];
  const key = `${API_KEY_TAG}_${short}_${randomToken()}`;
  return { key, prefix: `${API_KEY_TAG}_${short}`, hash: sha256(key) };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The key a client sent: `Authorization: Bearer <key>`, else `X-API-Key: <key>`; null when none. */
export function presentedApiKey(req: FastifyRequest): string | null {
  const header = one(req.headers.authorization)?.trim();
  if (header) {
    const [scheme, token, ...rest] = header.split(/\s+/);
    if (scheme.toLowerCase() === 'bearer' && token && !rest.length) return token;
  }
  const x = one(req.headers['x-api-key'])?.trim();
  return x || null;
}

export interface FoundApiKey {
  ctx: ApiKeyContext;
  access: AccessApiKey;
  lastUsedAt: Date | null;
}

/**
 * The stored key a presented one stands for, by its hash, with what the contract's access rule
 * reads. Null when it is not a key at all or no key has that hash. No cache: a revoked key is
 * refused on the very next request (ADR 039).
 */
export async function findApiKey(db: Db, presented: string, needsEntitlement: boolean): Promise<FoundApiKey | null> {
  if (presented.length > API_KEY_MAX_LENGTH || !API_KEY_PATTERN.test(presented)) return null;
  const [row] = await db
    .select({ key: apiKeys, producerCreatedAt: producers.createdAt, producerDeletedAt: producers.deletedAt })
    .from(apiKeys)
    .innerJoin(producers, eq(producers.id, apiKeys.producerId))
    .where(eq(apiKeys.secretHash, sha256(presented)))
    .limit(1);
  if (!row) return null;
  const k = row.key;
  const holder = needsEntitlement ? await producerGateFacts(db, k.platform, k.producerId) : NO_FACTS;
  return {
    ctx: {
      id: k.id,
      producerId: k.producerId,
      platform: k.platform as PlatformKey,
      scopes: [...k.scopes],
      prefix: k.prefix,
    },
    access: {
      platform: k.platform,
      scopes: k.scopes,
      // A deleted producer's keys die with it.
      revoked: k.revokedAt != null || row.producerDeletedAt != null,
      expired: apiKeyExpired(k.expiresOn),
      holder: holder ?? { created_at: row.producerCreatedAt, registed_services: [] },
    },
    lastUsedAt: k.lastUsedAt,
  };
}

const NO_FACTS = null;

/**
 * The gate facts of a producer, for its keys: it holds an entitlement when one of its active
 * accounts does (the earliest account's creation time, every account's registered services and
 * the producer's service requests), as the web's gates read them for that account.
 */
async function producerGateFacts(
  db: Db,
  platform: string,
  producerId: number,
): Promise<Omit<GateUser, 'roles'> | null> {
  const accounts = await db
    .select({ createdAt: users.createdAt, services: users.registedServices })
    .from(users)
    .where(and(eq(users.producerId, producerId), eq(users.platform, platform), isNull(users.deactivatedAt)));
  if (!accounts.length) return null;
  const requested = await registedServicesFor(db, { platform, producerId, registedServices: [] });
  const earliest = accounts.reduce((a, b) => (a.createdAt < b.createdAt ? a : b));
  return {
    created_at: earliest.createdAt,
    registed_services: [...new Set([...requested, ...accounts.flatMap((a) => a.services)])],
  };
}

/** Marks the key used, at most once every API_KEY_TOUCH_INTERVAL_S (one conditional UPDATE, skipped when fresh). */
export async function touchApiKey(db: Db, found: FoundApiKey): Promise<void> {
  if (found.lastUsedAt && Date.now() - found.lastUsedAt.getTime() < API_KEY_TOUCH_INTERVAL_S * 1000) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, found.ctx.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - ${API_KEY_TOUCH_INTERVAL_S}::int * interval '1 second'`),
        ),
      ),
    );
}
