import type { FastifyInstance } from 'fastify';
import { PWA_MANIFEST_PATH } from '@agrihub/contract/pwa';
import { hostPlatform } from '../seo/pages.js';
import { webManifest } from './manifest.js';

/**
 * `GET /manifest.webmanifest` of the platform the Host names: each platform's host is its own
 * installable app (apps/web/diary.html links it). Read again on each start of the app: no-cache.
 */
export default async function pwaRoutes(app: FastifyInstance) {
  app.get(PWA_MANIFEST_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) =>
    reply
      .type('application/manifest+json')
      .header('Cache-Control', 'no-cache')
      .send(JSON.stringify(webManifest(hostPlatform(app, req)))),
  );
}
