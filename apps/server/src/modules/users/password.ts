import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  changePasswordRequest,
  changePasswordResponse,
  errorEnvelope,
  passwordRefusal,
  translate,
} from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { clearKey, countFailure, lockedKeys, minutesLeft, type AttemptRule } from '../../lib/attempts.js';
import { AppError, unprocessable } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/secrets.js';
import { currentUser } from '../../plugins/auth.js';
import { openSession, revokeAllSessions } from '../auth/sessions.js';
import { clearLoginFailures } from '../auth/throttle.js';

/** Guessing the current password with a stolen session: 5 wrong in 15 minutes, then 429 for 15 minutes. */
export const OLD_PASSWORD_RULE: AttemptRule = { windowS: 15 * 60, max: 5, lockS: 15 * 60 };
const oldPasswordKey = (userId: number) => `password:user:${userId}`;

/**
 * PUT /api/v1/users/password: checks the current password, stores the new one, ends every
 * session of the account and opens a fresh one so the client that asked stays signed in.
 */
export default async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/users/password',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: {
        tags: ['users'],
        summary: 'Change the own password; all sessions are revoked and a new one is returned',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const { old_password, password } = req.body;
      // The length and the common passwords are the schema's; the account's own address is known here.
      const refusal = passwordRefusal(password, me.email);
      if (refusal) throw unprocessable(refusal, {}, 'password');
      const key = oldPasswordKey(me.id);
      const locks = await lockedKeys(app.db, [key]);
      if (locks.length) throw new AppError(429, 'too_many_password_attempts', { minutes: minutesLeft(locks) });
      if (!(await verifyPassword(me.passwordHash, old_password))) {
        await countFailure(app.db, key, `user:${me.id}`, OLD_PASSWORD_RULE);
        throw unprocessable('wrong_old_password', {}, 'old_password');
      }
      const passwordHash = await hashPassword(password);
      const token = await app.events.transaction(async (tx, emit) => {
        await tx
          .update(users)
          .set({
            passwordHash,
            requiredChangePassword: false,
            updatedAt: new Date(),
          })
          .where(eq(users.id, me.id));
        await revokeAllSessions(tx, me.id);
        await clearKey(tx, key);
        await clearLoginFailures(tx, me.platform, me.email);
        emit({ type: 'user.password_changed', platform: req.platform, userId: me.id });
        return openSession(tx, me.id);
      });
      return { data: { token }, meta: { message: translate(req.locale, 'password_changed') } };
    },
  );
}
