import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count } from 'drizzle-orm';
import { errorEnvelope, listEnvelope, userListQuery, user as userSchema } from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { presentUser } from '../users/presenter.js';

const USER_LIST: ListSpec<'created_at' | 'name' | 'email'> = {
  sorts: { created_at: users.createdAt, name: users.name, email: users.email },
  search: [users.name, users.email],
  tiebreak: users.id,
};

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
        querystring: userListQuery,
        response: { 200: listEnvelope('users', userSchema), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const list = listPlan(req.query, USER_LIST);
      const where = and(platformOf(users, requestScope(req)), list.search);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(users)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(users).where(where),
      ]);
      return { data: { users: rows.map(presentUser) }, meta: list.meta(total?.n) };
    },
  );
}
