import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  PLATFORMS,
  accessRefusal,
  misplacedAdminRoute,
  refusalStatus,
  type AccessRefusal,
  type AccessUser,
  type Gate,
  type RouteRule,
} from '@agrihub/contract';
import { sessions, users } from '../db/schema/index.js';
import { countFailure, lockedKeys, minutesLeft } from '../lib/attempts.js';
import { AppError, unauthenticated } from '../lib/errors.js';
import { sha256 } from '../lib/secrets.js';
import {
  API_KEY_RULE,
  apiKeyAttemptKey,
  findApiKey,
  presentedApiKey,
  touchApiKey,
  type ApiKeyContext,
} from '../modules/api-keys/keys.js';
import { registedServicesFor } from '../modules/service-requests/registered.js';
import { isApiRoute, routeConfigOf } from './context.js';

export type UserRow = typeof users.$inferSelect;
export type { ApiKeyContext } from '../modules/api-keys/keys.js';

/** Why the guard refused a request: the contract's refusals, and a locked-out address on key routes. */
export type RequestRefusal = AccessRefusal | 'api_key_locked';

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The machine client's API key on an `apikey` route (ADR 039); null everywhere else. */
    apiKey: ApiKeyContext | null;
    /**
     * Why the guard refused this request (null when it let it through): a scope with its own error
     * format (EPCIS's RFC 7807 SecurityException) reads it in its error handler; the error itself
     * is an AppError whose code is the same reason.
     */
    accessRefusal: RequestRefusal | null;
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
    gate?: RouteRule['gate'];
    apiScope?: RouteRule['apiScope'];
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

/**
 * Registers a module's routes behind one gate (contract `GATES`): every route the plugin declares
 * needs that platform feature and producer entitlement, so a route added to the module later is
 * gated too. The guard below enforces it from the matched route.
 */
export function gatedRoutes(gate: Gate, plugin: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), gate: route.config?.gate ?? gate };
    });
    await scope.register(plugin);
  };
}

/** The caller as the contract's access rule reads it; `services` completes the account's own list. */
function accessUserOf(user: UserRow, services: readonly string[] = user.registedServices): AccessUser {
  return {
    roles: user.roles,
    abilities: user.abilities,
    requiredChangePassword: user.requiredChangePassword,
    created_at: user.createdAt,
    registed_services: services,
  };
}

/**
 * Access from the matched route, never from the raw URL: the router has already decoded and
 * matched the path, and each route declares who may call it (`config.access`, optional `ability`).
 * A route that declares nothing is refused, and an admin rule outside /api/v1/admin/ (or the
 * reverse) stops the app at start.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('accessRefusal', null);

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

  /**
   * The contract's decision for this request. The account's own `registed_services` column is read
   * first; only when that refuses an entitlement are the producer's service requests read too
   * (the list whoami answers), so the gate opens the moment a registration counts.
   */
  async function refusalOf(req: FastifyRequest): Promise<AccessRefusal | null> {
    const rule = routeConfigOf(req);
    const user = req.auth?.user ?? null;
    const quick = accessRefusal(rule, user && accessUserOf(user), req.platform);
    if (quick !== 'entitlement_required' || !user) return quick;
    return accessRefusal(rule, accessUserOf(user, await registedServicesFor(app.db, user)), req.platform);
  }

  function refuse(req: FastifyRequest, refusal: AccessRefusal): AppError {
    req.accessRefusal = refusal;
    if (refusal === 'route_access_undeclared') {
      req.log.error({ route: routeConfigOf(req).url }, 'refused: route declares no access rule');
    }
    if (refusal === 'feature_unavailable') {
      return new AppError(403, refusal, { platform: PLATFORMS[req.platform].name });
    }
    return new AppError(refusalStatus(refusal), refusal);
  }

  /**
   * An `apikey` route (ADR 039): the key from `Authorization: Bearer` or `X-API-Key`, never a
   * session. An address that sent too many wrong keys is locked out first (429); a wrong, revoked,
   * expired or other platform's key counts as a failure; then the contract decides.
   */
  async function apiKeyRefusal(req: FastifyRequest): Promise<AppError | undefined> {
    const rule = routeConfigOf(req);
    const presented = presentedApiKey(req);
    if (!presented) {
      const refusal = accessRefusal(rule, null, req.platform, null);
      return refusal ? refuse(req, refusal) : undefined;
    }
    const attempts = apiKeyAttemptKey(req.ip);
    const locks = await lockedKeys(app.db, [attempts]);
    if (locks.length) return locked(req, minutesLeft(locks));
    const found = await findApiKey(app.db, presented, !!rule.gate?.entitlement);
    const refusal = found ? accessRefusal(rule, null, req.platform, found.access) : 'api_key_invalid';
    if (refusal === 'api_key_invalid') {
      const counter = await countFailure(app.db, attempts, null, API_KEY_RULE);
      if (counter.lockedUntil && counter.lockedUntil.getTime() > Date.now()) return locked(req, minutesLeft([counter]));
    }
    if (refusal) return refuse(req, refusal);
    req.apiKey = found!.ctx;
    await touchApiKey(app.db, found!);
    return undefined;
  }

  function locked(req: FastifyRequest, minutes: number): AppError {
    req.accessRefusal = 'api_key_locked';
    return new AppError(429, 'api_key_locked', { minutes });
  }

  // An answer for a signed-in user is never kept by a browser or a proxy: every answer of a route
  // that needs a session (its refusals included), and a public route's answer to a signed-in
  // caller unless the route said how it may be cached (the same answer for everyone).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.is404 || !isApiRoute(req)) return done(null, payload);
    const isPublic = routeConfigOf(req).access === 'public';
    const stated = reply.getHeader('cache-control');
    if (isPublic ? req.auth && !stated : !String(stated ?? '').includes('no-store')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Synchronous unless there is a token to look up, so public hot paths pay no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.is404) return done(); // nothing matched: the not-found handler answers
    const rule = routeConfigOf(req);
    if (rule.access === 'apikey') {
      apiKeyRefusal(req).then((err) => done(err), done);
      return;
    }
    const isPublic = rule.access === 'public';
    const token = isApiRoute(req) ? bearer(req) : null;
    const finish = () => {
      // An entitlement may need the producer's service requests read: the only asynchronous case.
      if (req.auth && rule.gate?.entitlement) {
        refusalOf(req).then((refusal) => done(refusal ? refuse(req, refusal) : undefined), done);
        return;
      }
      const refusal = accessRefusal(rule, req.auth ? accessUserOf(req.auth.user) : null, req.platform);
      done(refusal ? refuse(req, refusal) : undefined);
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
