import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import {
  API_KEY_ACTIVE_MAX,
  apiKey as apiKeySchema,
  apiKeyCreated,
  apiKeyExpired,
  apiKeyIdParam,
  apiKeyInput,
  apiKeyListQuery,
  apiKeyWhoami,
  envelope,
  errorEnvelope,
  listEnvelope,
  scopesOfAccess,
  todayInVietnam,
  type ApiKey,
} from '@agrihub/contract';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { apiKeys, producers, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { AppError, notFound, unauthenticated, unprocessable } from '../../lib/errors.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy, producerScope, type OwnerRef } from '../../lib/scope.js';
import { assertProducerWritable } from '../producers/guard.js';
import { generateApiKey } from './keys.js';

type ApiKeyRow = typeof apiKeys.$inferSelect;

const API_KEY_LIST: ListSpec<'created_at' | 'name'> = {
  sorts: { created_at: apiKeys.createdAt, name: apiKeys.name },
  search: [apiKeys.name, apiKeys.prefix],
  tiebreak: apiKeys.id,
};

const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** A key as its owner sees it: never its secret nor its hash. */
function present(row: ApiKeyRow, creator: { id: number; name: string } | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: [...row.scopes],
    expires_on: row.expiresOn,
    created_at: row.createdAt.toISOString(),
    created_by: creator,
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    status: row.revokedAt ? 'revoked' : apiKeyExpired(row.expiresOn) ? 'expired' : 'active',
  };
}

async function loadKeys(db: Db | Tx, where: SQL | undefined, plan?: { limit: number; offset: number; orderBy: SQL[] }) {
  let q = db
    .select({ k: apiKeys, creatorName: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(where)
    .$dynamic();
  if (plan)
    q = q
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  const rows = await q;
  return rows.map((r) => present(r.k, r.k.createdBy ? { id: r.k.createdBy, name: r.creatorName ?? '' } : null));
}

/** The actor's key, or 404 (another producer's or platform's key is "not found"). */
async function findOwnKey(db: Db | Tx, actor: OwnerRef, id: number, lock = false): Promise<ApiKeyRow> {
  const q = db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), ownedBy(apiKeys, actor)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** A key that still works: not revoked, not past its last day. */
const live = () =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresOn), gte(apiKeys.expiresOn, todayInVietnam())));

/** The machine client's key (set by the guard on `apikey` routes). */
function keyOf(req: FastifyRequest) {
  if (!req.apiKey) throw unauthenticated('api_key_required');
  return req.apiKey;
}

/**
 * A producer's API keys for machine clients (ADR 039): its accounts create them (the secret in
 * that answer only), list them and revoke them; a key's holder asks what it opens (whoami).
 */
export default async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

  r.get(
    '/api/v1/api-keys',
    {
      config: { access: 'user' },
      schema: {
        tags: ['api-keys'],
        summary: 'The producer’s API keys (name, display prefix, scopes, dates, status; never a secret)',
        querystring: apiKeyListQuery,
        response: { 200: listEnvelope('api_keys', apiKeySchema), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const plan = listPlan(req.query, API_KEY_LIST);
      const where = and(ownedBy(apiKeys, actor), plan.search);
      const [total] = await app.db.select({ n: count() }).from(apiKeys).where(where);
      const keys = await loadKeys(app.db, where, plan);
      return { data: { api_keys: keys }, meta: plan.meta(total?.n) };
    },
  );

  r.post(
    '/api/v1/api-keys',
    {
      config: { access: 'user' },
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key: its secret is in this answer and never again',
        body: apiKeyInput,
        response: { 201: z.object({ data: apiKeyCreated }), ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const b = req.body;
      if (b.expires_on && b.expires_on < todayInVietnam()) throw unprocessable('api_key_expiry_past', {}, 'expires_on');
      const create = () =>
        app.db.transaction(async (tx) => {
          await assertProducerWritable(tx, actor.producerId);
          // The producer's row, locked: two creations at once cannot both pass the count.
          await tx.select({ id: producers.id }).from(producers).where(eq(producers.id, actor.producerId)).for('update');
          const [held] = await tx
            .select({ n: count() })
            .from(apiKeys)
            .where(and(ownedBy(apiKeys, actor), live()));
          if (Number(held?.n ?? 0) >= API_KEY_ACTIVE_MAX) {
            throw unprocessable('api_key_limit', { max: API_KEY_ACTIVE_MAX });
          }
          const made = generateApiKey();
          const [row] = await tx
            .insert(apiKeys)
            .values({
              platform: actor.platform,
              producerId: actor.producerId,
              name: b.name,
              prefix: made.prefix,
              secretHash: made.hash,
              scopes: [...scopesOfAccess(b.access)],
              expiresOn: b.expires_on,
              createdBy: actor.userId,
            })
            .returning();
          await recordActivity(tx, {
            subjectType: 'api_key',
            subjectId: row.id,
            platform: row.platform,
            actorId: actor.userId,
            action: 'create',
            diff: { name: row.name, prefix: row.prefix, scopes: row.scopes, expires_on: row.expiresOn },
          });
          return { api_key: present(row, { id: actor.userId, name: actor.user.name }), secret: made.key };
        });
      let created;
      try {
        created = await create();
      } catch (err) {
        // Two keys drew the same 40-bit display prefix: draw again, once.
        if (!isUniqueViolation(err, 'api_keys_prefix_uq')) throw err;
        created = await create();
      }
      return reply.status(201).send({ data: created });
    },
  );

  r.post(
    '/api/v1/api-keys/:id/revoke',
    {
      config: { access: 'user' },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key: it stops working at once (a revoked key stays listed)',
        params: apiKeyIdParam,
        response: { 200: envelope('api_key', apiKeySchema), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await findOwnKey(app.db, actor, req.params.id);
      const id = await app.db.transaction(async (tx) => {
        const k = await findOwnKey(tx, actor, req.params.id, true);
        if (k.revokedAt) return k.id; // already revoked: nothing changes, nothing is recorded
        await tx.update(apiKeys).set({ revokedAt: new Date(), revokedBy: actor.userId }).where(eq(apiKeys.id, k.id));
        await recordActivity(tx, {
          subjectType: 'api_key',
          subjectId: k.id,
          platform: k.platform,
          actorId: actor.userId,
          action: 'revoke',
          diff: { name: k.name, prefix: k.prefix },
        });
        return k.id;
      });
      const [key] = await loadKeys(app.db, eq(apiKeys.id, id));
      return { data: { api_key: key } };
    },
  );

  r.get(
    '/api/v1/api-keys/whoami',
    {
      config: { access: 'apikey', apiScope: 'read' },
      schema: {
        tags: ['api-keys'],
        summary:
          'For a machine client: the producer, platform and scopes of the API key it sent (Authorization: Bearer <key> or X-API-Key)',
        response: { 200: envelope('whoami', apiKeyWhoami), 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      const key = keyOf(req);
      const [row] = await app.db
        .select({ k: apiKeys, producerName: producers.name })
        .from(apiKeys)
        .innerJoin(producers, eq(producers.id, apiKeys.producerId))
        .where(eq(apiKeys.id, key.id))
        .limit(1);
      if (!row) throw new AppError(401, 'api_key_invalid');
      return {
        data: {
          whoami: {
            platform: row.k.platform,
            producer: { id: row.k.producerId, name: row.producerName },
            key: {
              id: row.k.id,
              name: row.k.name,
              prefix: row.k.prefix,
              scopes: [...row.k.scopes],
              expires_on: row.k.expiresOn,
            },
          },
        },
      };
    },
  );
}
