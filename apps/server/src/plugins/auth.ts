import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { accessRefusal, misplacedAdminRoute, type RouteRule } from '@agrihub/contract';
import { sessions, users } from '../db/schema/index.js';
import { AppError, unauthenticated } from '../lib/errors.js';
import { sha256 } from '../lib/secrets.js';
import { isApiRoute } from './context.js';

export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route of the app as declared (method, url pattern, config): what the access tests walk. */
    routeTable: readonly RouteOptions[];
  }
  // Every route declares `access` (see RouteRule in the contract); nothing is decided from the raw URL.
  interface FastifyContextConfig {
    access?: RouteRule['access'];
    ability?: RouteRule['ability'];
    beforePasswordChange?: RouteRule['beforePasswordChange'];
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
 * Registers a third-party plugin (static files, API docs) whose routes are all public: they cannot
 * declare `access` themselves, so this scope declares it for them.
 */
export function publicRoutes(register: (scope: FastifyInstance) => PromiseLike<unknown>): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: 'public' };
    });
    await register(scope);
  };
}

const STATUS: Record<string, number> = { unauthenticated: 401 };

/**
 * Access from the matched route, never from the raw URL: the router has already decoded and
 * matched the path, and each route declares who may call it (`config.access`, optional `ability`).
 * A route that declares nothing is refused, and an admin rule outside /api/v1/admin/ (or the
 * reverse) stops the app at start.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  const declared: RouteOptions[] = [];
  app.decorate('routeTable', declared);
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  // Checked once every route is known (a scope may still add `access` after this hook ran).
  app.addHook('onReady', (done) => {
    for (const route of declared) {
      const access = route.config?.access;
      if (!access) {
        app.log.error({ method: route.method, url: route.url }, 'route declares no access rule: it is refused');
      } else if (misplacedAdminRoute(route.url, access)) {
        return done(
          new Error(`${String(route.method)} ${route.url}: admin routes live under /api/v1/admin/ and nowhere else`),
        );
      }
    }
    done();
  });

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
          // Deactivation revokes the sessions too; this keeps a deactivated account out whatever happens.
          isNull(users.deactivatedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Why a token found no live session: 'account_deactivated' when it was a session of an account
   * since deactivated (its holder learns why it was signed out), else 'invalid_token'.
   */
  async function deadTokenCode(req: FastifyRequest, token: string): Promise<string> {
    const [row] = await app.db
      .select({ id: users.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.accessTokenHash, sha256(token)),
          eq(users.platform, req.platform),
          isNotNull(users.deactivatedAt),
        ),
      )
      .limit(1);
    return row ? 'account_deactivated' : 'invalid_token';
  }

  function guard(req: FastifyRequest) {
    const refusal = accessRefusal(req.routeOptions.config, req.auth?.user ?? null);
    if (!refusal) return;
    if (refusal === 'route_access_undeclared') {
      req.log.error({ route: req.routeOptions.url }, 'refused: route declares no access rule');
    }
    throw new AppError(STATUS[refusal] ?? 403, refusal);
  }

  // Synchronous unless there is a token to look up, so public hot paths pay no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.is404) return done(); // nothing matched: the not-found handler answers
    const isPublic = req.routeOptions.config.access === 'public';
    const token = isApiRoute(req) ? bearer(req) : null;
    const finish = () => {
      try {
        guard(req);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    if (!token) return finish();
    resolveSession(req, token).then((row) => {
      // A stale token on a public route is ignored; on a private one it is refused.
      if (!row && !isPublic) {
        return deadTokenCode(req, token).then((code) => done(unauthenticated(code)), done);
      }
      req.auth = row;
      finish();
    }, done);
  });
});
