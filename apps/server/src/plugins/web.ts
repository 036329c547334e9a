import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA. Unknown non-API GETs answer index.html so client routes work on reload;
 * API paths keep their JSON 404.
 */
export default fp(async function web(app) {
  const dist = app.config.WEB_DIST;
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dist }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index);
  // The public traceability page is its own small entry (apps/web/trace.html), not the admin SPA.
  const traceFile = path.join(dist, 'trace.html');
  const traceHtml = fs.existsSync(traceFile) ? fs.readFileSync(traceFile) : html;
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') || url.startsWith('/oauth/') || url.startsWith('/uploads/')) {
      return reply.callNotFound();
    }
    const file = path.join(dist, decodeURIComponent(url.split('?')[0]));
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dist, file));
    }
    const page = url.startsWith('/trace/') ? traceHtml : html;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
});
