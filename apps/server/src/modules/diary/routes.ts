import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  diaryContext as diaryContextSchema,
  diaryEntry,
  diaryEntryListQuery,
  diaryEntryRequest,
  diaryErrorEnvelope,
  envelope,
  errorEnvelope,
  listEnvelope,
  translate,
} from '@agrihub/contract';
import { diaryEntries } from '../../db/schema/index.js';
import { cappedCount, pagePlan } from '../../lib/list.js';
import { ownedBy, producerScope } from '../../lib/scope.js';
import type { Actor } from '../traceabilities/service.js';
import { createEntry } from './create.js';
import { diaryContext } from './context.js';
import { loadEntries } from './service.js';

const tags = ['diary'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/**
 * The farm diary (DESIGN §5.8, ADR 044): the phone's offline context, the entries it sends (each
 * exactly once, by its idempotency key) and the diary's list. The producer's own only.
 */
export default async function diaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('entry', diaryEntry);

  r.get(
    '/api/v1/diary/context',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'What the phone keeps to keep the diary offline: plots with their safe-to-harvest date, open lots, products, the last year’s sprayings',
        response: { 200: z.object({ data: diaryContextSchema }), ...errors },
      },
    },
    async (req) => ({ data: await diaryContext(app.db, producerScope(req)) }),
  );

  r.post(
    '/api/v1/diary/entries',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Record a diary entry, exactly once per idempotency key (201; the same key and body again: 200 with Idempotent-Replayed; another body: 409)',
        body: diaryEntryRequest,
        response: { 200: one, 201: one, ...errors, 422: diaryErrorEnvelope },
      },
    },
    async (req, reply) => {
      const actor: Actor = producerScope(req);
      const { entry, created } = await createEntry(app, actor, req.body);
      if (!created) reply.header('Idempotent-Replayed', 'true');
      return reply
        .status(created ? 201 : 200)
        .send({ data: { entry }, meta: { message: translate(req.locale, 'diary_entry_created') } });
    },
  );

  r.get(
    '/api/v1/diary/entries',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The producer’s diary, newest first (of one plot or one lot)',
        querystring: diaryEntryListQuery,
        response: { 200: listEnvelope('entries', diaryEntry), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const q = req.query;
      const plan = pagePlan(q);
      const where = and(
        ownedBy(diaryEntries, actor),
        q.location_id ? eq(diaryEntries.locationId, q.location_id) : undefined,
        q.traceability_id ? eq(diaryEntries.traceabilityId, q.traceability_id) : undefined,
      )!;
      const [entries, total] = await Promise.all([
        loadEntries(app.db, where, plan.limit, plan.offset),
        cappedCount(app.db, diaryEntries, where),
      ]);
      return { data: { entries }, meta: plan.meta(total) };
    },
  );
}
