import fp from 'fastify-plugin';
import compress, { type FastifyCompressOptions } from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: text (never an event stream), JSON, XML (feeds, sitemap, SVG) and
 * scripts. @fastify/compress also takes any type its MIME table marks compressible; it marks
 * spreadsheets, PDFs, pictures, archives and unknown binaries as not (already compressed).
 */
export const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|\/javascript(?:;|$)/;

/**
 * Brotli (quality 4: quick enough for every answer; the build's files are made at the best quality
 * once, apps/web/vite.config.ts) or gzip, chosen by `Accept-Encoding`; nothing without it.
 * Request bodies are never inflated (a small compressed body could unpack past the body limit).
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_THRESHOLD_BYTES,
  customTypes: COMPRESSIBLE,
};

/**
 * Compresses API answers and pages above {@link COMPRESS_THRESHOLD_BYTES}. Every answer of a type
 * that may be compressed says `Vary: Accept-Encoding`, compressed or not, so a shared cache never
 * gives one client the form another asked for. Registered before any route (it hooks each route).
 */
export default fp(async function compression(app) {
  // A synchronous hook: it runs on every answer, the hot public lookups included.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE.test(type)) varyOnAcceptEncoding(reply);
    done(null, payload);
  });
  await app.register(compress, COMPRESS_OPTIONS);
});

/** Adds `accept-encoding` to `Vary` once (in the lower case the static and compress plugins look for). */
export function varyOnAcceptEncoding(reply: {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}): void {
  const current = reply.getHeader('vary');
  const list = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) return;
  reply.header('vary', list ? `${list}, accept-encoding` : 'accept-encoding');
}
