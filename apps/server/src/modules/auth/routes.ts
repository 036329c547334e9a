import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { oauthErrorEnvelope, okEnvelope, tokenRequest, tokenResponse } from '@agrihub/contract';
import { sessions, users } from '../../db/schema/index.js';
import { pruneCounters } from '../../lib/attempts.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, sha256, verifyPassword } from '../../lib/secrets.js';
import { currentUser } from '../../plugins/auth.js';
import { openSession, revokeFamily, revokeSession } from './sessions.js';
import { LOGIN_RULES, checkLogin, recordLoginFailure, recordLoginSuccess } from './throttle.js';

/** OAuth-style error: RFC 6749 `error` plus our envelope. */
const oauthError = (status: number, error: string, code: string, params?: Record<string, string | number>) =>
  new AppError(status, code, params, [], { error, error_description: code });

/** The same answer for a locked source whether or not the account exists. */
const tooManyLogins = (minutes: number) => oauthError(429, 'invalid_grant', 'too_many_login_attempts', { minutes });

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Counters whose window and lock are over restart at 1 anyway: drop them now and then.
  const longestWindowS = Math.max(...Object.values(LOGIN_RULES).map((rule) => rule.windowS + rule.lockS));
  let pruning: Promise<void> | null = null;
  const prune = setInterval(() => {
    pruning ??= pruneCounters(app.db, longestWindowS)
      .catch((err: unknown) => app.log.error({ err }, 'attempt counters not pruned'))
      .finally(() => (pruning = null));
  }, 10 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await pruning; // done before the database closes
  });

  r.post(
    '/oauth/token',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.LOGIN_RATE_LIMIT_PER_MIN,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `login:${req.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Password grant (our web client only, ADR 0003) and refresh-token grant',
        body: tokenRequest,
        response: {
          200: tokenResponse,
          400: oauthErrorEnvelope,
          401: oauthErrorEnvelope,
          403: oauthErrorEnvelope,
          429: oauthErrorEnvelope,
        },
      },
      // RFC 6749 §5.1: tokens are never cached; its errors (§5.2) neither.
      onSend: (_req, reply, payload, done) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        done(null, payload);
      },
    },
    async (req) => {
      const body = req.body;
      if (body.grant_type === 'refresh_token') {
        const outcome = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ session: sessions, user: users })
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .where(and(eq(sessions.refreshTokenHash, sha256(body.refresh_token)), eq(users.platform, req.platform)))
            .for('update')
            .limit(1);
          if (!row || row.session.refreshExpiresAt <= new Date()) return 'invalid' as const;
          // A deactivated account's sessions were all revoked on purpose: no replay alarm, no new session.
          if (row.user.deactivatedAt) return 'invalid' as const;
          if (row.session.revokedAt) {
            // A refresh token that was already rotated (or ended) comes back: someone holds a copy.
            // End every session of its family, the thief's and the owner's (RFC 9700 §4.14.2).
            await revokeFamily(tx, row.session.familyId);
            return 'reused' as const;
          }
          // Rotation: the used refresh token dies with its session; the new one joins the family.
          await revokeSession(tx, row.session.id);
          return openSession(tx, row.user.id, row.session.familyId);
        });
        if (outcome === 'reused') req.log.warn('replayed refresh token: its session family is revoked');
        if (outcome === 'invalid' || outcome === 'reused') throw oauthError(400, 'invalid_grant', 'invalid_refresh_token');
        return outcome;
      }

      // Throttled by source (ADR 0009): the same work and answers for known and unknown names.
      const source = { platform: req.platform, username: body.username, ip: req.ip };
      const gate = await checkLogin(app.db, source);
      if (gate.locked) throw tooManyLogins(gate.minutes);
      if (gate.slowdownMs) await sleep(gate.slowdownMs);
      const [user] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.platform, req.platform), eq(users.email, body.username)))
        .limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !ok) {
        const after = await recordLoginFailure(app.db, source);
        if (after.locked) throw tooManyLogins(after.minutes);
        throw oauthError(401, 'invalid_grant', 'invalid_credentials');
      }
      // Said only to someone who knows the password, so it tells a stranger nothing (ADR 018).
      if (user.deactivatedAt) throw oauthError(403, 'invalid_grant', 'account_deactivated');
      await recordLoginSuccess(app.db, source);
      return openSession(app.db, user.id);
    },
  );

  r.post(
    '/api/v1/users/logout',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: okEnvelope } },
    },
    async (req) => {
      currentUser(req);
      await revokeSession(app.db, req.auth!.sessionId);
      return { meta: { message: 'ok' } };
    },
  );
}
