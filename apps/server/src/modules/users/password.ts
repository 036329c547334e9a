import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { changePasswordRequest, changePasswordResponse, errorEnvelope, translate } from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/secrets.js';
import { currentUser } from '../../plugins/auth.js';
import { openSession, revokeAllSessions } from '../auth/sessions.js';

/**
 * PUT /api/v1/users/password: checks the current password, stores the new one, ends every
 * session of the account and opens a fresh one so the client that asked stays signed in.
 */
export default async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/users/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the own password; all sessions are revoked and a new one is returned',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, 422: errorEnvelope },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const { old_password, password } = req.body;
      if (!(await verifyPassword(me.passwordHash, old_password))) {
        throw unprocessable('wrong_old_password', {}, 'old_password');
      }
      const passwordHash = await hashPassword(password);
      const token = await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, requiredChangePassword: false, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
          .where(eq(users.id, me.id));
        await revokeAllSessions(tx, me.id);
        return openSession(tx, me.id);
      });
      return { data: { token }, meta: { message: translate(req.locale, 'password_changed') } };
    },
  );
}
