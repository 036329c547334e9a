import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { routeConfigOf } from './context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route sets the headers its answer needs itself (the public lookup, the Digital
     * Link resolver); every other answer carries the full set.
     */
    securityHeaders?: false;
  }
}

/** The site's policy: helmet's defaults, with the page's sources named. */
export const SECURITY_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // A post may show an image from another https site (the rich-text allow-list keeps them).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // The producer app's service worker (/sw.js) and web app manifest, from the page's own host only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for these options, computed once: they are the same for every answer.
 * (@fastify/helmet rebuilt helmet's middleware, its policy string included, on every request,
 * behind an asynchronous hook.)
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * The first request hook: every answer carries the security headers, the early refusals of the
 * platform check (400) and the access check (401, 403) and the not-found answer included. A
 * route's own header of the same name (a page's extended policy) replaces it.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const headers = securityHeadersOf(SECURITY_OPTIONS);
  app.addHook('onRequest', (req, reply, done) => {
    if (routeConfigOf(req).securityHeaders !== false) reply.headers(headers);
    done();
  });
});
