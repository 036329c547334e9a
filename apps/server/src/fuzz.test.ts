/**
 * Fuzz test: every route of the OpenAPI document (read from the app, not a hand list), every
 * path param, query param and body field, with a table of nasty values, anonymously, as a
 * producer and as an administrator. No answer may be a 5xx. Deterministic (no random values).
 * Hidden routes (GS1 Digital Link, the SPA, /uploads) and the multipart uploads are walked too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, json, type TestApp, createTestApp } from '../test/helper.js';
import { buildUser, TEST_PASSWORD, type Built } from '../test/factories.js';
import { multipart } from '../test/multipart.js';
import { catalogFixture } from './modules/products/test-support.js';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  default?: unknown;
  format?: string;
  pattern?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  tags?: string[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** Values a JSON text field may be given instead of a good one. */
const NASTY_TEXT_JSON: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀🌾',
  '\u202Eexe.pdf',
  '../../etc/passwd',
  '',
  '   ',
  'x'.repeat(70_000),
  '2147483648',
  "' OR 1=1 --",
];
/** … a date or date-time field … */
const NASTY_DATES: unknown[] = [
  '',
  '\u0000',
  '\ud800',
  '2024-13-01',
  '2024-02-30',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-02-30T08:00:00+07:00',
  '0001-01-01T00:00:00+05:00',
  '9999-12-31T23:00:00-05:00',
  '99999-01-01',
];
/** … a number field … */
const NASTY_NUMBERS: unknown[] = [2147483647, 2147483648, -2147483649, 9e99, -1, 0, 1.5, 1e308, 2 ** 53, '1'];
/** … and any field: the wrong shape. */
const NASTY_SHAPES: unknown[] = [null, [], {}, 2147483648, '\u0000'];
const NASTY_CONTAINERS: unknown[] = [true, ['\u0000'], [2147483648], { a: '\u0000', '\u0000': 1 }, '\ud800'];
/** The few values every field gets from the identities that are not the route's own (guards run first). */
const FEW: unknown[] = ['\u0000', '\ud800', 2147483648, '0000-01-01', []];

/** A field left out of the good body. */
const OMIT = Symbol('omit');

/** The nasty values for a field of this schema: its own type's table, plus the wrong shapes. */
function nastyFor(s: JsonSchema): unknown[] {
  const inner = s.anyOf?.find((x) => x.type !== 'null') ?? s;
  const type = Array.isArray(inner.type) ? inner.type.find((x) => x !== 'null') : inner.type;
  const isDate = !!inner.format?.startsWith('date') || !!inner.pattern?.includes('\\d{4}');
  if (type === 'string') return [...(isDate ? NASTY_DATES : NASTY_TEXT_JSON), ...NASTY_SHAPES];
  if (type === 'integer' || type === 'number') return [...NASTY_NUMBERS, ...NASTY_SHAPES];
  return [...NASTY_SHAPES, ...NASTY_CONTAINERS];
}

/** Already percent-encoded values for a path segment or a query value. */
const NASTY_ENCODED: string[] = [
  '%00',
  '%ED%A0%80', // a lone surrogate, as CESU-8
  '%E0%A4%A', // malformed percent-encoding
  '%FF',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '2147483648',
  '-2147483649',
  '9e99',
  '0x10',
  '-1',
  '0',
  '1.5',
  'Infinity',
  '%2e%2e%2f%2e%2e',
  '0000-01-01',
  '2024-13-01',
  '2024-02-30',
  'x'.repeat(3000),
  '%27%20OR%201%3D1%20--',
];

const FEW_ENCODED = ['%00', '%ED%A0%80', '2147483648', '9e99', '0000-01-01'];

/** Nasty text for a multipart field or a file name. */
const NASTY_TEXT = ['\u0000', 'a\u0000b', '😀', '\u202Egpj.exe', '../../x', 'x'.repeat(5000), '%00', '\r\n'];

let seq = 0;
/** Each request comes from its own address: per-client limits (votes, login) do not hide the deeper code. */
const nextAddress = () => {
  seq++;
  return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
};

describe('fuzz: bad input never answers 5xx', () => {
  let t: TestApp;
  let doc: Doc;
  let producer: Built;
  let admin: Built;
  let other: Built;
  let loginUser: Built;
  /** A read+capture API key of `producer`: the caller of the `apikey` routes (ADR 039). */
  let apiKey = '';
  const ids = {
    product: 1,
    approvedProduct: 1,
    pendingProduct: 1,
    batch: 1,
    publishedBatch: 1,
    event: 1,
    location: 1,
    vote: 1,
    category: 1,
    type: 1,
  };
  const codes = { batch: 'X', product: 'X' };
  let webDist: string;
  let sent = 0;
  let unsent = 0;
  /** Every 5xx: `where` groups them (method and route pattern), `what` shows one request. */
  const failures: { where: string; what: string }[] = [];

  /** Fails with the 5xx answers sent since `from`: counts per route, then examples. */
  function expectNo5xx(from: number) {
    const mine = failures.slice(from);
    const groups = new Map<string, number>();
    for (const f of mine) groups.set(f.where, (groups.get(f.where) ?? 0) + 1);
    const report = [...[...groups].map(([w, n]) => `${n} × ${w}`), ...mine.slice(0, 15).map((f) => f.what)].join('\n');
    expect(mine.length, report).toBe(0);
  }

  /** The route pattern being walked (groups the 5xx report); else the request's path. */
  let walking: string | null = null;

  async function send(label: string, opts: InjectOptions & { url: string }) {
    const where = walking ?? `${opts.method} ${opts.url.split('?')[0].slice(0, 80)}`;
    sent++;
    let status: number;
    let body: string;
    try {
      const res = await t.app.inject({ remoteAddress: nextAddress(), ...opts });
      status = res.statusCode;
      body = res.body;
    } catch {
      // The test client refused to build the request (e.g. a header it cannot send): nothing reached the server.
      unsent++;
      return 0;
    }
    // A 5xx, or a value that only the database refused (the errors plugin's last line of defence):
    // the request schema should have refused it first.
    if (status >= 500 || (status === 422 && body.includes('"code":"invalid_value"'))) {
      const payload = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload ?? '');
      failures.push({
        where: `${status} ${label} ${where}`,
        what: `${status} ${label} ${opts.method} ${opts.url.slice(0, 120)} ${payload.slice(0, 160)} → ${body.slice(0, 200)}`,
      });
    }
    return status;
  }

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-fuzz-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>AgriHub</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({
      WEB_DIST: webDist,
      LOGIN_RATE_LIMIT_PER_MIN: '1000000',
      FORGOT_RATE_LIMIT_PER_HOUR: '1000000',
      REGISTRATION_RATE_LIMIT_PER_HOUR: '1000000',
    });
    doc = t.app.swagger() as unknown as Doc;
    const cat = await catalogFixture(t.db);
    ids.category = cat.leaf;
    ids.type = cat.typeId;
    producer = await buildUser(t.db);
    other = await buildUser(t.db);
    loginUser = await buildUser(t.db);
    admin = await buildUser(t.db, { roles: ['admin'] });
    // Real records so that good ids reach the handlers' queries (through the API, as a client would).
    const post = async (url: string, u: Built, payload?: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: as(u), ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`fuzz setup ${url}: ${res.statusCode} ${res.body}`);
      return json(res).data;
    };
    const productBody = { name: 'Rau cải ngọt', category_id: ids.category, unit: 'Kg', price: { cents: 35000 } };
    ids.product = (await post('/api/v1/products', producer, productBody)).product.id;
    const approved = (await post('/api/v1/products', producer, { ...productBody, name: 'Chè Shan tuyết' })).product;
    ids.approvedProduct = approved.id;
    codes.product = approved.public_code;
    await post(`/api/v1/products/${approved.id}/register`, producer);
    await post(`/api/v1/admin/products/${approved.id}/approve`, admin);
    // Waiting for review: what the administrators' approve and reject act on.
    ids.pendingProduct = (await post('/api/v1/products', producer, { ...productBody, name: 'Gạo ST25' })).product.id;
    await post(`/api/v1/products/${ids.pendingProduct}/register`, producer);
    const batchBody = (lot: string) => ({
      product_id: approved.id,
      lot_code: lot,
      production_date: '2025-03-01',
      quantity: 100,
      unit: 'Kg',
    });
    const batch = (await post('/api/v1/traceabilities', producer, batchBody('LO-DRAFT'))).traceability;
    ids.batch = batch.id;
    ids.location = (
      await post('/api/v1/locations', producer, {
        kind: 'farm_plot',
        name: 'Lô cà phê A1',
        province_code: '01',
        geometry: { type: 'Point', coordinates: [108.05, 12.68] },
      })
    ).location.id;
    const event = { step: 'planting', occurred_at: '2025-03-01T08:00:00+07:00' };
    ids.event = (await post(`/api/v1/traceabilities/${batch.id}/events`, producer, event)).traceability.events[0].id;
    const pub = (await post('/api/v1/traceabilities', producer, batchBody('LO-PUB'))).traceability;
    await post(`/api/v1/traceabilities/${pub.id}/events`, producer, event);
    await post(`/api/v1/traceabilities/${pub.id}/publish`, producer);
    ids.publishedBatch = pub.id;
    codes.batch = pub.public_code;
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/votes',
      headers: { platform: 'dtrack' },
      payload: { code: pub.public_code, rating: 5 },
    });
    ids.vote = json(vote).data.vote.id;
    apiKey = (await post('/api/v1/api-keys', producer, { name: 'Fuzz', access: 'read_capture' })).secret;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
    console.log(`fuzz: ${sent - unsent} requests, ${failures.length} × 5xx`);
  });

  /** The id a path param gets when it is not the one being fuzzed. */
  function goodParam(route: string, name: string): string {
    if (name === 'eventId') return String(ids.event);
    if (name === 'code') return route.includes('/products/') ? codes.product : codes.batch;
    if (route.startsWith('/api/v1/admin/producers/')) return String(other.producerId);
    if (route.startsWith('/api/v1/producers/')) return String(producer.producerId);
    if (route.startsWith('/api/v1/admin/products/')) return String(ids.pendingProduct);
    if (route.includes('/products/')) return String(ids.product);
    if (route.includes('/votes/')) return String(ids.vote);
    if (route.includes('/traceabilities/') || route.includes('/eudr/lots/')) return String(ids.batch);
    if (route.includes('/locations/')) return String(ids.location);
    if (route.startsWith('/api/v1/admin/categories/')) return String(ids.category);
    return '1';
  }

  /** Good values by field name, for the fields a generic value would not pass. */
  function goodField(route: string, name: string): unknown {
    const byName: Record<string, unknown> = {
      email: `fuzz${seq}@example.vn`,
      username: loginUser.user.email,
      password: TEST_PASSWORD,
      // Wrong on purpose: the fuzzed change-password calls must not change the password or revoke the sessions.
      old_password: 'Wrong@123',
      phone: '0912345678',
      locale: 'vi',
      token: 'x'.repeat(40),
      lot_code: `LO-${seq}`,
      production_date: '2024-01-01',
      expiry_date: '2025-01-01',
      valid_until: '2030-01-01',
      occurred_at: '2024-01-01T08:00:00+07:00',
      category_id: ids.category,
      product_type_id: ids.type,
      product_id: ids.approvedProduct,
      quantity: 10,
      rating: 5,
      code: codes.batch,
      province_code: '01',
      origin_province_code: '01',
      origin_country: 'VN',
      tax_code: '0101234567',
      gtin: null,
      sku: `SKU-${seq}`,
      customer_sku: null,
      tax_rate: null,
      reason: 'Lý do kiểm thử',
      website: 'https://example.vn',
      mode: 'exportAllData',
      event_ids: [ids.event],
      ids: route.includes('producers') ? [other.producerId] : [ids.batch],
      status: route.includes('producers') ? 'approved' : undefined,
      variant_id: null,
      // A transformation's input: the producer's draft lot (a location is optional).
      lot_id: ids.batch,
      from: '2024-01-01',
      to: '2030-12-31',
      location_id: ids.location,
      gln: null,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [108, 12],
            [108.001, 12],
            [108.001, 12.001],
            [108, 12],
          ],
        ],
      },
      // Optional; any value but the record's own answers 409 before the save.
      updated_at: OMIT,
    };
    return byName[name];
  }

  /** A value that passes the field's schema where it can (enum, bounds, required fields). */
  function good(route: string, s: JsonSchema, name = ''): unknown {
    const named = goodField(route, name);
    if (named !== undefined) return named;
    if (s.oneOf) return good(route, s.oneOf[0], name);
    if (s.anyOf) return good(route, s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], name);
    if (s.enum) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties ?? {})) {
          const value = good(route, v, k);
          if (value !== OMIT) out[k] = value;
        }
        return out;
      }
      case 'array':
        return s.minItems && s.items ? [good(route, s.items)] : [];
      case 'integer':
      case 'number':
        return Math.max(1, s.minimum ?? 1);
      case 'boolean':
        return true;
      case 'string':
        if (s.format === 'date-time') return '2024-01-01T08:00:00+07:00';
        if (s.pattern?.includes('\\d{4}')) return '2024-01-01';
        return 'Giá trị thử'.padEnd(s.minLength ?? 0, 'x');
      default:
        return s.default ?? null;
    }
  }

  /** Every node of a body schema (objects, arrays, leaves) as a path; array items as index 0. */
  function paths(s: JsonSchema, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
    if (prefix.length) out.push(prefix);
    if (prefix.length > 6) return out;
    const inner = s.anyOf?.find((x) => x.type !== 'null') ?? s;
    for (const [k, v] of Object.entries(inner.properties ?? {})) paths(v, [...prefix, k], out);
    if (inner.items) paths(inner.items, [...prefix, 0], out);
    return out;
  }

  /** The schema of the node at `at`. */
  function schemaAt(s: JsonSchema, at: (string | number)[]): JsonSchema {
    let node = s;
    for (const key of at) {
      const inner = node.anyOf?.find((x) => x.type !== 'null') ?? node;
      node = (key === 0 ? inner.items : inner.properties?.[key as string]) ?? {};
    }
    return node;
  }

  /** `base` with `value` at `at`, creating array items from their schema on the way. */
  function withValue(route: string, s: JsonSchema, base: unknown, at: (string | number)[], value: unknown): unknown {
    if (!at.length) return value;
    const [head, ...rest] = at;
    const inner = s.anyOf?.find((x) => x.type !== 'null') ?? s;
    if (head === 0) {
      const item = inner.items ?? {};
      const current = Array.isArray(base) && base.length ? base[0] : good(route, item);
      return [withValue(route, item, current, rest, value)];
    }
    const prop = inner.properties?.[head as string] ?? {};
    const obj = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    const current = head in obj ? obj[head] : good(route, prop, head as string);
    return { ...obj, [head]: withValue(route, prop, current, rest, value) };
  }

  /** State-changing routes last (approval after rejection), and the session-ending ones at the very end. */
  function rank(route: string, method: string): number {
    if (route.endsWith('/logout')) return 3;
    if (method === 'delete' || route.endsWith('/approve')) return 2;
    if (/\/(publish|hold|release|recall|register|approve|reject|status|bulk|generate_sku|sku)$/.test(route)) return 1;
    return 0;
  }

  function operations() {
    const ops: { route: string; method: string; op: Operation }[] = [];
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) ops.push({ route, method, op });
    }
    return ops.sort((a, b) => rank(a.route, a.method) - rank(b.route, b.method));
  }

  it('walks every route of the OpenAPI document with nasty path params, queries and bodies', async () => {
    const from = failures.length;
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    const identities: [string, Record<string, string>][] = [
      ['anonymous', { platform: 'dtrack', locale: 'vi' }],
      ['producer', as(producer)],
      ['admin', as(admin, 'en')],
    ];
    const machine: [string, Record<string, string>] = [
      'machine',
      { platform: 'dtrack', locale: 'vi', authorization: `Bearer ${apiKey}` },
    ];
    /** The declared access of an OpenAPI path (`{id}` is the router's `:id`). */
    const accessOf = (route: string, method: string) =>
      t.app.routeTable.find(
        (r) =>
          r.url === route.replace(/\{(\w+)\}/g, ':$1') &&
          (Array.isArray(r.method) ? r.method : [r.method]).includes(method.toUpperCase() as never),
      )?.config?.access;
    for (const { route, method, op } of ops) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const bodies = bodySchema ? (bodySchema.oneOf ?? [bodySchema]) : [];
      const urlWith = (fuzzed?: string, value?: string) =>
        route.replace(/\{(\w+)\}/g, (_, name: string) => (name === fuzzed ? value! : goodParam(route, name)));
      const M = method.toUpperCase() as InjectOptions['method'];
      walking = `${M} ${route}`;
      const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
      const firstBody = () => (bodies[0] ? { payload: JSON.stringify(good(route, bodies[0])) } : {});
      // The route's own caller gets every value; the others (refused by the guards) a few.
      const publicRoute =
        (await send('probe', { method: M, url: urlWith(), headers: json(identities[0][1]), ...firstBody() })) !== 401;
      const keyRoute = accessOf(route, method) === 'apikey';
      const owner = publicRoute
        ? 'anonymous'
        : keyRoute
          ? 'machine'
          : route.startsWith('/api/v1/admin/')
            ? 'admin'
            : 'producer';
      // A key route's own caller is a machine client with an API key; nobody else calls it with one.
      for (const [who, headers] of keyRoute ? [...identities, machine] : identities) {
        const full = who === owner;
        const plain = { method: M, headers: json(headers) };
        // Path params.
        for (const p of pathParams) {
          for (const v of full ? NASTY_ENCODED : FEW_ENCODED) {
            await send(who, { ...plain, url: urlWith(p.name, v), ...firstBody() });
          }
        }
        // Query params, one at a time, and as repeated or bracketed keys.
        for (const q of queryParams) {
          for (const v of full ? NASTY_ENCODED : FEW_ENCODED) {
            await send(who, { ...plain, url: `${urlWith()}?${q.name}=${v}` });
          }
          await send(who, { ...plain, url: `${urlWith()}?${q.name}=1&${q.name}=2` });
          await send(who, { ...plain, url: `${urlWith()}?${q.name}[a]=%00` });
        }
        // Body fields, one at a time, in every variant of the body; a fresh good body each time
        // (unique e-mails, lot codes and SKUs), so that the nasty value reaches the inserts.
        for (const s of bodies) {
          await send(who, { ...plain, url: urlWith(), payload: JSON.stringify(good(route, s)) });
          for (const at of paths(s)) {
            for (const v of full ? nastyFor(schemaAt(s, at)) : FEW) {
              const payload = JSON.stringify(withValue(route, s, good(route, s), at, v));
              await send(who, { ...plain, url: urlWith(), payload });
            }
          }
        }
        // The whole body.
        for (const payload of ['null', '[]', '"\\u0000"', '2147483648', '{"a":', '{"\\ud800":"\\u0000"}']) {
          await send(who, { ...plain, url: urlWith(), payload });
        }
        await send(who, {
          method: M,
          headers: { ...headers, 'content-type': 'text/plain' },
          url: urlWith(),
          payload: 'x\u0000',
        });
        if (!full) continue;
        // Text headers.
        for (const [name, value] of [
          ['platform', '%00'],
          ['locale', 'x'.repeat(3000)],
          ['authorization', 'Bearer \u00ff\u00fe'],
          ['authorization', `Bearer ${'x'.repeat(5000)}`],
          ['if-none-match', '"\u00ff"'],
          ['x-api-key', '\u00ff\u00fe'],
          ['x-api-key', 'x'.repeat(5000)],
        ]) {
          await send(who, { ...plain, url: urlWith(), ...firstBody(), headers: { ...json(headers), [name]: value } });
        }
      }
    }
    walking = null;
    expectNo5xx(from);
  }, 600_000);

  it('sends /oauth/token form-encoded bodies with nasty fields', async () => {
    const from = failures.length;
    const enc = (o: Record<string, string>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    const bases: Record<string, string>[] = [
      {
        grant_type: 'password',
        username: encodeURIComponent(loginUser.user.email),
        password: encodeURIComponent(TEST_PASSWORD),
      },
      { grant_type: 'refresh_token', refresh_token: 'x'.repeat(40) },
    ];
    for (const base of bases) {
      for (const key of Object.keys(base)) {
        for (const v of [...NASTY_ENCODED, ...NASTY_TEXT.map((x) => encodeURIComponent(x))]) {
          await send('anonymous form', {
            method: 'POST',
            url: '/oauth/token',
            headers: { platform: 'dtrack', 'content-type': 'application/x-www-form-urlencoded' },
            payload: enc({ ...base, [key]: v }),
          });
        }
        await send('anonymous form', {
          method: 'POST',
          url: '/oauth/token',
          headers: { platform: 'dtrack', 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${enc(base)}&${key}=again`,
        });
      }
    }
    expectNo5xx(from);
  }, 120_000);

  it('sends the multipart upload routes bad fields, bad names and no file', async () => {
    const from = failures.length;
    // The document shows no body for them (the file is read by the handler): POSTs tagged uploads.
    const uploadRoutes = Object.entries(doc.paths)
      .filter(([, ms]) => ms.post && !ms.post.requestBody && ms.post.tags?.includes('uploads'))
      .map(([route]) => route);
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(2);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const url of uploadRoutes) {
      for (const headers of [{ platform: 'dtrack' }, as(producer), as(admin)]) {
        const statuses: number[] = [];
        const up = async (m: ReturnType<typeof multipart>) =>
          statuses.push(
            await send('multipart', {
              method: 'POST',
              url,
              headers: { ...headers, 'content-type': m.contentType },
              payload: m.payload,
            }),
          );
        await up(multipart(null));
        await up(multipart(null, { file: 'not a file' }));
        await up(multipart({ field: 'other', filename: 'a.png', data: png }));
        await up(multipart({ filename: 'empty.png', data: Buffer.alloc(0) }));
        await up(multipart({ filename: 'junk.png', data: Buffer.from('\u0000\u0001garbage') }));
        await up(multipart({ filename: 'cut.png', data: png.subarray(0, 20) }));
        for (const v of NASTY_TEXT) {
          await up(multipart({ filename: v, data: png }, { [v.slice(0, 50)]: v }));
          await up(multipart({ filename: 'a.png', data: png }, { name: v, description: v }));
        }
        await send('multipart', {
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nbroken',
        });
        await send('multipart', {
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'multipart/form-data' },
          payload: 'no boundary',
        });
        await send('multipart', { method: 'POST', url, headers, payload: { file: '\u0000' } });
        if ('authorization' in headers) expect(statuses.slice(0, 6).every((s) => s >= 400 && s < 500)).toBe(true);
      }
    }
    expectNo5xx(from);
  }, 120_000);

  it('sends nasty paths to the hidden routes: Digital Link, the SPA and /uploads', async () => {
    const from = failures.length;
    const segments = [...NASTY_ENCODED, '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5c..%5c'];
    const prefixes = [
      '/',
      '/trace/',
      '/trace/p/',
      '/uploads/',
      '/uploads/dtrack/',
      '/uploads/%2e%2e/',
      '/01/',
      '/01/4006381333931/10/',
      '/01/4006381333931/10/LOT/',
      '/01/4006381333931/21/',
      '/01/4006381333931?linkType=',
      '/01/4006381333931/10/LOT?17=',
      '/.well-known/',
      '/api/docs/',
      '/api/v1/',
      '/assets/',
    ];
    for (const prefix of prefixes) {
      for (const seg of segments) {
        for (const method of ['GET', 'HEAD'] as const) {
          await send('hidden', { method, url: `${prefix}${seg}`, headers: { locale: 'vi' } });
        }
      }
    }
    for (const url of [
      '/%E0%A4%A',
      '/%00',
      '/uploads/%2e%2e/x',
      '//uploads//..//..//etc/passwd',
      '/01/%00/10/%00',
      `/01/${'9'.repeat(14)}/10/${'%00'.repeat(60)}`,
    ]) {
      await send('hidden', { method: 'GET', url, headers: {} });
    }
    expectNo5xx(from);
  }, 120_000);
});
