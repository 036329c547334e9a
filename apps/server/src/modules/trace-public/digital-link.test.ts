import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { batchPublicUrl, productPublicUrl } from '../../lib/public-url.js';
import { LINKSET_TYPE } from './digital-link.js';

/**
 * The GS1 Digital Link resolver through the whole app (ADR 037). GS1's SDK `digital-link.js`
 * (CommonJS, no types) checks the links the portal prints.
 */
const require = createRequire(import.meta.url);
const { DigitalLink } = require('digital-link.js') as {
  DigitalLink: (uri: string) => { isValid(): boolean };
};

/**
 * RFC 9264 §4.2 linkset JSON with GS1's requirements (Digital Link 1.2 §8: every link with its
 * target, type and a human-readable title), written down from the two texts: GS1 publishes no
 * linkset schema on npm.
 */
const LINK = {
  type: 'object',
  required: ['href', 'type', 'title'],
  properties: {
    href: { type: 'string', pattern: '^https?://' },
    type: { type: 'string', minLength: 1 },
    title: { type: 'string', minLength: 1 },
    hreflang: { type: 'array', items: { type: 'string' } },
  },
};
const LINKSET_SCHEMA = {
  type: 'object',
  required: ['linkset'],
  additionalProperties: false,
  properties: {
    linkset: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['anchor', 'https://gs1.org/voc/defaultLink'],
        properties: {
          anchor: { type: 'string', pattern: '^https?://[^/]+/01/\\d{14}' },
          itemDescription: { type: 'string' },
          'https://gs1.org/voc/defaultLink': { type: 'array', minItems: 1, maxItems: 1, items: LINK },
        },
        patternProperties: { '^https?://': { type: 'array', minItems: 1, items: LINK } },
        additionalProperties: false,
      },
    },
  },
};
const validLinkset = new Ajv({ allErrors: true, strict: false }).compile(LINKSET_SCHEMA);

let t: TestApp;
let a: Built;
let gtin: string;
let productCode: string;
let lot: { id: number; public_code: string; lot_code: string };
let recalled: { id: number; public_code: string; lot_code: string };
const host = 'dtrack.localhost:3000';
const BASE = `http://${host}`;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  const p = await buildProduct(t.db, {
    producerId: a.producerId!,
    certificates: [{ name: 'VietGAP', issuer: 'TT Chứng nhận', number: 'VG-1', valid_until: '2099-01-01', file: null }],
  });
  productCode = p.publicCode;
  gtin = '08936000000011';
  lot = await publishedBatch(t, a, p.id, ['planting', 'harvesting'], {
    lot_code: 'DL-2025/07',
    certificates: [{ name: 'VietGAP', issuer: 'TT', number: 'VG-2', valid_until: '2099-01-01' }],
  });
  recalled = await publishedBatch(t, a, p.id, ['planting'], { lot_code: 'DL-RECALL' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/traceabilities/${recalled.id}/recall`,
    headers: as(a),
    payload: { reason: 'Nhiễm nấm mốc' },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, extra: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'OPTIONS' = 'GET') =>
  t.app.inject({ method, url, headers: { host, ...extra } });
const lotPath = () => `/01/${gtin}/10/DL-2025%2F07`;

describe('GS1 Digital Link resolver', () => {
  it('redirects (307) to the one default link, passing the query string on without linkType', async () => {
    const res = await get(`${lotPath()}?utm_source=qr&17=271231&linkType=gs1:defaultLink`);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(`${BASE}/trace/${lot.public_code}?utm_source=qr&17=271231`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toMatch(/Link/);
    expect(res.headers['access-control-expose-headers']).toMatch(/Location/);
    expect(String(res.headers.link)).toContain(`<${BASE}${lotPath()}?linkType=linkset>; rel="linkset"`);
    expect(String(res.headers.link)).toContain('<https://gs1.org/voc/?show=linktypes>; rel="linktypes"');
    // The GTIN alone: the product page; a trailing slash and an unpadded GTIN are the same link.
    for (const url of [`/01/${gtin}`, `/01/${gtin}/`, `/01/${gtin.slice(1)}`, `${lotPath()}/`]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(307);
      expect(r.headers.location, url).toBe(
        url.includes('/10/') ? `${BASE}/trace/${lot.public_code}` : `${BASE}/trace/p/${productCode}`,
      );
    }
  });

  it('answers HEAD like GET without a body, and OPTIONS with CORS', async () => {
    const head = await get(lotPath(), {}, 'HEAD');
    expect(head.statusCode).toBe(307);
    expect(head.headers.location).toBe(`${BASE}/trace/${lot.public_code}`);
    expect(head.body).toBe('');
    const options = await get(
      lotPath(),
      { origin: 'https://scanner.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(options.statusCode).toBe(204);
    expect(options.headers['access-control-allow-origin']).toBe('*');
    expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['access-control-expose-headers']).toMatch(/Location/);
  });

  it('declares GET, HEAD and OPTIONS on every answer, not only the preflight (GS1 suite methodsCheck)', async () => {
    const answers = [
      await get(lotPath()),
      await get(lotPath(), {}, 'HEAD'),
      await get(`${lotPath()}?linkType=linkset`),
      await get(`${lotPath()}/foo`),
      await get(`${lotPath()}?linkType=gs1:nosuchlt`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([307, 307, 200, 400, 404]);
    for (const r of answers) {
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('redirects each link type, in its prefixed and its full URI form, walking up to the GTIN', async () => {
    const page = `${BASE}/trace/${lot.public_code}`;
    for (const [type, where] of [
      ['gs1:pip', `${BASE}/trace/p/${productCode}`],
      ['https://gs1.org/voc/pip', `${BASE}/trace/p/${productCode}`],
      ['https://ref.gs1.org/voc/pip', `${BASE}/trace/p/${productCode}`],
      ['gs1:traceability', `${page}#events-title`],
      ['gs1:recallStatus', page],
      ['gs1:certificationInfo', page],
    ]) {
      const res = await get(`${lotPath()}?linkType=${encodeURIComponent(type)}&x=1`);
      expect(res.statusCode, type).toBe(307);
      expect(res.headers.location, type).toBe(where.replace(/(#.*)?$/, '?x=1$1'));
    }
    // The GTIN level: the product page has the certificates.
    expect((await get(`/01/${gtin}?linkType=gs1:certificationInfo`)).headers.location).toBe(`${BASE}/trace/p/${productCode}`);
    // No public EPCIS interface yet (ADR 037): a known type without a link is a 404, in JSON.
    const epcis = await get(`${lotPath()}?linkType=gs1:epcis`);
    expect(epcis.statusCode).toBe(404);
    expect(json(epcis).meta.code).toBe('dl_link_unavailable');
  });

  it('answers the RFC 9264 linkset for linkType=linkset and for Accept: application/linkset+json', async () => {
    for (const res of [
      await get(`${lotPath()}?linkType=linkset`),
      await get(lotPath(), { accept: 'application/linkset+json' }),
      await get(`${lotPath()}?linkType=all`),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(LINKSET_TYPE);
      expect(String(res.headers.link)).toContain('rel="linktypes"');
      // GS1's JSON-LD context for linksets, as the resolver standard asks (the suite's linksetJsonldCheck).
      expect(String(res.headers.link)).toContain(
        '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
      );
      const body = JSON.parse(res.body);
      expect(validLinkset(body), JSON.stringify(validLinkset.errors)).toBe(true);
      const [lotLevel, gtinLevel] = body.linkset;
      expect(lotLevel.anchor).toBe(`${BASE}${lotPath()}`);
      expect(lotLevel['https://gs1.org/voc/defaultLink']).toEqual([
        { href: `${BASE}/trace/${lot.public_code}`, type: 'text/html', title: 'Truy xuất nguồn gốc lô DL-2025/07' },
      ]);
      expect(Object.keys(lotLevel)).toEqual(
        expect.arrayContaining([
          'https://gs1.org/voc/traceability',
          'https://gs1.org/voc/recallStatus',
          'https://gs1.org/voc/certificationInfo',
        ]),
      );
      expect(lotLevel['https://gs1.org/voc/recallStatus'][0].title).toBe(
        'Tình trạng thu hồi: lô DL-2025/07 không bị thu hồi',
      );
      // Every level up to the GTIN.
      expect(gtinLevel.anchor).toBe(`${BASE}/01/${gtin}`);
      expect(gtinLevel['https://gs1.org/voc/pip'][0].href).toBe(`${BASE}/trace/p/${productCode}`);
    }
    const recall = JSON.parse((await get(`/01/${gtin}/10/DL-RECALL?linkType=linkset`, { locale: 'en' })).body);
    expect(recall.linkset[0]['https://gs1.org/voc/recallStatus'][0].title).toBe(
      'Recall status: lot DL-RECALL has been recalled',
    );
  });

  it('resolves /21/{serial} when the serial is a published batch’s public code of that GTIN', async () => {
    const res = await get(`/01/${gtin}/21/${lot.public_code.slice(0, 20)}`);
    if (lot.public_code.length <= 20) {
      expect(res.statusCode).toBe(307);
      expect(res.headers.location).toBe(`${BASE}/trace/${lot.public_code}`);
    } else {
      expect(res.statusCode).toBe(404);
    }
    expect((await get(`/01/${gtin}/21/NOSUCHSERIAL`)).statusCode).toBe(404);
    // A serial after the lot: the lot's links.
    expect((await get(`${lotPath()}/21/ANY1`)).headers.location).toBe(`${BASE}/trace/${lot.public_code}`);
  });

  it('answers an unknown link type 404 and a malformed path 400, in JSON with a Vietnamese message', async () => {
    const unknown = await get(`${lotPath()}?linkType=gs1:nosuchtype`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(json(unknown).meta).toMatchObject({ code: 'dl_unknown_link_type' });
    expect(
      (await get(`${lotPath()}?linkType=gs1:nosuchtype`, { accept: 'text/html' })).headers['content-type'],
    ).toContain('application/json');
    for (const [url, code, message] of [
      ['/01/08936000000012', 'dl_bad_gtin', 'không phải mã GTIN đúng'],
      ['/01/1234567', 'dl_bad_gtin', 'GTIN'],
      ['/01/089360000000110', 'dl_bad_gtin', 'GTIN'],
      ['/01/abc/10/X', 'dl_bad_gtin', 'GTIN'],
      [`/01/${gtin}/99/X`, 'dl_bad_ai', 'mã định danh ứng dụng'],
      [`/01/${gtin}/21/S1/10/L1`, 'dl_bad_ai', 'đúng thứ tự'],
      [`/01/${gtin}/10`, 'dl_bad_ai', 'kèm một giá trị'],
      [`/01/${gtin}/10/${'A'.repeat(51)}`, 'dl_bad_value', 'tối đa 20 ký tự'],
      [`/01/${gtin}/21/${'A'.repeat(21)}`, 'dl_bad_value', '(21)'],
      [`/01/${gtin}/10/L%C3%B4`, 'dl_bad_value', 'bộ ký tự GS1'],
      [`${lotPath()}?17=251301`, 'dl_bad_expiry', 'YYMMDD'],
      [`${lotPath()}?17=25123`, 'dl_bad_expiry', 'YYMMDD'],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(json(res).meta.code, url).toBe(code);
      expect(json(res).meta.message, url).toContain(message);
    }
    // A broken percent-encoding is refused by the router before any route: still a 400 in JSON.
    const broken = await get(`/01/${gtin}/10/%E0%A4%A`);
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/json');
    // An unknown (well-formed) lot or GTIN stays a 404.
    expect((await get(`/01/${gtin}/10/NOPE`)).statusCode).toBe(404);
    expect((await get('/01/08936000000998')).statusCode).toBe(404);
  });

  it('accepts ?17= expiry dates (YYMMDD, day 00 = end of month) and passes them on', async () => {
    for (const d of ['271231', '280200', '280229']) {
      const res = await get(`${lotPath()}?17=${d}`);
      expect(res.statusCode, d).toBe(307);
      expect(res.headers.location).toBe(`${BASE}/trace/${lot.public_code}?17=${d}`);
    }
  });

  it('describes itself at /.well-known/gs1resolver, per platform host', async () => {
    for (const [h, root] of [
      [host, BASE],
      ['foodmap.localhost:3000', 'http://foodmap.localhost:3000'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/gs1resolver', headers: { host: h } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(json(res)).toMatchObject({
        resolverRoot: root,
        supportedPrimaryKeys: ['01'],
        supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
        linkTypeDefaultCanBeLinkset: false,
      });
      expect(json(res).name).toMatch(/Trình phân giải GS1 Digital Link/);
      expect(json(res).linkTypes).toEqual(expect.arrayContaining(['gs1:pip', 'gs1:traceability', 'gs1:recallStatus']));
    }
  });
});

describe('the QR codes the portal prints', () => {
  it('are valid GS1 Digital Links by GS1’s digital-link.js, and resolve', async () => {
    const printed = [
      productPublicUrl(BASE, { gtin: '8936000000011', publicCode: productCode }),
      batchPublicUrl(BASE, { gtin: '8936000000011', lotCode: 'DL-2025/07', publicCode: lot.public_code }),
      batchPublicUrl(BASE, { gtin: '96385074', lotCode: 'A.B_C-1', publicCode: 'X' }),
      // From the API: the batch's and the product's trace_url/qr_url as the QR endpoints encode them.
      json(await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${lot.id}`, headers: { ...as(a), host } }))
        .data.traceability.trace_url,
    ];
    expect(printed[3]).toBe(`${BASE}${lotPath()}`);
    for (const url of printed) expect(DigitalLink(url).isValid(), url).toBe(true);
    // The SDK agrees with the contract's check on what is malformed.
    for (const bad of [`${BASE}/01/08936000000012`, `${BASE}/01/${gtin}/10/${'A'.repeat(21)}`]) {
      expect(DigitalLink(bad).isValid(), bad).toBe(false);
    }
    // A lot longer than AI 10 allows is printed as the trace page, not as an invalid Digital Link.
    expect(batchPublicUrl(BASE, { gtin: '8936000000011', lotCode: 'L'.repeat(21), publicCode: 'ABCDEF' })).toBe(
      `${BASE}/trace/ABCDEF`,
    );
    const res = await get(printed[1]!.slice(BASE.length));
    expect(res.statusCode).toBe(307);
  });
});
