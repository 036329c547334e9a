import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  categoryEudrInput,
  envelope,
  errorEnvelope,
  eudrNotReadyEnvelope,
  eudrStatement,
  idParam,
  productCategory,
  translate,
} from '@agrihub/contract';
import { categories } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { producerScope, requestScope } from '../../lib/scope.js';
import type { ChainScope } from '../chain/lots.js';
import { loadCategories } from '../catalog/queries.js';
import { buildStatement, statementGeojson, type EudrSubject } from './service.js';

export const GEOJSON_CONTENT_TYPE = 'application/geo+json';

/**
 * EUDR due diligence data (ADR 042): a producer reads the statement of its own lots and shipments
 * and downloads the plots' GeoJSON (another producer's id answers 404); the platform's
 * administrator reads any (as the admin chain does), and sets a category's commodity and HS code.
 */
export const eudrRoutes = eudrRoutesFor('own');
export const adminEudrRoutes = eudrRoutesFor('admin');

function eudrRoutesFor(which: 'own' | 'admin') {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
    const admin = which === 'admin';
    const prefix = admin ? '/api/v1/admin/eudr' : '/api/v1/eudr';
    const tag = admin ? 'admin eudr' : 'eudr';
    const config: FastifyContextConfig = admin
      ? { access: 'admin', ability: ['read', 'producer'] }
      : { access: 'user' };
    const scopeOf = (req: FastifyRequest): ChainScope => {
      if (admin) return { platform: req.platform, viewer: { admin: true } };
      const s = producerScope(req);
      return { platform: s.platform, viewer: { admin: false, producerId: s.producerId } };
    };
    const download = async (req: FastifyRequest, reply: FastifyReply, subject: EudrSubject) => {
      const built = await buildStatement(app.db, scopeOf(req), subject);
      const text = statementGeojson(built);
      const name = `eudr-${subject.kind === 'lot' ? built.lotCode : `lo-hang-${subject.id}`}.geojson`;
      return reply.type(GEOJSON_CONTENT_TYPE).header('Content-Disposition', attachmentDisposition(name)).send(text);
    };

    for (const kind of ['lot', 'shipment'] as const) {
      const path = `${prefix}/${kind === 'lot' ? 'lots' : 'shipments'}/:id`;
      r.get(
        path,
        {
          config,
          schema: {
            tags: [tag],
            summary: `The EUDR due diligence statement's data of a ${kind}, and whether it is ready`,
            params: idParam,
            response: { 200: envelope('statement', eudrStatement), ...errors },
          },
        },
        async (req) => {
          const { statement } = await buildStatement(app.db, scopeOf(req), { kind, id: req.params.id });
          return {
            data: { statement },
            meta: { message: statement.ready ? translate(req.locale, 'eudr_ready') : undefined },
          };
        },
      );
      r.get(
        `${path}/geojson`,
        {
          config,
          schema: {
            tags: [tag],
            summary: `The GeoJSON FeatureCollection (RFC 7946) of every plot a ${kind} came from (attachment; 409 when not ready)`,
            params: idParam,
            response: { ...errors, 409: eudrNotReadyEnvelope },
          },
        },
        async (req, reply) => download(req, reply, { kind, id: req.params.id }),
      );
    }

    if (admin)
      r.put(
        '/api/v1/admin/categories/:id/eudr',
        {
          config: { access: 'admin', ability: ['update', 'product'] },
          schema: {
            tags: ['admin eudr'],
            summary: 'Flag a product category as an EUDR commodity with its HS code (both null: not relevant)',
            params: idParam,
            body: categoryEudrInput,
            response: { 200: envelope('category', productCategory), 404: errorEnvelope, 422: errorEnvelope },
          },
        },
        async (req) => {
          const { eudr_commodity, hs_code } = req.body;
          const category = await app.db.transaction(async (tx) => {
            const [row] = await tx
              .update(categories)
              .set({ eudrCommodity: eudr_commodity, hsCode: eudr_commodity ? hs_code : null })
              .where(eq(categories.id, req.params.id))
              .returning({ id: categories.id });
            if (!row) throw notFound();
            await recordActivity(tx, {
              subjectType: 'category',
              subjectId: row.id,
              platform: req.platform,
              actorId: requestScope(req).userId,
              action: 'eudr',
              diff: { eudr_commodity, hs_code: eudr_commodity ? hs_code : null },
              internal: true,
            });
            return (await loadCategories(tx)).find((c) => c.id === row.id)!;
          });
          return { data: { category }, meta: { message: translate(req.locale, 'eudr_category_saved') } };
        },
      );
  };
}
