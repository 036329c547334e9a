import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { producer as producerSchema, user as userSchema } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { currentUser } from '../../plugins/auth.js';
import { presentProducer } from '../producers/presenter.js';
import { registedServicesFor } from '../service-requests/registered.js';
import { presentUser } from './presenter.js';

export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/users/whoami',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: {
        tags: ['users'],
        response: { 200: z.object({ data: z.object({ user: userSchema, producer: producerSchema.nullable() }) }) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const [producer] = user.producerId
        ? await app.db.select().from(producers).where(eq(producers.id, user.producerId)).limit(1)
        : [];
      // registed_services from the producer's service requests, read now: registering opens menus without a new login.
      const shown = { ...presentUser(user), registed_services: await registedServicesFor(app.db, user) };
      return { data: { user: shown, producer: producer ? presentProducer(producer) : null } };
    },
  );
}
