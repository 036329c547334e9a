import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { QR_FILE_NAME, batchExportRequest, errorEnvelope, idParam, todayInVietnam } from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { publicBaseUrl, qrPng } from '../../lib/public-url.js';
import { EPCIS_CONTENT_TYPE, buildEpcis } from './epcis.js';
import { loadEpcisChain, prefixLengthOf } from './epcis-chain.js';
import { traceUrlOf } from './presenter.js';
import { producerScope } from '../../lib/scope.js';
import { eventsOf, findOwnBatch } from './service.js';
import { XLSX_CONTENT_TYPE, streamBatchesXlsx } from './xlsx.js';

/** EPCIS 2.0 document of a batch, XLSX of the batch list, QR code PNG of a batch. */
export default async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function productOf(productId: number) {
    const [p] = await app.db
      .select({ gtin: products.gtin, publicCode: products.publicCode })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    if (!p) throw notFound();
    return p;
  }

  r.get(
    '/api/v1/traceabilities/:id/epcis',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary:
          'The batch as an EPCIS 2.0 JSON-LD document (application/ld+json, attachment): its stages, and its shipping, receiving and transformation events from the supply chain',
        params: idParam,
        response: { 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const batch = await findOwnBatch(app.db, actor, req.params.id);
      const [events, product] = await Promise.all([eventsOf(app.db, batch.id), productOf(batch.productId)]);
      const base = publicBaseUrl(req, app.config);
      // The producer's own events by the mapping; partners' captured events (ADR 040) as they came.
      const own = events.filter((e) => e.origin === 'own');
      const [chain, prefixLength] = await Promise.all([
        loadEpcisChain(app.db, base, own),
        prefixLengthOf(app.db, batch.producerId),
      ]);
      const mapped = buildEpcis({ batch, events: own, product, base, chain, prefixLength });
      const byId = new Map(own.map((e, i) => [e.id, mapped.epcisBody.eventList[i] as unknown]));
      const eventList = events.map((e) => (e.origin === 'own' ? byId.get(e.id) : e.epcisEvent));
      const doc = { ...mapped, epcisBody: { eventList } };
      const name = `epcis-${batch.lotCode.replace(/[^A-Za-z0-9_.-]/g, '_')}.jsonld`;
      return reply
        .type(EPCIS_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(name))
        .send(JSON.stringify(doc, null, 2) as never);
    },
  );

  r.post(
    '/api/v1/traceabilities/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'The batch list as XLSX: exportAllData (every batch) or exportAsFilter (the filters and/or ids)',
        body: batchExportRequest,
        response: { 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const b = req.body;
      const filters =
        b.mode === 'exportAllData'
          ? { sort: b.sort }
          : { q: b.q, status: b.status, product_id: b.product_id, from: b.from, to: b.to, ids: b.ids, sort: b.sort };
      const stream = streamBatchesXlsx(app.db, actor, filters, publicBaseUrl(req, app.config), req.locale);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(`lo-hang-${todayInVietnam()}.xlsx`))
        .send(stream as never);
    },
  );

  r.get(
    '/api/v1/traceabilities/:id/qrcode',
    {
      config: { access: 'user' },
      schema: {
        tags: ['traceabilities'],
        summary: 'QR code PNG of the batch: GS1 Digital Link with the GTIN it printed (ADR 030), else /trace/{code}',
        params: idParam,
        response: { 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const batch = await findOwnBatch(app.db, actor, req.params.id);
      const product = await productOf(batch.productId);
      const png = await qrPng(traceUrlOf(publicBaseUrl(req, app.config), batch, product.gtin));
      return reply
        .type('image/png')
        .header('Content-Disposition', attachmentDisposition(QR_FILE_NAME))
        .header('Cache-Control', 'no-store')
        .send(png as never);
    },
  );
}
