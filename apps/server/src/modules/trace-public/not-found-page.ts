import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';

const pages = new Map<string, Buffer | null>();

/** The built public trace page (apps/web/dist/trace.html), or null when the web app is not built. */
function tracePage(dist: string): Buffer | null {
  if (!pages.has(dist)) {
    const file = path.join(dist, 'trace.html');
    pages.set(dist, fs.existsSync(file) ? fs.readFileSync(file) : null);
  }
  return pages.get(dist) ?? null;
}

/**
 * The 404 of a scanned link that resolves to nothing: a browser gets the trace page, which says
 * "code not found" in the reader's language; any other client (or no built web app) gets the
 * JSON error envelope.
 */
export function sendNotFoundPage(req: FastifyRequest, reply: FastifyReply) {
  const html = (req.headers.accept ?? '').includes('text/html') ? tracePage(req.server.config.WEB_DIST) : null;
  if (!html) throw notFound();
  return reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
}
