import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LOCALES, isPlatformKey, effectiveLocale, type Locale, type PlatformKey } from '@agrihub/contract';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform of this request, from the `Platform` header (required on the API). */
    platform: PlatformKey;
    locale: Locale;
  }
}

function pickLocale(header: string | string[] | undefined, accept: string | undefined): Locale {
  const wanted = (Array.isArray(header) ? header[0] : header)?.toLowerCase().slice(0, 2);
  if (wanted && (LOCALES as readonly string[]).includes(wanted)) return wanted as Locale;
  const fromAccept = accept?.toLowerCase().match(/\b(vi|en)\b/)?.[1];
  return (fromAccept as Locale) ?? 'vi';
}

/** Reads the `locale` and `Platform` headers. API calls without a known platform are refused (400). */
export default fp(async function context(app: FastifyInstance) {
  app.decorateRequest('platform', 'dtrack');
  app.decorateRequest('locale', 'vi');
  // A synchronous hook: it runs on every request, including the hot public lookups.
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = pickLocale(req.headers['locale'], req.headers['accept-language']);
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/oauth/');
    if (!isApi || req.url.startsWith('/api/docs') || req.url === '/api/health') return done();
    const header = req.headers['platform'];
    const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase();
    if (!isPlatformKey(value)) return done(new AppError(400, 'platform_required'));
    req.platform = value;
    req.locale = effectiveLocale(value, req.locale);
    done();
  });
});
