import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { eq, sql } from 'drizzle-orm';
import { EPCIS_CAPTURE_MAX_EVENTS, withCheckDigit } from '@agrihub/contract';
import {
  chainEdges,
  epcisCaptures,
  locations,
  shipments,
  traceEvents,
  tradingPartners,
  type traceabilities,
} from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import schema from './gs1-epcis-2.0-json-schema.json' with { type: 'json' };

/**
 * EPCIS 2.0 REST (ADR 040) through the whole app: capture → query, each query parameter, paging,
 * key scopes, producer isolation, limits and refusals; every answer valid by GS1's schema.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

type Lot = typeof traceabilities.$inferSelect;
let t: TestApp;
let farm: Built;
let coop: Built;
let stranger: Built;
let f1: Lot;
let f2: Lot;
let c1: Lot;
let plotGln: string;
const keys = { farmCapture: '', farmRead: '', coopCapture: '', strangerCapture: '', revoked: '' };
let revokedId = 0;
let ip = 0;

/** `urn:epc:class:lgtin:` of a GTIN-14 and lot, with a 7-digit company prefix. */
const lgtin = (gtin14: string, lot: string) =>
  `urn:epc:class:lgtin:${gtin14.slice(1, 8)}.${gtin14[0]}${gtin14.slice(8, 13)}.${lot}`;
const CTX = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';
const doc = (eventList: object[]) => ({
  '@context': [CTX],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2025-05-01T00:00:00Z',
  epcisBody: { eventList },
});
const receiving = (epcClass: string, time = '2025-04-20T08:00:00.000+07:00', extra: object = {}) => ({
  type: 'ObjectEvent',
  eventTime: time,
  eventTimeZoneOffset: '+07:00',
  action: 'OBSERVE',
  bizStep: 'receiving',
  disposition: 'in_progress',
  epcList: [],
  quantityList: [{ epcClass, quantity: 10, uom: 'KGM' }],
  readPoint: { id: 'urn:epc:id:sgln:8934588.00099.0' },
  bizLocation: { id: 'urn:epc:id:sgln:8934588.00099.0' },
  ...extra,
});

async function createKey(u: Built, access: 'read' | 'read_capture', name = 'Hệ thống siêu thị') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: as(u),
    remoteAddress: `10.9.0.${++ip % 250}`,
    payload: { name, access },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { api_key: { id: number }; secret: string };
}
const machine = (
  key: string,
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  payload?: unknown,
  type = 'application/json',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.8.${++ip % 250}.1`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(payload ? { 'content-type': type } : {}) },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
const capture = (key: string, body: unknown, type?: string) => machine(key, 'POST', '/epcis/capture', body, type);

/** Every answer of a query: valid by GS1's schema, with the binding's headers; its events. */
async function query(key: string, qs = '') {
  const res = await machine(key, 'GET', `/epcis/events${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
  expect(res.headers['gs1-cbv-version']).toBe('2.0.0');
  const body = json(res);
  expect(validate(body) ? [] : validate.errors).toEqual([]);
  expect(body.type).toBe('EPCISQueryDocument');
  return {
    res,
    events: body.epcisBody.queryResults.resultsBody.eventList as Record<string, any>[],
  };
}
const ids = (events: Record<string, any>[]) => events.map((e) => e.eventID as string);
const counts = async () => {
  const [{ n }] = (
    await t.db.execute<{ n: number }>(sql`select count(*)::int as n from trace_events where origin = 'captured'`)
  ).rows;
  const [{ j }] = (await t.db.execute<{ j: number }>(sql`select count(*)::int as j from epcis_captures`)).rows;
  return { events: Number(n), jobs: Number(j) };
};
function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  type: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
  const p = json(res as never);
  expect(p).toMatchObject({ type: `epcisException:${type}`, status });
  expect(typeof p.title).toBe('string');
  return p as { detail: string };
}

beforeAll(async () => {
  t = await createTestApp();
  farm = await buildUser(t.db);
  coop = await buildUser(t.db);
  stranger = await buildUser(t.db);
  const cherries = await buildProduct(t.db, { producerId: farm.producerId!, name: 'Cà phê quả tươi' });
  const received = await buildProduct(t.db, { producerId: coop.producerId!, name: 'Cà phê quả', gtin: null });
  plotGln = withCheckDigit('893458800011');
  const [plot] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      kind: 'farm_plot',
      name: 'Lô A',
      provinceCode: '68',
      gln: plotGln,
    })
    .returning();
  f1 = await buildBatch(t.db, { productId: cherries.id, lotCode: 'F1', quantity: 500 });
  f2 = await buildBatch(t.db, { productId: cherries.id, lotCode: 'F2', quantity: 50 });
  c1 = await buildBatch(t.db, { productId: received.id, lotCode: 'C1', quantity: 495, status: 'draft' });
  await t.db.insert(traceEvents).values([
    {
      traceabilityId: f1.id,
      step: 'planting',
      occurredAt: new Date('2025-01-05T01:00:00Z'),
      locationId: plot.id,
      position: 0,
    },
    {
      traceabilityId: f1.id,
      step: 'harvesting',
      occurredAt: new Date('2025-04-05T01:00:00Z'),
      locationId: plot.id,
      position: 1,
    },
    { traceabilityId: f2.id, step: 'harvesting', occurredAt: new Date('2025-04-08T01:00:00Z'), position: 0 },
    { traceabilityId: c1.id, step: 'receiving', occurredAt: new Date('2025-04-07T01:00:00Z'), position: 0 },
  ]);
  const [coopAsPartner] = await t.db
    .insert(tradingPartners)
    .values({ platform: 'dtrack', producerId: farm.producerId!, name: 'HTX', linkedProducerId: coop.producerId })
    .returning();
  const [s1] = await t.db
    .insert(shipments)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      lotId: f1.id,
      quantity: 500,
      unit: 'Kg',
      partnerId: coopAsPartner.id,
      receiverProducerId: coop.producerId,
      shippedOn: '2025-04-06',
      status: 'received',
      receivedLotId: c1.id,
      receivedQuantity: 495,
      receivedOn: '2025-04-07',
    })
    .returning();
  await t.db.insert(chainEdges).values({
    platform: 'dtrack',
    fromLotId: f1.id,
    toLotId: c1.id,
    kind: 'shipment',
    sourceId: s1.id,
    quantity: 500,
    unit: 'Kg',
    occurredOn: '2025-04-06',
  });
  keys.farmCapture = (await createKey(farm, 'read_capture')).secret;
  keys.farmRead = (await createKey(farm, 'read')).secret;
  keys.coopCapture = (await createKey(coop, 'read_capture', 'HTX Cầu Đất')).secret;
  keys.strangerCapture = (await createKey(stranger, 'read_capture')).secret;
  const r = await createKey(farm, 'read_capture');
  keys.revoked = r.secret;
  revokedId = r.api_key.id;
});
afterAll(() => t.close());

describe('capture', () => {
  it('accepts a partner’s receiving event for the producer’s lot: 202, a readable job, the event on the lot’s timeline', async () => {
    const ev = receiving(lgtin(f1.gtin14!, 'F1'));
    const res = await capture(keys.farmCapture, doc([ev]), 'application/ld+json');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['gs1-epcis-capture-limit']).toBe(String(EPCIS_CAPTURE_MAX_EVENTS));
    expect(res.headers['gs1-epcis-capture-file-size-limit']).toBe(String(10 * 1024 * 1024));
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/epcis\/capture\/cap_/);

    const job = await machine(keys.farmRead, 'GET', location);
    expect(job.statusCode).toBe(200);
    expect(json(job)).toMatchObject({
      running: false,
      success: true,
      errors: [],
      captureID: location.split('/').pop(),
    });
    expect(Date.parse(json(job).createdAt)).not.toBeNaN();
    expect(Date.parse(json(job).finishedAt)).not.toBeNaN();

    const { events } = await query(keys.farmRead, '?EQ_bizStep=receiving');
    expect(events).toHaveLength(1);
    const { eventID, ...rest } = events[0];
    expect(rest).toEqual(ev);
    expect(eventID).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);

    const batch = json(await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${f1.id}`, headers: as(farm) }))
      .data.traceability;
    const shown = batch.events.find((e: { origin: string }) => e.origin === 'captured');
    expect(shown).toMatchObject({ step: 'receiving', captured_by: 'Hệ thống siêu thị' });
  });

  it('keeps an event captured twice once', async () => {
    const ev = receiving(lgtin(f1.gtin14!, 'F1'), '2025-04-21T08:00:00+07:00');
    const before = await counts();
    expect((await capture(keys.farmCapture, doc([ev]))).statusCode).toBe(202);
    const again = await capture(keys.farmCapture, doc([ev, ev]));
    expect(again.statusCode).toBe(202);
    expect((await counts()).events).toBe(before.events + 1);
    const job = json(await machine(keys.farmRead, 'GET', String(again.headers.location)));
    expect(job).toMatchObject({ success: true, captured: 2, new: 0 });
    const { events } = await query(
      keys.farmRead,
      '?GE_eventTime=2025-04-21T00:00:00%2B07:00&LT_eventTime=2025-04-22T00:00:00%2B07:00',
    );
    expect(events).toHaveLength(1);
  });

  const faults: [string, object, string][] = [
    ['an unknown CBV business step', { bizStep: 'https://ref.gs1.org/cbv/BizStep-harvest' }, 'bizStep'],
    ['an unknown bare business step', { bizStep: 'harvest' }, 'bizStep'],
    ['a bad EPC URN', { epcList: ['urn:epc:id:sgtin:123.45.6'] }, 'epcList.0'],
    ['an unknown EPC scheme', { epcList: ['urn:epc:id:foo:1.2'] }, 'epcList.0'],
    ['a bad check digit', { epcList: ['https://id.gs1.org/01/08934588000118/21/7'] }, 'epcList.0'],
    ['an impossible date', { eventTime: '2025-02-30T08:00:00+07:00' }, 'eventTime'],
    ['another producer’s lot', { quantityList: [{ epcClass: 'urn:epc:class:lgtin:X' }] }, 'quantityList'],
  ];
  it.each(faults)(
    'refuses the whole document for one event with %s, naming the event and field; nothing stored',
    async (_n, patch, field) => {
      const before = await counts();
      const good = receiving(lgtin(f1.gtin14!, 'F1'), '2025-04-22T08:00:00+07:00');
      const bad = { ...receiving(lgtin(f1.gtin14!, 'F1'), '2025-04-23T08:00:00+07:00'), ...patch };
      const res = await capture(keys.farmCapture, doc([good, bad, good]));
      const p = expectProblem(res, 400, 'ValidationException');
      expect(p.detail).toContain('1');
      expect(p.detail).toContain(field);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses an event naming a lot of a producer outside the caller’s chain, and takes one from its chain', async () => {
    const before = await counts();
    const theirs = await capture(keys.strangerCapture, doc([receiving(lgtin(f1.gtin14!, 'F1'))]));
    expect(expectProblem(theirs, 400, 'ValidationException').detail).toContain('quantityList.0.epcClass');
    const unknown = await capture(keys.strangerCapture, doc([receiving('urn:epc:class:lgtin:8934588.012345.NOPE')]));
    expectProblem(unknown, 400, 'ValidationException');
    expect(await counts()).toEqual(before);

    // The cooperative received F1: its receiving event may name the farm's lot.
    const ok = await capture(keys.coopCapture, doc([receiving(lgtin(f1.gtin14!, 'F1'), '2025-04-07T09:00:00+07:00')]));
    expect(ok.statusCode, ok.body).toBe(202);
    const { events } = await query(keys.farmRead, '?EQ_bizStep=receiving&LT_eventTime=2025-04-08T00:00:00Z');
    expect(events).toHaveLength(1);
  });

  it('refuses over 10,000 events and over 10 MB with CaptureLimitExceededException', async () => {
    const before = await counts();
    const ev = receiving(lgtin(f1.gtin14!, 'F1'));
    const many = await capture(keys.farmCapture, doc(Array.from({ length: EPCIS_CAPTURE_MAX_EVENTS + 1 }, () => ev)));
    expectProblem(many, 413, 'CaptureLimitExceededException');
    expect(many.headers['gs1-epcis-capture-limit']).toBe(String(EPCIS_CAPTURE_MAX_EVENTS));
    const big = JSON.stringify({ ...doc([ev]), pad: 'x'.repeat(10 * 1024 * 1024) });
    expectProblem(await capture(keys.farmCapture, big), 413, 'CaptureLimitExceededException');
    expectProblem(await capture(keys.farmCapture, '{"type": "EPCISDocument",'), 400, 'ValidationException');
    expectProblem(await capture(keys.farmCapture, { type: 'EPCISDocument' }), 400, 'ValidationException');
    expect(await counts()).toEqual(before);
  });
});

describe('keys', () => {
  it('refuses without a key (401), a read key’s capture (403) and a revoked key (401) as SecurityException', async () => {
    const body = doc([receiving(lgtin(f1.gtin14!, 'F1'))]);
    expectProblem(await machine('', 'GET', '/epcis/events'), 401, 'SecurityException');
    expectProblem(await capture(keys.farmRead, body), 403, 'SecurityException');
    expect((await machine(keys.revoked, 'GET', '/epcis/eventTypes')).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${revokedId}/revoke`, headers: as(farm) });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expectProblem(await machine(keys.revoked, 'GET', '/epcis/eventTypes'), 401, 'SecurityException');
    // A session token does not open the machine routes.
    const session = await t.app.inject({ method: 'GET', url: '/epcis/events', headers: as(farm) });
    expect([401, 403]).toContain(session.statusCode);
  });
});

describe('query', () => {
  it('answers the producer’s own events by the one mapping and the captured ones, oldest first', async () => {
    const { events } = await query(keys.farmRead, '?perPage=100');
    const times = events.map((e) => Date.parse(e.eventTime));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Planting and harvesting are both commissioning (ADR 038, GS1 US's FSMA 204 recommendations).
    expect(events.filter((e) => e.bizStep === 'https://ref.gs1.org/cbv/BizStep-commissioning')).toHaveLength(3);
    expect(events.some((e) => e.bizStep === 'receiving')).toBe(true);
    const types = json(await machine(keys.farmRead, 'GET', '/epcis/eventTypes'));
    expect(types).toEqual(['ObjectEvent']);
  });

  it('filters by eventType, times, bizStep, bizLocation, EPC class, EPC and transformation id', async () => {
    const transformation = {
      type: 'TransformationEvent',
      eventTime: '2025-04-25T08:00:00+07:00',
      eventTimeZoneOffset: '+07:00',
      transformationID: 'urn:uuid:7c5a3f5e-4c4e-4b7e-9d1e-0c8a0a1b2c3d',
      inputQuantityList: [{ epcClass: lgtin(f2.gtin14!, 'F2'), quantity: 5, uom: 'KGM' }],
      outputEPCList: ['urn:epc:id:sgtin:8934588.012345.77'],
      bizStep: 'commissioning',
    };
    expect((await capture(keys.farmCapture, doc([transformation]))).statusCode).toBe(202);

    const only = async (qs: string) => (await query(keys.farmRead, qs)).events;
    expect((await only('?eventType=TransformationEvent')).map((e) => e.type)).toEqual(['TransformationEvent']);
    expect((await only('?eventType=ObjectEvent|TransformationEvent&perPage=100')).length).toBeGreaterThan(3);
    expect(await only('?LT_eventTime=2025-01-06T00:00:00Z')).toHaveLength(1);
    expect((await only('?GE_eventTime=2025-04-25T00:00:00%2B07:00')).map((e) => e.type)).toEqual([
      'TransformationEvent',
    ]);
    // The farm's planting and two harvests (ADR 038) and the captured transformation: URI and bare word alike.
    const commissioning = await only('?EQ_bizStep=https://ref.gs1.org/cbv/BizStep-commissioning');
    expect(commissioning).toHaveLength(4);
    expect(await only('?EQ_bizStep=commissioning')).toHaveLength(4);
    const sgln = `urn:epc:id:sgln:${plotGln.slice(0, 7)}.${plotGln.slice(7, 12)}.0`;
    expect((await only(`?EQ_bizLocation=${sgln}`)).map((e) => e.bizStep)).toEqual([
      'https://ref.gs1.org/cbv/BizStep-commissioning',
      'https://ref.gs1.org/cbv/BizStep-commissioning',
    ]);
    expect(
      (await only('?EQ_bizLocation=urn:epc:id:sgln:8934588.00099.0')).every((e) => e.bizStep === 'receiving'),
    ).toBe(true);
    // F2's class: its own harvest and the transformation that used it.
    const f2Events = await only(`?MATCH_anyEPCClass=${encodeURIComponent(lgtin(f2.gtin14!, 'F2'))}`);
    expect(f2Events.map((e) => e.type)).toEqual(['ObjectEvent', 'TransformationEvent']);
    // The same lot by its Digital Link.
    const dl = `https://id.gs1.org/01/${f2.gtin14}/10/F2`;
    expect(ids(await only(`?MATCH_anyEPCClass=${encodeURIComponent(dl)}`))).toEqual(ids(f2Events));
    expect((await only('?MATCH_anyEPC=urn:epc:id:sgtin:8934588.012345.77')).map((e) => e.type)).toEqual([
      'TransformationEvent',
    ]);
    expect(await only(`?EQ_transformationID=${transformation.transformationID}`)).toHaveLength(1);
    expect(await only('?EQ_transformationID=urn:uuid:00000000-0000-4000-8000-000000000000')).toHaveLength(0);
    const types = json(await machine(keys.farmRead, 'GET', '/epcis/eventTypes'));
    expect(types).toEqual(['ObjectEvent', 'TransformationEvent']);
  });

  it('refuses bad parameters with QueryParameterException', async () => {
    for (const qs of [
      '?perPage=0',
      '?perPage=abc',
      '?GE_eventTime=2025-02-30T00:00:00Z',
      '?GE_eventTime=yesterday',
      '?eventType=FooEvent',
      '?EQ_bizStepp=receiving',
      '?nextPageToken=bm9wZQ',
    ]) {
      expectProblem(await machine(keys.farmRead, 'GET', `/epcis/events${qs}`), 400, 'QueryParameterException');
    }
  });

  it('pages on the server with Link rel="next" and a token bound to its query', async () => {
    const all = ids((await query(keys.farmRead, '?perPage=100')).events);
    const seen: string[] = [];
    let url: string | null = '/epcis/events?perPage=2';
    let pages = 0;
    while (url) {
      const res = await machine(keys.farmRead, 'GET', url);
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(validate(body) ? [] : validate.errors).toEqual([]);
      seen.push(...ids(body.epcisBody.queryResults.resultsBody.eventList));
      const link = res.headers.link as string | undefined;
      url = link
        ? new URL(/^<([^>]+)>; rel="next"$/.exec(link)![1]).pathname + new URL(/^<([^>]+)>/.exec(link)![1]).search
        : null;
      pages++;
    }
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
    const first = await machine(keys.farmRead, 'GET', '/epcis/events?perPage=2');
    const token = new URL(/^<([^>]+)>/.exec(String(first.headers.link))![1]).searchParams.get('nextPageToken')!;
    expectProblem(
      await machine(keys.farmRead, 'GET', `/epcis/events?perPage=2&EQ_bizStep=receiving&nextPageToken=${token}`),
      400,
      'QueryParameterException',
    );
  });

  it('finds one event by its eventID, and only the caller’s', async () => {
    const { events } = await query(keys.farmRead, '?perPage=100');
    for (const e of [events[0], events[events.length - 1]]) {
      const res = await machine(keys.farmRead, 'GET', `/epcis/events/${encodeURIComponent(e.eventID)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = json(res);
      expect(validate(body) ? [] : validate.errors).toEqual([]);
      expect(body.epcisBody.queryResults.resultsBody.eventList).toEqual([e]);
      expectProblem(
        await machine(keys.strangerCapture, 'GET', `/epcis/events/${encodeURIComponent(e.eventID)}`),
        404,
        'NoSuchNameException',
      );
    }
    expectProblem(
      await machine(keys.farmRead, 'GET', `/epcis/events/${encodeURIComponent('ni:///sha-256;00?ver=CBV2.0')}`),
      404,
      'NoSuchNameException',
    );
  });

  it('shows another producer nothing of mine, nor my capture jobs', async () => {
    const { events } = await query(keys.strangerCapture);
    expect(events).toEqual([]);
    expect(json(await machine(keys.strangerCapture, 'GET', '/epcis/eventTypes'))).toEqual([]);
    const [job] = await t.db
      .select()
      .from(epcisCaptures)
      .where(eq(epcisCaptures.producerId, farm.producerId!))
      .limit(1);
    expectProblem(
      await machine(keys.strangerCapture, 'GET', `/epcis/capture/${job.captureId}`),
      404,
      'NoSuchNameException',
    );
  });
});

describe('capture jobs and OPTIONS', () => {
  it('lists the caller’s capture jobs newest first, paged with Link rel="next", and no one else’s', async () => {
    const mine = await t.db
      .select({ id: epcisCaptures.captureId })
      .from(epcisCaptures)
      .where(eq(epcisCaptures.producerId, farm.producerId!))
      .orderBy(sql`${epcisCaptures.id} desc`);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const first = await machine(keys.farmRead, 'GET', '/epcis/capture?perPage=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(json(first).map((j: { captureID: string }) => j.captureID)).toEqual(mine.slice(0, 2).map((m) => m.id));
    expect(json(first)[0]).toMatchObject({ running: false, success: expect.any(Boolean) });
    const next = /<[^>]*(\/epcis\/capture\?[^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await machine(keys.farmRead, 'GET', next!);
    expect(json(second)[0].captureID).toBe(mine[2].id);
    expect(json(await machine(keys.strangerCapture, 'GET', '/epcis/capture'))).toEqual([]);
    expectProblem(
      await machine(keys.farmRead, 'GET', '/epcis/capture?nextPageToken=abc'),
      400,
      'QueryParameterException',
    );
    expectProblem(await machine('', 'GET', '/epcis/capture'), 401, 'SecurityException');
  });

  it('answers OPTIONS with each endpoint’s methods, the versions and (capture) the limits; an unknown path 404', async () => {
    const capture = await machine('', 'OPTIONS', '/epcis/capture');
    expect(capture.statusCode).toBe(204);
    expect(capture.headers.allow).toBe('GET, POST, OPTIONS');
    expect(capture.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(capture.headers['gs1-epcis-capture-limit']).toBe(String(EPCIS_CAPTURE_MAX_EVENTS));
    for (const url of [
      '/epcis/events',
      `/epcis/events/${encodeURIComponent('ni:///sha-256;ab?ver=CBV2.0')}`,
      '/epcis/eventTypes',
      '/epcis/capture/cap_x',
    ]) {
      const res = await machine('', 'OPTIONS', url);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers.allow, url).toBe('GET, OPTIONS');
      expect(res.headers['gs1-epcis-capture-limit'], url).toBeUndefined();
    }
    expectProblem(await machine('', 'OPTIONS', '/epcis/queries'), 404, 'NoSuchNameException');
  });
});

describe('round trip', () => {
  it('captures the portal’s export of a lot into a chain partner’s account and answers the same events', async () => {
    const exp = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${c1.id}/epcis`, headers: as(coop) });
    expect(exp.statusCode).toBe(200);
    const exported = JSON.parse(exp.body);
    expect(validate(exported) ? [] : validate.errors).toEqual([]);
    const own = exported.epcisBody.eventList as Record<string, any>[];
    expect(own.length).toBeGreaterThan(0);
    const res = await capture(keys.farmCapture, exported, 'application/ld+json');
    expect(res.statusCode, res.body).toBe(202);
    const { events } = await query(keys.farmRead, '?perPage=500');
    const byId = new Map(events.map((e) => [e.eventID, e]));
    for (const e of own) expect(byId.get(e.eventID)).toEqual(e);
    // Kept once: the lot's owner still sees each of its events once.
    const coopIds = ids((await query(keys.coopCapture, '?perPage=500')).events);
    expect(new Set(coopIds).size).toBe(coopIds.length);
  });
});
