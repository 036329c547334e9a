import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Paths the SPA never answers: a miss there is a JSON 404, however the path is spelled. */
const RESERVED = ['/api', '/oauth', '/uploads'];

/** The path as a file system would read it: decoded, dot segments and repeated slashes resolved. */
export function normalisedPath(url: string): string | null {
  try {
    const decoded = decodeURIComponent(url.split('?')[0]).replace(/\\/g, '/');
    return path.posix.normalize(decoded).replace(/\/+/g, '/');
  } catch {
    return null; // malformed percent-encoding
  }
}

const isReserved = (p: string) => {
  const lower = p.toLowerCase();
  return RESERVED.some((r) => lower === r || lower.startsWith(`${r}/`));
};

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
  // Only reply.sendFile, in this scope (the catch-all below uses it); no route per file found at
  // start-up, so a file a rebuild removes or adds is looked up when it is asked for.
  await app.register(fastifyStatic, {
    root: dist,
    serve: false,
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
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const clean = normalisedPath(req.url);
    if (clean === null || isReserved(clean)) return reply.callNotFound();
    const file = path.join(dist, clean);
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dist, file));
    }
    // A missing script or style is a 404, not the app's HTML in its place.
    if (clean.startsWith('/assets/')) return reply.callNotFound();
    const page = clean.startsWith('/trace/') ? traceHtml : html;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
});
