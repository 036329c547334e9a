import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { effectiveLocale, errorEnvelope, registrationRequest, translate, user as userSchema } from '@agrihub/contract';
import { producers, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hashPassword } from '../../lib/secrets.js';
import { presentUser } from '../users/presenter.js';

const emailTaken = () => new AppError(409, 'email_taken', {}, [{ field: 'email', message: 'email_taken' }]);

/** POST /api/v1/registrations: a producer signs up; its producer waits for approval. */
export default async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/registrations',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.REGISTRATION_RATE_LIMIT_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (req: FastifyRequest) => `register:${req.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign up a producer account with its producer (pending approval)',
        body: registrationRequest,
        response: {
          201: z.object({ data: z.object({ user: userSchema }), meta: z.object({ message: z.string() }) }),
          409: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const platform = req.platform;
      const [existing] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.platform, platform), eq(users.email, body.email)))
        .limit(1);
      if (existing) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        const created = await app.db.transaction(async (tx) => {
          const [producer] = await tx
            .insert(producers)
            .values({
              platform,
              name: body.producer.name,
              producerType: body.producer.producer_type,
              businessFields: body.producer.business_fields,
              status: 'pending',
              phone: body.phone ?? null,
              email: body.email,
            })
            .returning({ id: producers.id });
          const [user] = await tx
            .insert(users)
            .values({
              platform,
              email: body.email,
              name: body.name,
              phone: body.phone ?? null,
              passwordHash,
              producerId: producer.id,
              locale: effectiveLocale(platform, body.locale ?? req.locale),
            })
            .returning();
          return user;
        });
        reply.status(201);
        return { data: { user: presentUser(created) }, meta: { message: translate(req.locale, 'registration_done') } };
      } catch (err) {
        // Two sign-ups with one email at the same time: the unique index decides.
        if (isUniqueViolation(err, 'users_platform_email_uq')) throw emailTaken();
        throw err;
      }
    },
  );
}
