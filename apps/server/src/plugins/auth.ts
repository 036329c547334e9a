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

  async function resolveSession(req: FastifyRequest, token: string): Promise<AuthContext | null> {
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
    return row ?? null;
  }

  function guard(req: FastifyRequest, isPublic: boolean) {
    if (!req.url.startsWith('/api/v1/') || isPublic) return;
    if (!req.auth) throw unauthenticated();
    if (req.url.startsWith('/api/v1/admin/') && !isAdministrator(req.auth.user)) {
      throw new AppError(403, 'forbidden');
    }
    const ability = req.routeOptions.config?.ability;
    if (ability && !allows(req.auth.user, ability[0], ability[1])) {
      throw new AppError(403, 'permission_denied');
    }
  }

  // Synchronous unless there is a token to look up, so public hot paths pay no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const isPublic = req.routeOptions.config?.public === true;
    const token = req.url.startsWith('/api/v1/') ? bearer(req) : null;
    const finish = () => {
      try {
        guard(req, isPublic);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    if (!token) return finish();
    resolveSession(req, token).then((row) => {
      // A stale token on a public route is ignored; on a private one it is refused.
      if (!row && !isPublic) return done(unauthenticated('invalid_token'));
      req.auth = row;
      finish();
    }, done);
  });
});
