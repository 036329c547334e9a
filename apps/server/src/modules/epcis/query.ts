import { createHash } from 'node:crypto';
import { and, asc, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  EPCIS_PER_PAGE_DEFAULT,
  TRACE_STEP_CBV,
  withCheckDigit,
  type EpcisEventsQuery,
  type TraceStep,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { locations, traceEvents, traceabilities, transformationInputs } from '../../db/schema/index.js';
import type { EventRow } from '../traceabilities/presenter.js';
import { bizStepWord } from './capture.js';
import type { EpcisCaller } from './caller.js';
import { resolveLots } from './lots.js';
import { EpcisProblem } from './problems.js';

const own = sql`${traceEvents.origin} = 'own'`;
const captured = sql`${traceEvents.origin} = 'captured'`;
const ev = sql`${traceEvents.epcisEvent}`;
const NONE = sql`false`;

/** The trace events a producer's `/epcis` sees (ADR 040): every event of its lots, and the events it captured. */
export function visibleTo(caller: EpcisCaller): SQL {
  return or(
    sql`${traceEvents.traceabilityId} in (select id from ${traceabilities} where ${traceabilities.producerId} = ${caller.producerId} and ${traceabilities.platform} = ${caller.platform})`,
    sql`${traceEvents.id} in (select trace_event_id from epcis_capture_events where producer_id = ${caller.producerId})`,
  )!;
}

const inList = (expr: SQL, values: string[]) =>
  values.length
    ? sql`${expr} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : NONE;
/** A captured event whose list field holds one of the values (jsonb containment). */
const listHas = (field: string, values: string[], wrap: (v: string) => unknown) =>
  or(...values.map((v) => sql`coalesce(${ev} -> ${field}, '[]'::jsonb) @> ${JSON.stringify([wrap(v)])}::jsonb`))!;
const either = (ownCond: SQL, capturedCond: SQL) => or(and(own, ownCond), and(captured, capturedCond))!;

/** The spellings of a business step a captured event may carry. */
function bizStepForms(values: string[]): { words: string[]; forms: string[] } {
  const words = values.map(bizStepWord).filter((w): w is string => !!w);
  const forms = [
    ...values,
    ...words.flatMap((w) => [w, `https://ref.gs1.org/cbv/BizStep-${w}`, `urn:epcglobal:cbv:bizstep:${w}`]),
  ];
  return { words, forms: [...new Set(forms)] };
}

/** The producer's locations an EQ_bizLocation value names: an SGLN of its GLN, or this site's URI of it. */
async function locationIdsOf(db: Db, base: string, values: string[]): Promise<number[]> {
  const glns: string[] = [];
  const ids: number[] = [];
  for (const v of values) {
    const sgln = /^urn:epc:id:sgln:(\d+)\.(\d*)\.0$/.exec(v);
    if (sgln && sgln[1].length + sgln[2].length === 12) glns.push(withCheckDigit(sgln[1] + sgln[2]));
    const uri = v.startsWith(`${base}/locations/`) ? /^(\d{1,9})$/.exec(v.slice(base.length + 11)) : null;
    if (uri) ids.push(Number(uri[1]));
  }
  const or_: SQL[] = [];
  if (glns.length) or_.push(inArray(locations.gln, glns));
  if (ids.length) or_.push(and(inArray(locations.id, ids), isNull(locations.gln))!);
  if (!or_.length) return [];
  return (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(or(...or_))
  ).map((r) => r.id);
}

/** The SQL of the query's filters (ADR 040: the same meaning for the producer's events and the captured ones). */
export async function filtersOf(db: Db, base: string, caller: EpcisCaller, q: EpcisEventsQuery): Promise<SQL[]> {
  const where: SQL[] = [visibleTo(caller)];
  if (q.GE_eventTime) where.push(gte(traceEvents.occurredAt, q.GE_eventTime));
  if (q.LT_eventTime) where.push(lt(traceEvents.occurredAt, q.LT_eventTime));
  if (q.eventType) {
    const ownTypes = [
      q.eventType.includes('ObjectEvent') ? isNull(traceEvents.transformationId) : NONE,
      q.eventType.includes('TransformationEvent') ? isNotNull(traceEvents.transformationId) : NONE,
    ];
    where.push(either(or(...ownTypes)!, inList(sql`${ev} ->> 'type'`, q.eventType)));
  }
  if (q.EQ_bizStep) {
    const { words, forms } = bizStepForms(q.EQ_bizStep);
    const steps = (Object.entries(TRACE_STEP_CBV) as [TraceStep, string][])
      .filter(([, w]) => words.includes(w))
      .map(([s]) => s);
    where.push(either(inList(sql`${traceEvents.step}`, steps), inList(sql`${ev} ->> 'bizStep'`, forms)));
  }
  if (q.EQ_bizLocation) {
    const ids = await locationIdsOf(db, base, q.EQ_bizLocation);
    const ownCond = ids.length ? inArray(traceEvents.locationId, ids) : NONE;
    where.push(either(ownCond, inList(sql`${ev} -> 'bizLocation' ->> 'id'`, q.EQ_bizLocation)));
  }
  if (q.EQ_transformationID) {
    where.push(and(captured, inList(sql`${ev} ->> 'transformationID'`, q.EQ_transformationID))!);
  }
  if (q.MATCH_anyEPC) {
    const values = q.MATCH_anyEPC;
    where.push(
      and(
        captured,
        or(
          ...['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'].map((f) => listHas(f, values, (v) => v)),
          inList(sql`${ev} ->> 'parentID'`, values),
        ),
      )!,
    );
  }
  if (q.MATCH_anyEPCClass) {
    const values = q.MATCH_anyEPCClass;
    const lots = [...new Set([...(await resolveLots(db, caller.platform, values)).values()].map((l) => l.id))];
    const onLots = lots.length ? inArray(traceEvents.traceabilityId, lots) : NONE;
    const asInput = lots.length
      ? sql`${traceEvents.transformationId} in (select ${transformationInputs.transformationId} from ${transformationInputs} where ${inArray(transformationInputs.lotId, lots)})`
      : NONE;
    const named = or(
      ...['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].map((f) =>
        listHas(f, values, (v) => ({ epcClass: v })),
      ),
    )!;
    where.push(either(or(onLots, asInput)!, or(onLots, named)!));
  }
  return where;
}

/** The page token: where the last page ended, bound to the query it pages (a token of another query is refused). */
interface Cursor {
  t: string;
  i: number;
  f: string;
}
export function fingerprint(caller: EpcisCaller, q: EpcisEventsQuery): string {
  const { nextPageToken: _t, perPage: _p, ...filters } = q;
  const canon = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(`${caller.producerId}\n${canon}`).digest('base64url').slice(0, 16);
}
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(token: string, f: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (
      typeof c.t === 'string' &&
      !Number.isNaN(Date.parse(c.t)) &&
      Number.isSafeInteger(c.i) &&
      c.i > 0 &&
      c.i < 2 ** 31 &&
      c.f === f
    )
      return c;
  } catch {
    // refused below
  }
  throw EpcisProblem.query('epcis_query_page_token');
}

/** One page of the query (keyset on event time, then id): the rows and the next page's token. */
export async function pageEvents(
  db: Db,
  base: string,
  caller: EpcisCaller,
  q: EpcisEventsQuery,
): Promise<{ rows: EventRow[]; next: string | null }> {
  const f = fingerprint(caller, q);
  const where = await filtersOf(db, base, caller, q);
  if (q.nextPageToken) {
    const c = decode(q.nextPageToken, f);
    const t = new Date(c.t);
    where.push(or(gt(traceEvents.occurredAt, t), and(sql`${traceEvents.occurredAt} = ${t}`, gt(traceEvents.id, c.i)))!);
  }
  const perPage = q.perPage ?? EPCIS_PER_PAGE_DEFAULT;
  const rows = await db
    .select()
    .from(traceEvents)
    .where(and(...where))
    .orderBy(asc(traceEvents.occurredAt), asc(traceEvents.id))
    .limit(perPage + 1);
  const more = rows.length > perPage;
  const page = more ? rows.slice(0, perPage) : rows;
  const last = page[page.length - 1];
  return {
    rows: page,
    next: more && last ? encode({ t: new Date(last.occurredAt).toISOString(), i: last.id, f }) : null,
  };
}
