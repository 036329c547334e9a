import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorEnvelope,
  isValidGtin,
  platformFromHost,
  publicCodeParam,
  publicTrace,
  toGtin14,
} from '@agrihub/contract';
import { products, traceabilities } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { TraceEntry } from './cache.js';
import { loadEntry, render } from './lookup.js';

/**
 * Headers of the lookup answer. The route skips helmet, which rebuilds its middleware on every
 * request; a JSON answer needs only these (the HTML pages keep helmet's full set).
 */
const LOOKUP_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

const digitalLinkParams = z.object({ gtin: z.string(), lot: z.string() });

/**
 * The public trace lookup (no login) and GS1 Digital Link resolution.
 * A lookup is served from the trace cache; each one counts a scan in the scan buffer.
 */
export default async function tracePublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.traceCache;
  const scans = app.scanBuffer;
  const load = (code: string) => loadEntry(app.db, code);

  r.get(
    '/api/v1/client/traceabilities/:code',
    {
      config: { public: true },
      helmet: false,
      schema: {
        tags: ['client'],
        summary: 'Public traceability of a published batch by its public code (counts a scan)',
        params: publicCodeParam,
        response: { 200: z.object({ data: z.object({ traceability: publicTrace }) }), 404: errorEnvelope },
      },
    },
    (req, reply) => {
      const respond = (entry: TraceEntry | null) => {
        if (!entry || entry.platform !== req.platform) throw notFound();
        scans.record(entry.id, entry.code, req.ip);
        // A prebuilt string: Fastify sends it as is, without serializing again.
        return reply.headers(LOOKUP_HEADERS).send(render(entry, scans.pending(entry.id)) as never);
      };
      // A cache hit answers synchronously; only a miss waits for the database.
      const hit = cache.hit(req.params.code);
      return (hit === undefined ? cache.get(req.params.code, load).then(respond) : respond(hit)) as never;
    },
  );

  /** `/01/{gtin}/10/{lot}` (GTIN-8/12/13/14, any trailing path) → 302 to `/trace/{code}` on the Host's platform. */
  async function resolveDigitalLink(host: string | undefined, gtin: string, lot: string): Promise<string | null> {
    if (!/^\d{8,14}$/.test(gtin) || !isValidGtin(gtin) || lot.length > 50) return null;
    const platform = platformFromHost(host ?? '', app.config.DEFAULT_PLATFORM, app.config.PLATFORM_HOSTS);
    const [row] = await app.db
      .select({ code: traceabilities.publicCode })
      .from(traceabilities)
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(
        and(
          eq(traceabilities.platform, platform),
          eq(traceabilities.status, 'published'),
          eq(traceabilities.lotCode, lot),
          sql`lpad(${products.gtin}, 14, '0') = ${toGtin14(gtin)}`,
        ),
      )
      .orderBy(desc(traceabilities.publishedAt))
      .limit(1);
    return row?.code ?? null;
  }

  const digitalLink = {
    config: { public: true },
    schema: { hide: true, params: digitalLinkParams.extend({ '*': z.string().optional() }) },
  } as const;
  const handler = async (
    req: { headers: { host?: string }; params: { gtin: string; lot: string } },
    reply: import('fastify').FastifyReply,
  ) => {
    const code = await resolveDigitalLink(req.headers.host, req.params.gtin, req.params.lot);
    if (!code) throw notFound();
    return reply.redirect(`/trace/${encodeURIComponent(code)}`, 302);
  };
  r.get('/01/:gtin/10/:lot', digitalLink, handler);
  r.get('/01/:gtin/10/:lot/*', digitalLink, handler);
}
