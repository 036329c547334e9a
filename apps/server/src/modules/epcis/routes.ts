import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  EPCIS_CAPTURE_MAX_BYTES,
  EPCIS_EVENT_TYPES,
  CBV_VERSION,
  EPCIS_PER_PAGE_DEFAULT,
  EPCIS_VERSION,
  GATES,
  epcisCaptureParam,
  epcisCapturesQuery,
  epcisEventParam,
  epcisEventsQuery,
} from '@agrihub/contract';
import { epcisCaptures, traceEvents, traceabilities } from '../../db/schema/index.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { EPCIS_CONTEXT } from '../traceabilities/epcis.js';
import type { EventRow } from '../traceabilities/presenter.js';
import { CAPTURE_ACCESS, READ_ACCESS, epcisCaller } from './caller.js';
import { captureDocument } from './capture.js';
import { mapOwnEvents, ownEventsOfLot } from './own-events.js';
import { EpcisProblem, captureLimitHeaders, epcisErrorHandler, epcisHeaders } from './problems.js';
import { pageEvents, visibleTo } from './query.js';
import { checkDocument } from './validate.js';

const tags = ['epcis'];

/** The methods of each binding endpoint the portal serves (OPTIONS' Allow), null for any other path. */
export function allowedMethods(path: string): string | null {
  const p = path.replace(/\/+$/, '');
  if (p === '/epcis/capture') return 'GET, POST, OPTIONS';
  if (/^\/epcis\/(capture\/[^/]+|events(\/[^/]+)?|eventTypes)$/.test(p)) return 'GET, OPTIONS';
  return null;
}
const QUERY_NAME = 'SimpleEventQuery';

/**
 * GS1's EPCIS 2.0 REST binding under `/epcis` (DESIGN §5.7, ADR 040): capture, capture jobs, the
 * events query, one event by its id, the event types. Machine clients with a producer's API key;
 * every answer scoped to that producer, every error an RFC 7807 EPCIS problem.
 */
export default async function epcisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  epcisErrorHandler(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    epcisHeaders(reply);
    return payload;
  });
  // JSON-LD is JSON: the binding's captures come as application/ld+json as often as application/json.
  app.addContentTypeParser(
    'application/ld+json',
    { parseAs: 'string', bodyLimit: EPCIS_CAPTURE_MAX_BYTES },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(EpcisProblem.validation('epcis_capture_not_json'), undefined);
      }
    },
  );

  /** The query document of a list of EPCIS events (the binding's EPCISQueryDocument). */
  const queryDocument = (base: string, eventList: unknown[]) => ({
    '@context': [EPCIS_CONTEXT, { ah: `${base}/epcis/ns#` }],
    type: 'EPCISQueryDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { queryResults: { queryName: QUERY_NAME, resultsBody: { eventList } } },
  });

  /** The EPCIS form of trace event rows, in their order: captured ones verbatim, own ones by the mapping. */
  async function epcisOf(base: string, rows: EventRow[]) {
    const mapped = await mapOwnEvents(app.db, base, rows);
    return rows.map((row) => (row.origin === 'captured' ? row.epcisEvent : mapped.get(row.id)));
  }

  r.post(
    '/epcis/capture',
    {
      config: CAPTURE_ACCESS,
      bodyLimit: EPCIS_CAPTURE_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Capture an EPCISDocument (JSON / JSON-LD, at most 10,000 events and 10 MB): all events or none; 202 with the capture job in Location',
      },
    },
    async (req, reply) => {
      const createdAt = new Date();
      const caller = await epcisCaller(app, req);
      const doc = checkDocument(req.body);
      const { captureId } = await captureDocument(app, caller, doc, publicBaseUrl(req, app.config), createdAt);
      captureLimitHeaders(reply);
      return reply.status(202).header('Location', `/epcis/capture/${captureId}`).send();
    },
  );

  /** A capture job as the binding's CaptureJob. */
  const jobOf = (job: typeof epcisCaptures.$inferSelect) => ({
    captureID: job.captureId,
    createdAt: new Date(job.createdAt).toISOString(),
    ...(job.finishedAt ? { finishedAt: new Date(job.finishedAt).toISOString() } : {}),
    running: job.running,
    success: job.success,
    errors: job.errors,
    captured: job.eventCount,
    new: job.newCount,
  });

  r.get(
    '/epcis/capture',
    {
      config: READ_ACCESS,
      schema: {
        tags,
        summary: 'The caller’s capture jobs, newest first: perPage, nextPageToken (Link rel="next")',
        querystring: epcisCapturesQuery,
      },
    },
    async (req, reply) => {
      const caller = await epcisCaller(app, req);
      const perPage = req.query.perPage ?? EPCIS_PER_PAGE_DEFAULT;
      const after = req.query.nextPageToken;
      const jobs = await app.db
        .select()
        .from(epcisCaptures)
        .where(
          and(
            eq(epcisCaptures.producerId, caller.producerId),
            eq(epcisCaptures.platform, caller.platform),
            after === undefined ? undefined : lt(epcisCaptures.id, after),
          ),
        )
        .orderBy(desc(epcisCaptures.id))
        .limit(perPage + 1);
      if (jobs.length > perPage) {
        const base = publicBaseUrl(req, app.config);
        const next = `perPage=${perPage}&nextPageToken=${jobs[perPage - 1].id}`;
        reply.header('Link', `<${base}/epcis/capture?${next}>; rel="next"`);
      }
      return jobs.slice(0, perPage).map(jobOf);
    },
  );

  r.get(
    '/epcis/capture/:captureID',
    {
      config: READ_ACCESS,
      schema: { tags, summary: 'A capture job of the caller (running, success, errors)', params: epcisCaptureParam },
    },
    async (req) => {
      const caller = await epcisCaller(app, req);
      const [job] = await app.db
        .select()
        .from(epcisCaptures)
        .where(and(eq(epcisCaptures.captureId, req.params.captureID), eq(epcisCaptures.producerId, caller.producerId)));
      if (!job) throw EpcisProblem.notFound();
      return jobOf(job);
    },
  );

  /**
   * OPTIONS on the binding's endpoints: the methods each allows and the versions and limits, as the
   * binding's OPTIONS answers them (a client learns them before its first key is checked; the answer
   * names no data, so it is public, like a CORS preflight).
   */
  // Where the platform traces (the group's feature) but without its entitlement: no key is asked.
  const optionsRule = { access: 'public', gate: { feature: GATES.batches.feature } } as const;
  r.options('/epcis/*', { config: optionsRule, schema: { hide: true } }, async (req, reply) => {
    const allow = allowedMethods(req.url.split('?')[0]);
    if (!allow) throw EpcisProblem.notFound();
    if (allow.includes('POST')) captureLimitHeaders(reply);
    return reply
      .status(204)
      .header('Allow', allow)
      .header('GS1-EPCIS-Min', EPCIS_VERSION)
      .header('GS1-EPCIS-Max', EPCIS_VERSION)
      .header('GS1-CBV-Min', CBV_VERSION)
      .header('GS1-CBV-Max', CBV_VERSION)
      .send();
  });

  r.get(
    '/epcis/events',
    {
      config: READ_ACCESS,
      schema: {
        tags,
        summary:
          'The caller’s EPCIS events (its own lots’ events and the events it captured), oldest first: eventType, GE_eventTime, LT_eventTime, EQ_bizStep, MATCH_anyEPC, MATCH_anyEPCClass, EQ_bizLocation, EQ_transformationID; perPage, nextPageToken (Link rel="next")',
        querystring: epcisEventsQuery,
      },
    },
    async (req, reply) => {
      const caller = await epcisCaller(app, req);
      const base = publicBaseUrl(req, app.config);
      const page = await pageEvents(app.db, base, caller, req.query);
      if (page.next) {
        const params = new URLSearchParams(req.raw.url?.split('?')[1] ?? '');
        params.delete('nextPageToken');
        params.set('nextPageToken', page.next);
        reply.header('Link', `<${base}/epcis/events?${params.toString()}>; rel="next"`);
      }
      return reply.type('application/ld+json').send(queryDocument(base, await epcisOf(base, page.rows)));
    },
  );

  r.get(
    '/epcis/events/:eventID',
    {
      config: READ_ACCESS,
      schema: {
        tags,
        summary: 'One of the caller’s events by its eventID (the CBV 2.0 hash), in an EPCISQueryDocument',
        params: epcisEventParam,
      },
    },
    async (req, reply) => {
      const caller = await epcisCaller(app, req);
      const base = publicBaseUrl(req, app.config);
      const id = req.params.eventID;
      const [hit] = await app.db
        .select()
        .from(traceEvents)
        .where(
          and(
            visibleTo(caller),
            or(eq(traceEvents.epcisHash, id), sql`${traceEvents.epcisEvent} ->> 'eventID' = ${id}`),
          ),
        )
        .limit(1);
      let event: unknown = hit?.epcisEvent;
      if (!hit) event = await findOwnEvent(base, caller.producerId, caller.platform, id);
      if (!event) throw EpcisProblem.notFound();
      return reply.type('application/ld+json').send(queryDocument(base, [event]));
    },
  );

  /**
   * An own event by its eventID: computed (ADR 040), so the producer's lots are walked a page of
   * lots at a time, each lot mapped as its export maps it; never the whole table in memory.
   */
  async function findOwnEvent(base: string, producerId: number, platform: string, id: string) {
    let after = 0;
    for (;;) {
      const lots = await app.db
        .select({ id: traceabilities.id })
        .from(traceabilities)
        .where(
          and(
            eq(traceabilities.producerId, producerId),
            eq(traceabilities.platform, platform),
            sql`${traceabilities.id} > ${after}`,
          ),
        )
        .orderBy(traceabilities.id)
        .limit(50);
      if (!lots.length) return null;
      for (const lot of lots) {
        const rows = await ownEventsOfLot(app.db, lot.id);
        const mapped = await mapOwnEvents(app.db, base, rows);
        for (const e of mapped.values()) if ((e as { eventID?: string }).eventID === id) return e;
      }
      after = lots[lots.length - 1].id;
    }
  }

  r.get(
    '/epcis/eventTypes',
    { config: READ_ACCESS, schema: { tags, summary: 'The EPCIS event types the caller’s repository holds' } },
    async (req) => {
      const caller = await epcisCaller(app, req);
      const present = await app.db.execute<{ t: string }>(sql`select distinct
          case when origin = 'captured' then epcis_event ->> 'type'
               when transformation_id is not null then 'TransformationEvent' else 'ObjectEvent' end as t
        from trace_events where ${visibleTo(caller)}`);
      const types = new Set(present.rows.map((x) => x.t));
      return EPCIS_EVENT_TYPES.filter((t) => types.has(t));
    },
  );
}
