import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS, oauthErrorEnvelope, okEnvelope, tokenRequest, tokenResponse } from '@agrihub/contract';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, sha256, verifyPassword } from '../../lib/secrets.js';
import { currentUser } from '../../plugins/auth.js';
import { openSession, revokeSession } from './sessions.js';

/** OAuth-style error: RFC 6749 `error` plus our envelope. */
const oauthError = (status: number, error: string, code: string, params?: Record<string, string | number>) =>
  new AppError(status, code, params, [], { error, error_description: code });

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/oauth/token',
    {
      config: {
        public: true,
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
        response: { 200: tokenResponse, 400: oauthErrorEnvelope, 401: oauthErrorEnvelope, 423: oauthErrorEnvelope },
      },
    },
    async (req) => {
      const body = req.body;
      if (body.grant_type === 'refresh_token') {
        return app.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ session: sessions, user: users })
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .where(
              and(
                eq(sessions.refreshTokenHash, sha256(body.refresh_token)),
                isNull(sessions.revokedAt),
                gt(sessions.refreshExpiresAt, new Date()),
                eq(users.platform, req.platform),
              ),
            )
            .for('update')
            .limit(1);
          if (!row) throw oauthError(400, 'invalid_grant', 'invalid_refresh_token');
          // Rotation: the used refresh token dies with its session.
          await revokeSession(tx, row.session.id);
          return openSession(tx, row.user.id);
        });
      }

      const [user] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.platform, req.platform), eq(users.email, body.username)))
        .limit(1);
      if (user?.lockedUntil && user.lockedUntil > new Date()) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60000);
        throw oauthError(423, 'invalid_grant', 'account_locked', { minutes });
      }
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !ok) {
        if (user) {
          const [after] = await app.db
            .update(users)
            .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
            .where(eq(users.id, user.id))
            .returning({ failed: users.failedLoginCount });
          if (after && after.failed >= MAX_FAILED_LOGINS) {
            await app.db
              .update(users)
              .set({ lockedUntil: new Date(Date.now() + LOCKOUT_MINUTES * 60000), failedLoginCount: 0 })
              .where(eq(users.id, user.id));
            throw oauthError(423, 'invalid_grant', 'account_locked', { minutes: LOCKOUT_MINUTES });
          }
        }
        throw oauthError(401, 'invalid_grant', 'invalid_credentials');
      }
      if (user.failedLoginCount > 0 || user.lockedUntil) {
        await app.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
      }
      return openSession(app.db, user.id);
    },
  );

  r.post(
    '/api/v1/users/logout',
    { schema: { tags: ['auth'], response: { 200: okEnvelope } } },
    async (req) => {
      currentUser(req);
      await revokeSession(app.db, req.auth!.sessionId);
      return { meta: { message: 'ok' } };
    },
  );
}

