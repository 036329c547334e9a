import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../../test/factories.js';

/**
 * The `/epcis` routes in the route table (each an API key route with its scope) and under fuzz:
 * nasty values in every path param, query param and document field, with a capture key. No 5xx,
 * and every refusal in the binding's problem shape.
 */
let t: TestApp;
let u: Built;
let key = '';
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  u = await buildUser(t.db);
  await buildBatch(t.db, { producerId: u.producerId!, lotCode: 'FZ1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: as(u),
    payload: { name: 'fuzz', access: 'read_capture' },
  });
  key = json(res).data.secret;
});
afterAll(() => t.close());

const NASTY: unknown[] = [
  '\u0000',
  '\ud800',
  '😀🌾',
  '',
  '   ',
  'x'.repeat(5000),
  '2147483648',
  "' OR 1=1 --",
  '2024-02-30T08:00:00+07:00',
  '0000-01-01T00:00:00Z',
  '99999-01-01T00:00:00Z',
  'urn:epc:id:sgtin:1.2.3',
  'https://id.gs1.org/01/00000000000000/10/%E0%A4%A',
  null,
  [],
  {},
  2147483648,
  -1,
  1e308,
  true,
];
const QUERY_PARAMS = [
  'eventType',
  'GE_eventTime',
  'LT_eventTime',
  'EQ_bizStep',
  'MATCH_anyEPC',
  'MATCH_anyEPCClass',
  'EQ_bizLocation',
  'EQ_transformationID',
  'perPage',
  'nextPageToken',
];
const EVENT = {
  type: 'ObjectEvent',
  eventTime: '2025-04-20T08:00:00+07:00',
  eventTimeZoneOffset: '+07:00',
  action: 'OBSERVE',
  bizStep: 'receiving',
  epcList: [],
  quantityList: [{ epcClass: 'urn:epc:class:lgtin:8934588.012345.FZ1', quantity: 1 }],
  readPoint: { id: 'urn:epc:id:sgln:8934588.00099.0' },
};
const DOC = {
  '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2025-05-01T00:00:00Z',
  epcisBody: { eventList: [EVENT] },
};

async function send(method: 'GET' | 'POST', url: string, payload?: string) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: `10.7.${++ip % 250}.1`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  expect(
    res.statusCode,
    `${method} ${url.slice(0, 120)} ${payload?.slice(0, 120) ?? ''}: ${res.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type'])).toContain('application/problem+json');
    expect(json(res).type).toMatch(/^epcisException:/);
  }
  return res;
}
/** A value in a URL: percent-encoded, a lone surrogate as the bytes a client would send. */
const text = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

describe('/epcis in the route table', () => {
  it('declares every /epcis route an API key route with a scope: capture to write, read to read', () => {
    const rows = t.app.routeTable
      .filter((r) => r.url.startsWith('/epcis'))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m !== 'HEAD')
          .map((m) => [m, r.url, r.config?.access, r.config?.apiScope]),
      );
    expect(rows.sort()).toEqual(
      [
        ['GET', '/epcis/capture/:captureID', 'apikey', 'read'],
        ['GET', '/epcis/eventTypes', 'apikey', 'read'],
        ['GET', '/epcis/events', 'apikey', 'read'],
        ['GET', '/epcis/events/:eventID', 'apikey', 'read'],
        ['POST', '/epcis/capture', 'apikey', 'capture'],
      ].sort(),
    );
  });
});

describe('fuzz', () => {
  it('answers nasty query and path values without a 5xx', async () => {
    for (const name of QUERY_PARAMS) {
      for (const v of NASTY) {
        await send('GET', `/epcis/events?${name}=${text(v)}`);
      }
    }
    for (const v of NASTY) {
      await send('GET', `/epcis/events/${text(v) || '%20'}`);
      await send('GET', `/epcis/capture/${text(v) || '%20'}`);
    }
  });

  it('answers nasty documents without a 5xx', async () => {
    const paths: (string[] | [string, ...string[]])[] = [
      ['type'],
      ['@context'],
      ['schemaVersion'],
      ['creationDate'],
      ['epcisBody'],
      ['epcisBody', 'eventList'],
      ...Object.keys(EVENT).map((k) => ['epcisBody', 'eventList', '0', k]),
      ['epcisBody', 'eventList', '0', 'quantityList', '0', 'epcClass'],
      ['epcisBody', 'eventList', '0', 'quantityList', '0', 'quantity'],
    ];
    for (const p of paths) {
      for (const v of NASTY) {
        const doc = structuredClone(DOC) as Record<string, any>;
        let at = doc;
        for (const k of p.slice(0, -1)) at = at[k];
        at[p[p.length - 1]] = v;
        await send('POST', '/epcis/capture', JSON.stringify(doc));
      }
    }
    for (const body of ['', 'null', '[]', '"x"', '{', '{"type":"EPCISDocument","epcisBody":{"eventList":{}}}']) {
      await send('POST', '/epcis/capture', body);
    }
  });
});
