import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_LONGER_AVAILABLE, errorEnvelope, publicCodeParam, publicProduct, publicTrace } from '@agrihub/contract';
import { AppError, notFound } from '../../lib/errors.js';
import type { TraceEntry } from './cache.js';
import { render } from './lookup.js';
import { loadEntry } from './public-docs.js';
import { loadPublicProduct } from './product-lookup.js';
import digitalLinkRoutes from './digital-link.js';

/**
 * Headers of the lookup answer: a JSON answer needs only these (every other answer carries the
 * full set, plugins/security-headers.ts).
 */
const LOOKUP_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The public trace lookup (no login) and GS1 Digital Link resolution.
 * A lookup is served from the trace cache; each one counts a scan in the scan buffer.
 */
export default async function tracePublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.traceCache;
  const scans = app.scanBuffer;
  const load = (code: string) => loadEntry(app.db, code);
  // Every public lookup is charged to its client; one that finds nothing costs more (lookup-limit.ts).
  const limit = app.lookupLimiter;

  /** The lookup's answer for the entry of its code (null: none), its scan counted first. */
  function answer(req: FastifyRequest, reply: FastifyReply, entry: TraceEntry | null) {
    if (!entry || entry.platform !== req.platform) {
      limit.miss(req);
      throw notFound();
    }
    // Taken down with its closed producer (contract: publicVisibility).
    if (entry.gone) throw new AppError(410, NO_LONGER_AVAILABLE);
    // Synchronous unless REDIS_URL is set: then the de-duplication asks Redis first (ADR 026).
    const counted = scans.record(entry, req.ip);
    if (typeof counted !== 'boolean') return counted.then(() => send(reply, entry));
    return send(reply, entry);
  }

  /** Prebuilt bytes or text: Fastify sends them as they are, without serializing or encoding again. */
  const send = (reply: FastifyReply, entry: TraceEntry) =>
    reply.headers(LOOKUP_HEADERS).send(render(entry, scans.pending(entry.id)));

  r.get(
    '/api/v1/client/traceabilities/:code',
    {
      config: { access: 'public', securityHeaders: false },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary: 'Public traceability of a published batch by its public code (counts a scan)',
        params: publicCodeParam,
        response: {
          200: z.object({ data: z.object({ traceability: publicTrace }) }),
          404: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    (req, reply) => {
      // A cache hit answers synchronously; only a miss waits for the database.
      const hit = cache.hit(req.params.code);
      if (hit !== undefined) return answer(req, reply, hit) as never;
      return cache.get(req.params.code, load).then((entry) => answer(req, reply, entry)) as never;
    },
  );

  r.get(
    '/api/v1/client/products/:code',
    {
      config: { access: 'public' },
      onRequest: limit.onRequest,
      schema: {
        tags: ['client'],
        summary: 'Public page of an approved product by its public code: producer, certificates, published batches',
        params: publicCodeParam,
        response: {
          200: z.object({ data: z.object({ product: publicProduct }) }),
          404: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      const product = await loadPublicProduct(app.db, req.platform, req.params.code);
      if (!product) limit.miss(req);
      if (product === 'gone') throw new AppError(410, NO_LONGER_AVAILABLE);
      if (!product) throw notFound();
      return { data: { product } };
    },
  );

  // GS1 Digital Links `/01/…` and `/.well-known/gs1resolver` (ADR 037).
  await digitalLinkRoutes(app);
}
