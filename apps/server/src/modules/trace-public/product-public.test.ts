import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PRODUCT_BATCHES, withCheckDigit } from '@agrihub/contract';
import { as, headers, json, type TestApp, createTestApp } from '../../../test/helper.js';
import {
  buildBatch,
  buildProduct,
  buildUser,
  type Built,
  type BuildProductOverrides,
} from '../../../test/factories.js';
import { createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';

let t: TestApp;
let a: Built;
let f: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  f = await buildUser(t.db, { platform: 'foodmap' });
});
afterAll(() => t.close());

type Status = 'draft' | 'pending' | 'approved' | 'rejected';
async function product(owner: Built, status: Status, overrides: BuildProductOverrides = {}) {
  return buildProduct(t.db, {
    producerId: owner.producerId!,
    status,
    priceCents: 12_000_000,
    sku: `SKU-${randomBytes(4).toString('hex')}`,
    description: 'Chè cổ thụ hái tay',
    originProvinceCode: '14',
    originCountry: 'VN',
    images: [
      { id: 1, url: '/uploads/p/cover.jpg', thumbnail_url: '/uploads/p/cover-thumb.webp' },
      { id: 2, url: '/uploads/p/side.jpg', thumbnail_url: null },
    ],
    certificates: [
      { name: 'VietGAP', issuer: 'TT Chứng nhận', number: 'VG-9', valid_until: '2099-12-31', file: null },
      {
        name: 'OCOP 4 sao',
        issuer: 'UBND tỉnh',
        number: '',
        valid_until: '2020-01-01',
        file: { id: 3, url: '/uploads/d/ocop.pdf', filename: 'ocop.pdf' },
      },
    ],
    ...overrides,
  });
}

const lookup = (code: string, platform: 'dtrack' | 'foodmap' = 'dtrack') =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/products/${code}`, headers: headers(platform) });
const scan = (url: string, host = 'dtrack.localhost:3000', accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(accept ? { accept } : {}) } });

describe('GET /api/v1/client/products/{code}', () => {
  it('shows an approved product without login: producer, origin, certificates, variants, batches', async () => {
    const p = await product(a, 'approved', {
      variants: [[{ title: 'Khối lượng', value: '500 g' }]],
      gtin: null,
      name: 'Chè Shan tuyết cổ thụ',
    });
    const old = await publishedBatch(t, a, p.id, ['planting'], { production_date: '2024-03-01' });
    const recalled = await publishedBatch(t, a, p.id, ['planting'], { production_date: '2025-05-01' });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/traceabilities/${recalled.id}/recall`,
      headers: as(a),
      payload: { reason: 'Nhiễm nấm mốc' },
    });
    const draft = await createBatch(t, a, p.id, { production_date: '2025-06-01' });

    const res = await lookup(p.publicCode);
    expect(res.statusCode).toBe(200);
    const d = json(res).data.product;
    expect(d).toMatchObject({
      code: p.publicCode,
      name: 'Chè Shan tuyết cổ thụ',
      name_en: 'Moc Chau Shan tuyet tea',
      description: 'Chè cổ thụ hái tay',
      gtin: null,
      cover: { url: '/uploads/p/cover.jpg', thumbnail_url: '/uploads/p/cover-thumb.webp' },
      images: [{ url: '/uploads/p/cover.jpg' }, { url: '/uploads/p/side.jpg', thumbnail_url: null }],
      origin_province_code: '14',
      origin_province: expect.any(String),
      origin_country: 'VN',
      producer: { name: expect.any(String), type: 'cooperative' },
      variants: [{ label: '500 g' }],
    });
    // The same certificate shape and validity rule as the batch page.
    expect(d.certificates).toEqual([
      { name: 'VietGAP', issuer: 'TT Chứng nhận', number: 'VG-9', valid_until: '2099-12-31', file: null, valid: true },
      {
        name: 'OCOP 4 sao',
        issuer: 'UBND tỉnh',
        number: '',
        valid_until: '2020-01-01',
        file: { id: 3, url: '/uploads/d/ocop.pdf', filename: 'ocop.pdf' },
        valid: false,
      },
    ]);
    // Published batches only, newest production first, the recalled one flagged.
    expect(d.batches).toEqual([
      expect.objectContaining({ code: recalled.public_code, lot_code: recalled.lot_code, recalled: true }),
      expect.objectContaining({
        code: old.public_code,
        production_date: '2024-03-01',
        expiry_date: '2026-03-01',
        recalled: false,
        on_hold: false,
        variant: null,
      }),
    ]);
    expect(JSON.stringify(d)).not.toContain(draft.public_code);
    for (const secret of ['price', 'sku', 'producer_id', a.user.email, '"id"']) {
      expect(JSON.stringify({ ...d, certificates: [] }), secret).not.toContain(secret);
    }
  });

  it('lists at most PUBLIC_PRODUCT_BATCHES batches', async () => {
    const p = await product(a, 'approved');
    for (let i = 0; i < PUBLIC_PRODUCT_BATCHES + 3; i++) {
      await buildBatch(t.db, { productId: p.id, productionDate: `2025-01-${String(i + 1).padStart(2, '0')}` });
    }
    const batches = json(await lookup(p.publicCode)).data.product.batches;
    expect(batches).toHaveLength(PUBLIC_PRODUCT_BATCHES);
    expect(batches[0].production_date).toBe(`2025-01-${PUBLIC_PRODUCT_BATCHES + 3}`);
  });

  it('only approved products of the request’s platform: others and unknown codes are 404', async () => {
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const p = await product(a, status);
      const res = await lookup(p.publicCode);
      expect(res.statusCode, status).toBe(404);
      expect(json(res).meta.code).toBeDefined();
    }
    const approved = await product(a, 'approved');
    expect((await lookup(approved.publicCode, 'foodmap')).statusCode).toBe(404);
    expect((await lookup('NOSUCHPRODUCT234')).statusCode).toBe(404);
    // A malformed code fails validation like the batch lookup's.
    expect((await lookup('bad-code!')).statusCode).toBe(422);
  });
});

describe('GS1 Digital Link /01/{gtin} (a product QR code)', () => {
  const gtin13 = withCheckDigit('893600077001');
  const gtin8 = withCheckDigit('9638507');
  let dtrackCode: string;
  let foodmapCode: string;
  let shortCode: string;
  beforeAll(async () => {
    await product(a, 'draft', { gtin: withCheckDigit('893600077002') });
    dtrackCode = (await product(a, 'approved', { gtin: gtin13 })).publicCode;
    foodmapCode = (await product(f, 'approved', { gtin: gtin13 })).publicCode;
    shortCode = (await product(a, 'approved', { gtin: gtin8 })).publicCode;
  });

  it('redirects the padded and the unpadded GTIN to /trace/p/{code} on the Host’s platform', async () => {
    for (const [url, host, code] of [
      [`/01/0${gtin13}`, 'dtrack.localhost:3000', () => dtrackCode],
      [`/01/${gtin13}`, 'dtrack.localhost', () => dtrackCode],
      [`/01/${gtin13}/?linkType=gs1:defaultLink`, 'dtrack.localhost', () => dtrackCode],
      [`/01/0${gtin13}`, 'foodmap.localhost:3000', () => foodmapCode],
      [`/01/${gtin8}`, 'dtrack.localhost', () => shortCode],
      [`/01/000000${gtin8}`, 'dtrack.localhost', () => shortCode],
    ] as const) {
      const res = await scan(url, host);
      expect(res.statusCode, `${url} on ${host}`).toBe(307);
      expect(res.headers.location).toBe(`http://${host}/trace/p/${code()}`);
    }
    // The batch link with a lot still goes to the batch.
    expect((await scan(`/01/0${gtin13}/10/NOLOT`)).statusCode).toBe(404);
  });

  it('is 404 for a draft product’s GTIN, an unknown GTIN or a platform without it; 400 for a malformed GTIN', async () => {
    const bad = `${gtin13.slice(0, -1)}${(Number(gtin13.at(-1)) + 1) % 10}`;
    for (const [url, host, status] of [
      [`/01/${withCheckDigit('893600077002')}`, 'dtrack.localhost', 404],
      [`/01/${withCheckDigit('893600077999')}`, 'dtrack.localhost', 404],
      [`/01/${gtin8}`, 'foodmap.localhost', 404],
      // Bad syntax (check digit, length, not digits) is a 400 (ADR 037).
      [`/01/${bad}`, 'dtrack.localhost', 400],
      ['/01/1234567', 'dtrack.localhost', 400],
      ['/01/0000000000000000', 'dtrack.localhost', 400],
      ['/01/abc', 'dtrack.localhost', 400],
    ] as const) {
      const res = await scan(url, host);
      expect(res.statusCode, `${url} on ${host}`).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('a browser gets the trace page as the 404 page (it says "not found")', async () => {
    fs.mkdirSync(t.config.WEB_DIST, { recursive: true });
    fs.writeFileSync(path.join(t.config.WEB_DIST, 'trace.html'), '<!doctype html><div id="trace-root"></div>');
    const res = await scan(`/01/${withCheckDigit('893600077999')}`, 'dtrack.localhost', 'text/html,*/*');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('trace-root');
    const batch = await scan(`/01/0${gtin13}/10/NOLOT`, 'dtrack.localhost', 'text/html');
    expect(batch.statusCode).toBe(404);
    expect(batch.body).toContain('trace-root');
  });
});
