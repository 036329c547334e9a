import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { allows, isAdministrator, type Action, type AppSubject } from '@agrihub/contract';
import { sessions, users } from '../db/schema/index.js';
import { AppError, unauthenticated } from '../lib/errors.js';
import { sha256 } from '../lib/secrets.js';

export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Open to visitors without a token. API routes are private unless they say so. */
    public?: boolean;
    /** The ability an admin route needs (checked after the administrator check). */
    ability?: [Action, AppSubject];
  }
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in user; throws 401 when there is none. For handlers of private routes. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}

/**
 * Resolves the bearer token to a live session of this platform, then applies the guards:
 * private by default, administrators only under /api/v1/admin, and the route's ability.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const isApi = req.url.startsWith('/api/v1/');
    const isPublic = req.routeOptions.config?.public === true;
    const token = bearer(req);
    if (token && isApi) {
      const [row] = await app.db
        .select({ user: users, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.accessTokenHash, sha256(token)),
            isNull(sessions.revokedAt),
            gt(sessions.accessExpiresAt, new Date()),
            eq(users.platform, req.platform),
          ),
        )
        .limit(1);
      if (!row && !isPublic) throw unauthenticated('invalid_token');
      req.auth = row ?? null;
    }
    if (!isApi || isPublic) return;
    if (!req.auth) throw unauthenticated();
    if (req.url.startsWith('/api/v1/admin/') && !isAdministrator(req.auth.user)) {
      throw new AppError(403, 'forbidden');
    }
    const ability = req.routeOptions.config?.ability;
    if (ability && !allows(req.auth.user, ability[0], ability[1])) {
      throw new AppError(403, 'permission_denied');
    }
  });
});
