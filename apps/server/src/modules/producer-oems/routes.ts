import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import {
  errorEnvelope,
  historyQuery,
  idParam,
  producerOemAnswer,
  producerOemCreate,
  producerOemExportRequest,
  producerOemHistoryAnswer,
  producerOemListAnswer,
  producerOemListQuery,
  producerOemUpdate,
  todayInVietnam,
  translate,
} from '@agrihub/contract';
import { producerOems } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { notFound } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { textSearch } from '../../lib/search.js';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-export.js';
import { findOemView, oemFilterWhere, oemListSpec, oemViews, presentOem } from './queries.js';
import { createOem, updateOem } from './save.js';
import { streamOemsXlsx } from './xlsx.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };
const tags = ['admin oems'];

/**
 * OEM producers in the back office (DESIGN §5.5, spec §7 admin producer_oems): list with filters,
 * read, create, change, history, XLSX export — all on the request's platform (another platform's
 * OEM is not found). Abilities on `producer_oem`: read (list, read, history, export), create, update.
 */
export default async function producerOemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (req: FastifyRequest, id: number) => {
    const v = await findOemView(app.db, requestScope(req).platform, id);
    if (!v) throw notFound();
    return presentOem(v);
  };
  const actorOf = (req: FastifyRequest) => {
    const scope = requestScope(req);
    return { platform: scope.platform, userId: scope.userId };
  };

  r.get(
    '/api/v1/admin/producer_oems',
    {
      config: { access: 'admin', ability: ['read', 'producer_oem'] },
      schema: {
        tags,
        summary:
          "The platform's OEM producers: q (name, tax code, contact, address; accent-free), province_code, category_id (with its subtree), capacity_min/max (monthly capacity), active, certificate (expiring within 60 days or expired); sort; paging",
        querystring: producerOemListQuery,
        response: { 200: producerOemListAnswer, ...errors },
      },
    },
    async (req) => {
      const today = todayInVietnam();
      const spec = oemListSpec(today);
      const list = listPlan(req.query, spec);
      const where = and(
        await oemFilterWhere(app.db, platformOf(producerOems, requestScope(req)), req.query, today),
        list.search,
      );
      const [rows, [{ n }]] = await Promise.all([
        oemViews(app.db)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ n: count() }).from(producerOems).where(where),
      ]);
      return { data: { producer_oems: rows.map((v) => presentOem(v, today)) }, meta: list.meta(n) };
    },
  );

  r.get(
    '/api/v1/admin/producer_oems/:id',
    {
      config: { access: 'admin', ability: ['read', 'producer_oem'] },
      schema: {
        tags,
        summary: 'One OEM producer of the platform, its certificates with their validity',
        params: idParam,
        response: { 200: producerOemAnswer, ...errors },
      },
    },
    async (req) => ({ data: { producer_oem: await answer(req, req.params.id) } }),
  );

  r.get(
    '/api/v1/admin/producer_oems/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'producer_oem'] },
      schema: {
        tags,
        summary: "The OEM producer's history: created, edits (changed fields, before → after), expiry notices sent",
        params: idParam,
        querystring: historyQuery,
        response: { 200: producerOemHistoryAnswer, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: producerOems.id })
        .from(producerOems)
        .where(and(eq(producerOems.platform, requestScope(req).platform), eq(producerOems.id, req.params.id)));
      if (!row) throw notFound();
      return historyPage(app.db, 'producer_oem', row.id, true, req.query);
    },
  );

  r.post(
    '/api/v1/admin/producer_oems',
    {
      config: { access: 'admin', ability: ['create', 'producer_oem'] },
      schema: {
        tags,
        summary:
          'Add an OEM producer: name required; tax code (10 or 13 digits), phone, e-mail, http(s) website, province of the 34, categories of the catalogue (422 invalidCategory), capacity and MOQ with a unit, certificates with files among the platform uploads; active by default',
        body: producerOemCreate,
        response: { 201: producerOemAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const id = await createOem(app, actorOf(req), req.body);
      reply.status(201);
      return {
        data: { producer_oem: await answer(req, id) },
        meta: { message: translate(req.locale, 'producer_oem_created') },
      };
    },
  );

  r.put(
    '/api/v1/admin/producer_oems/:id',
    {
      config: { access: 'admin', ability: ['update', 'producer_oem'] },
      schema: {
        tags,
        summary:
          'Change an OEM producer: the fields sent (same rules as POST), the others kept; `{ active }` alone switches it on or off',
        params: idParam,
        body: producerOemUpdate,
        response: { 200: producerOemAnswer, ...errors },
      },
    },
    async (req) => {
      await updateOem(app, actorOf(req), req.params.id, req.body);
      return {
        data: { producer_oem: await answer(req, req.params.id) },
        meta: { message: translate(req.locale, 'producer_oem_updated') },
      };
    },
  );

  r.post(
    '/api/v1/admin/producer_oems/export',
    {
      config: { access: 'admin', ability: ['read', 'producer_oem'] },
      schema: {
        tags,
        summary:
          "The platform's OEM producers as XLSX: exportAllData (every one) or exportAsFilter (the list's filters and/or ids)",
        body: producerOemExportRequest,
        response: { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const today = todayInVietnam();
      const scope = platformOf(producerOems, requestScope(req));
      const where =
        b.mode === 'exportAllData'
          ? scope
          : and(
              await oemFilterWhere(app.db, scope, b, today),
              b.q ? textSearch(b.q, ...oemListSpec(today).search) : undefined,
            )!;
      const stream = await streamOemsXlsx(app.db, where, req.locale, today);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(`nha-san-xuat-oem-${today}.xlsx`))
        .send(stream as never);
    },
  );
}
