import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  PLATFORMS,
  envelope,
  errorEnvelope,
  translate,
  updateAccountRequest,
  user as userSchema,
} from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { presentUser } from './presenter.js';

/** PUT /api/v1/users: the signed-in user's own locale, name and phone. */
export default async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/v1/users',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Update the own account (locale, name, phone)',
        body: updateAccountRequest,
        response: { 200: envelope('user', userSchema), 422: errorEnvelope },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const body = req.body;
      const offered = PLATFORMS[req.platform].locales;
      // A platform that offers one language (dtrack: vi) refuses another rather than storing it silently.
      if (body.locale && !(offered as readonly string[]).includes(body.locale)) {
        throw unprocessable('locale_not_offered', { locales: offered.join(', ') }, 'locale');
      }
      const [updated] = await app.db
        .update(users)
        .set({
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, me.id))
        .returning();
      return { data: { user: presentUser(updated) }, meta: { message: translate(req.locale, 'account_updated') } };
    },
  );
}
