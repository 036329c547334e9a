import type { FastifyInstance } from 'fastify';
import { platformOrigin } from '../notifications/mail.js';
import { hostPlatform } from './pages.js';
import { robotsTxt, sitemapUrls, sitemapXml } from './sitemap.js';

/** How long a crawler or a proxy may keep the sitemap and robots.txt. */
const CACHE = 'public, max-age=600';

/**
 * `GET /sitemap.xml` and `GET /robots.txt` of the platform the Host names (DESIGN §5.4). The
 * pages' own tags are put in by the web plugin (plugins/web.ts, ./pages.ts).
 */
export default async function seoRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const platform = hostPlatform(app, req);
    const xml = sitemapXml(platformOrigin(app.config, platform), await sitemapUrls(app, platform));
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', CACHE).send(xml);
  });

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const origin = platformOrigin(app.config, hostPlatform(app, req));
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE).send(robotsTxt(origin));
  });
}
