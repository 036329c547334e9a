import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { errorEnvelope, listEnvelope, listQuery, user as userSchema } from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { listMetaOf, pageWindow, textSearch } from '../../lib/search.js';
import { presentUser } from '../users/presenter.js';

/** GET /api/v1/admin/users: the platform's accounts (administrators with read user). */
export default async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/users',
    {
      config: { access: 'admin', ability: ['read', 'user'] },
      schema: {
        tags: ['admin'],
        summary: 'Users of the platform; q searches name and email',
        querystring: listQuery,
        response: { 200: listEnvelope('users', userSchema), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const q = req.query;
      const where = and(eq(users.platform, req.platform), q.q ? textSearch(q.q, users.name, users.email) : undefined);
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        app.db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
        app.db.select({ n: count() }).from(users).where(where),
      ]);
      return { data: { users: rows.map(presentUser) }, meta: listMetaOf(q, total?.n ?? 0) };
    },
  );
}
