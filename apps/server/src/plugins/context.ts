import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LOCALES,
  isPlatformKey,
  effectiveLocale,
  platformFromHost,
  type Locale,
  type PlatformKey,
} from '@agrihub/contract';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform of this request, from the `Platform` header (required on the API). */
    platform: PlatformKey;
    locale: Locale;
    /** The matched route's config, kept by {@link routeConfigOf} on its first read. */
    matchedRouteConfig: RouteConfig | null;
  }
}

type RouteConfig = FastifyRequest['routeOptions']['config'];

/**
 * The matched route's config (its url and method included), read once per request: Fastify 5
 * builds a new `routeOptions` object on every read, and the hooks ask it about ten times per request.
 */
export function routeConfigOf(req: FastifyRequest): RouteConfig {
  const kept = req.matchedRouteConfig;
  // reply.callNotFound() moves a matched request to the not-found handler's route: read it again then.
  if (kept && (kept.url === undefined || !req.is404)) return kept;
  return (req.matchedRouteConfig = req.routeOptions.config);
}

function pickLocale(header: string | string[] | undefined, accept: string | undefined): Locale {
  const wanted = (Array.isArray(header) ? header[0] : header)?.toLowerCase().slice(0, 2);
  if (wanted && (LOCALES as readonly string[]).includes(wanted)) return wanted as Locale;
  const fromAccept = accept?.toLowerCase().match(/\b(vi|en)\b/)?.[1];
  return (fromAccept as Locale) ?? 'vi';
}

/**
 * An API route needs the Platform header: decided from the matched route's pattern (the router has
 * already decoded the path), never from the raw URL. The docs and the health check need none.
 */
export function isApiRoute(req: FastifyRequest): boolean {
  const url = routeConfigOf(req).url;
  if (!url || url === '/api/health' || url.startsWith('/api/docs')) return false;
  return url.startsWith('/api/') || url.startsWith('/oauth/');
}

/** Reads the `locale` and `Platform` headers. API calls without a known platform are refused (400). */
export default fp(async function context(app: FastifyInstance) {
  app.decorateRequest('platform', 'dtrack');
  app.decorateRequest('locale', 'vi');
  app.decorateRequest('matchedRouteConfig', null);
  // A synchronous hook: it runs on every request, including the hot public lookups.
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = pickLocale(req.headers['locale'], req.headers['accept-language']);
    // GS1's EPCIS REST binding (ADR 040) is served under /epcis on each platform's host: the host
    // names the platform, as for the Digital Link resolver (a machine client sends no Platform header).
    if (routeConfigOf(req).url?.startsWith('/epcis/')) {
      req.platform = platformFromHost(req.headers.host ?? '', app.config.DEFAULT_PLATFORM, app.config.PLATFORM_HOSTS);
      req.locale = effectiveLocale(req.platform, req.locale);
      return done();
    }
    if (!isApiRoute(req)) return done();
    const header = req.headers['platform'];
    const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase();
    if (!isPlatformKey(value)) return done(new AppError(400, 'platform_required'));
    req.platform = value;
    req.locale = effectiveLocale(value, req.locale);
    done();
  });
});
