import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  PLATFORMS,
  RESET_TOKEN_TTL_S,
  effectiveLocale,
  errorEnvelope,
  forgotPasswordRequest,
  okEnvelope,
  resetPasswordRequest,
  translate,
} from '@agrihub/contract';
import { passwordResets, users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { hashPassword, randomToken, sha256 } from '../../lib/secrets.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { clearLoginFailures } from '../auth/throttle.js';

export default async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    },
    async (req) => {
      const answer = { meta: { message: translate(req.locale, 'forgot_password_sent') } };
      const [user] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.platform, req.platform), eq(users.email, req.body.email)))
        .limit(1);
      // A deactivated account gets no link (the same answer: nothing is revealed).
      if (!user || user.deactivatedAt) return answer;

      const token = randomToken();
      const locale = effectiveLocale(req.platform, user.locale);
      const params = {
        name: user.name,
        email: user.email,
        platform: PLATFORMS[req.platform].name,
        minutes: Math.round(RESET_TOKEN_TTL_S / 60),
        link: `${publicBaseUrl(req, app.config)}/reset?token=${token}`,
      };
      try {
        // The link and its mail are written together; the mail server is never waited for
        // (plugins/mailer.ts), so the answer takes about as long as for an unknown address.
        await app.db.transaction(async (tx) => {
          // One live link at a time: an older unused link stops working.
          await tx
            .update(passwordResets)
            .set({ usedAt: new Date() })
            .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
          await tx.insert(passwordResets).values({
            userId: user.id,
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
          });
          await app.sendMail(
            {
              platform: req.platform,
              to: user.email,
              subject: translate(locale, 'reset_mail_subject', params),
              text: translate(locale, 'reset_mail_body', params),
            },
            tx,
          );
        });
        app.mailQueue.kick();
      } catch (err) {
        // The answer must not reveal that the account exists, even when the mail fails.
        req.log.error({ err }, 'reset mail could not be queued');
      }
      return answer;
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
