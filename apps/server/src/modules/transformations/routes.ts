import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import {
  TRANSFORMATION_INPUT_LOTS_LIMIT,
  envelope,
  errorEnvelope,
  idParam,
  inputLot,
  inputLotQuery,
  listEnvelope,
  transformation,
  transformationListQuery,
  transformationRequest,
  translate,
} from '@agrihub/contract';
import { z } from 'zod';
import { traceabilities, transformations } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { ownedBy, producerScope } from '../../lib/scope.js';
import { createTransformation, loadTransformations, usableLots } from './service.js';

const TRANSFORMATION_LIST: ListSpec<'transformed_on' | 'created_at'> = {
  sorts: { transformed_on: transformations.transformedOn, created_at: transformations.createdAt },
  search: [traceabilities.lotCode],
  tiebreak: transformations.id,
};

/**
 * Transformations (ADR 036 §2): a producer makes a new lot from some of its own lots (made here or
 * received from partners). Create (one transaction), list, read, and the lots that can be inputs.
 */
export default async function transformationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('transformation', transformation);
  const errors = { 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  r.get(
    '/api/v1/transformations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['transformations'],
        summary: 'The producer’s transformations (q: the new lot’s code; sort by transformed_on or created_at)',
        querystring: transformationListQuery,
        response: { 200: listEnvelope('transformations', transformation), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const list = listPlan(req.query, TRANSFORMATION_LIST);
      const where = and(ownedBy(transformations, actor), list.search);
      const base = app.db
        .select({ id: transformations.id })
        .from(transformations)
        .innerJoin(traceabilities, eq(traceabilities.id, transformations.outputLotId))
        .where(where);
      const [page, [total]] = await Promise.all([
        base
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db
          .select({ n: count() })
          .from(transformations)
          .innerJoin(traceabilities, eq(traceabilities.id, transformations.outputLotId))
          .where(where),
      ]);
      const items = await loadTransformations(
        app.db,
        page.map((p) => p.id),
      );
      return { data: { transformations: items }, meta: list.meta(total?.n ?? 0) };
    },
  );

  r.get(
    '/api/v1/transformations/input_lots',
    {
      config: { access: 'user' },
      schema: {
        tags: ['transformations'],
        summary: `The producer’s lots that can be inputs (not on hold or recalled, something left), newest first, at most ${TRANSFORMATION_INPUT_LOTS_LIMIT}`,
        querystring: inputLotQuery,
        response: { 200: envelope('lots', z.array(inputLot)), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const lots = await usableLots(app.db, actor, req.query.q, req.query.include, TRANSFORMATION_INPUT_LOTS_LIMIT);
      return { data: { lots } };
    },
  );

  r.post(
    '/api/v1/transformations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['transformations'],
        summary:
          'Make a new draft lot from input lots: each input’s quantity is taken from what it has left (409 quantity_exceeds_remaining on inputs.<i>.quantity), all in one transaction',
        body: transformationRequest,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const id = await createTransformation(app, actor, req.body);
      const [item] = await loadTransformations(app.db, [id]);
      return reply
        .status(201)
        .send({ data: { transformation: item }, meta: { message: translate(req.locale, 'transformation_created') } });
    },
  );

  r.get(
    '/api/v1/transformations/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['transformations'], params: idParam, response: { 200: one, ...errors } },
    },
    async (req) => {
      const actor = producerScope(req);
      const [row] = await app.db
        .select({ id: transformations.id })
        .from(transformations)
        .where(and(eq(transformations.id, req.params.id), ownedBy(transformations, actor)))
        .limit(1);
      if (!row) throw notFound();
      const [item] = await loadTransformations(app.db, [row.id]);
      return { data: { transformation: item } };
    },
  );
}
