import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  errorEnvelope,
  forgotPasswordRequest,
  okEnvelope,
  passwordRefusal,
  resetPasswordRequest,
  translate,
} from '@agrihub/contract';
import { passwordResets, users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import type { EventOf } from '../../lib/domain-events.js';
import { hashPassword, sha256 } from '../../lib/secrets.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { clearLoginFailures } from '../auth/throttle.js';
import { mailResetLink } from './reset-link-mail.js';

export default async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The link a forgot_password request asked for, made after its answer (onResponse). */
  const resetAsked = new WeakMap<FastifyRequest, EventOf<'user.password_reset_requested'>>();
  app.events.on('user.password_reset_requested', async (e) => {
    // After the answer's own callbacks: an in-process database (PGlite) would otherwise run the
    // link's queries before the answer reaches its caller.
    await setImmediate();
    await mailResetLink(app, e);
  });

  r.post(
    '/api/v1/users/forgot_password',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.FORGOT_RATE_LIMIT_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (req: FastifyRequest) => `forgot:${req.ip}`,
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Mail a single-use reset link; the answer is the same whether or not the account exists',
        body: forgotPasswordRequest,
        response: { 200: okEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
      // The link and its mail are made once the answer has gone: the answer takes the same time
      // whether or not the address has an account (ADR 035).
      onResponse: async (req) => {
        const asked = resetAsked.get(req);
        if (asked) app.events.publish([asked]);
      },
    },
    async (req) => {
      const [user] = await app.db
        .select({ id: users.id, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(and(eq(users.platform, req.platform), eq(users.email, req.body.email)))
        .limit(1);
      // A deactivated account gets no link (the same answer: nothing is revealed).
      if (user && !user.deactivatedAt) {
        resetAsked.set(req, {
          type: 'user.password_reset_requested',
          platform: req.platform,
          userId: user.id,
          linkBase: publicBaseUrl(req, app.config),
        });
      }
      return { meta: { message: translate(req.locale, 'forgot_password_sent') } };
    },
  );

  r.post(
    '/api/v1/users/reset_password',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.LOGIN_RATE_LIMIT_PER_MIN,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `reset:${req.ip}`,
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset token (single use, 1 hour); ends every session',
        body: resetPasswordRequest,
        response: { 200: okEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      const passwordHash = await hashPassword(req.body.password);
      const tokenHash = sha256(req.body.token);
      await app.events.transaction(async (tx, emit) => {
        const [reset] = await tx
          .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
          .from(passwordResets)
          .innerJoin(users, eq(users.id, passwordResets.userId))
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date()),
              eq(users.platform, req.platform),
              isNull(users.deactivatedAt),
            ),
          )
          .limit(1);
        // The account's own address is known only now (the link stays usable after this refusal).
        const refusal = reset && passwordRefusal(req.body.password, reset.email);
        if (refusal) throw unprocessable(refusal, {}, 'password');
        // Marking it used only if still unused makes two concurrent uses succeed at most once.
        const claimed = reset
          ? await tx
              .update(passwordResets)
              .set({ usedAt: new Date() })
              .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
              .returning({ id: passwordResets.id })
          : [];
        if (!reset || claimed.length === 0) throw unprocessable('invalid_reset_token', {}, 'token');
        await tx
          .update(users)
          .set({
            passwordHash,
            requiredChangePassword: false,
            updatedAt: new Date(),
          })
          .where(eq(users.id, reset.userId));
        await revokeAllSessions(tx, reset.userId);
        await clearLoginFailures(tx, req.platform, reset.email);
        emit({ type: 'user.password_changed', platform: req.platform, userId: reset.userId });
      });
      return { meta: { message: translate(req.locale, 'reset_password_done') } };
    },
  );
}
