import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, as, buildUser, type TestApp } from '../../test/helper.js';
import { buildPost, buildProducer } from '../../test/factories.js';
import { producerOems } from '../db/schema/index.js';
import { COMPRESSIBLE, COMPRESS_THRESHOLD_BYTES } from './compression.js';

let t: TestApp;
let dist: string;
/** A built script above the threshold, as the build writes it: plain, `.br` and `.gz`. */
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `truy xuất ${i}`))};\n`;
const br = brotliCompressSync(script);
const gz = gzipSync(script, { level: 9 });
/** An entry whose rendered page is above the threshold (the light pages carry their head tags and text). */
const page = (root: string) =>
  `<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><!--seo: head--><title>AgriHub</title></head>` +
  `<body><div id="${root}"></div><noscript>${'Vui lòng bật JavaScript để sử dụng trang web. '.repeat(30)}</noscript></body></html>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-compress-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'locales/vi'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), page('root'));
  fs.writeFileSync(path.join(dist, 'trace.html'), page('trace-root'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), br);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), gz);
  // A small file the build left as it is (under its 1 KB threshold): never compressed per answer.
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-1.js'), 'console.log(1)');
  // An unhashed file with its compressed forms: sent compressed, but revalidated.
  const common = JSON.stringify({ words: Array.from({ length: 200 }, (_, i) => `từ ${i}`) });
  fs.writeFileSync(path.join(dist, 'locales/vi/common.json'), common);
  fs.writeFileSync(path.join(dist, 'locales/vi/common.json.br'), brotliCompressSync(common));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { platform: 'dtrack', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe('built files: sent as the build compressed them', () => {
  it('brotli to a browser that accepts it, gzip to one that only takes gzip, as is without Accept-Encoding', async () => {
    const asBr = await get('/assets/app-1.js', 'gzip, deflate, br, zstd');
    expect(asBr.statusCode).toBe(200);
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(asBr.rawPayload.equals(br)).toBe(true);
    expect(brotliDecompressSync(asBr.rawPayload).toString()).toBe(script);
    expect(asBr.headers['content-type']).toMatch(/javascript/);

    const asGzip = await get('/assets/app-1.js', 'gzip');
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(script);

    for (const plain of [await get('/assets/app-1.js'), await get('/assets/app-1.js', 'identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('hashed files are cached for a year (immutable) and vary on Accept-Encoding, whichever form is sent', async () => {
    for (const res of [await get('/assets/app-1.js', 'br'), await get('/assets/app-1.js')]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    }
    // Compressed, an unhashed file is still revalidated.
    const locale = await get('/locales/vi/common.json', 'br');
    expect(locale.headers['content-encoding']).toBe('br');
    expect(locale.headers['cache-control']).toBe('no-cache');
  });

  it('a file the build left uncompressed is sent as it is (no compression per request)', async () => {
    const tiny = await get('/assets/tiny-1.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    expect(String(tiny.headers['vary'])).toMatch(/accept-encoding/i);
  });
});

describe('pages rendered by the server', () => {
  it('the app page and a light page are compressed above the threshold, not cached, and as they are without Accept-Encoding', async () => {
    for (const [url, root] of [
      ['/login', 'root'],
      ['/trace/NOSUCHCODE000001', 'trace-root'],
    ] as const) {
      const compressed = await get(url, 'gzip, deflate, br');
      expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(compressed.headers['content-encoding'], url).toBe('br');
      expect(compressed.headers['cache-control']).toBe('no-cache');
      expect(String(compressed.headers['vary'])).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(compressed.rawPayload).toString();
      expect(html).toContain(`<div id="${root}">`);
      expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);

      const gzipped = await get(url, 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    }
  });
});

describe('API answers', () => {
  it(`are compressed above ${COMPRESS_THRESHOLD_BYTES} bytes by Accept-Encoding, and not below`, async () => {
    for (let i = 0; i < 8; i++) await buildPost(t.db, { summary: `Tóm tắt dài về giá nông sản tuần ${i}. `.repeat(6) });
    const list = await get('/api/v1/client/posts?page=1&per_page=12', 'gzip, deflate, br');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(String(list.headers['vary'])).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(body.data.posts).toHaveLength(8);
    const plain = await get('/api/v1/client/posts?page=1&per_page=12');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(list.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzipped = await get('/api/v1/client/posts?page=1&per_page=12', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(body);

    const small = await get('/api/health', 'br, gzip');
    expect(Buffer.byteLength(small.body)).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });

  it('a streamed XLSX export is sent as it is, whatever the browser accepts', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    await buildProducer(t.db, { name: 'Hợp tác xã Chè Tân Cương' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/producers/export',
      headers: { ...as(admin), 'accept-encoding': 'gzip, deflate, br' },
      payload: { mode: 'exportAllData' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBeGreaterThan(1);
  });

  it('a PDF download is sent as it is, whatever the browser accepts', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const [oem] = await t.db
      .insert(producerOems)
      .values({ platform: 'dtrack', name: 'Công ty TNHH Bao bì Hòa Bình', email: 'donhang@hoabinh.example.vn' })
      .returning();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/purchase_orders',
      headers: as(admin),
      payload: {
        supplier_type: 'oem',
        supplier_id: oem.id,
        delivery_date: '2099-03-15',
        delivery_place: 'Kho DTrack, TP. Hồ Chí Minh',
        lines: [{ description: 'Hộp giấy kraft 500g', unit: 'Hộp', quantity: 100, unit_price: 12_500, vat_rate: 8 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.purchase_order.id as number;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/purchase_orders/${id}/pdf`,
      headers: { ...as(admin), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the types it compresses: text (never an event stream), JSON, XML, SVG and scripts', () => {
    for (const type of [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
      'image/webp',
      'application/octet-stream',
      'text/event-stream',
    ]) {
      expect(COMPRESSIBLE.test(type), type).toBe(false);
    }
    for (const type of [
      'application/json; charset=utf-8',
      'text/html; charset=utf-8',
      'application/xml; charset=utf-8',
      'text/csv; charset=utf-8',
      'image/svg+xml',
      'text/javascript; charset=utf-8',
      'application/problem+json',
    ]) {
      expect(COMPRESSIBLE.test(type), type).toBe(true);
    }
  });

  it('a compressed request body is not inflated (refused as it is)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/messages',
      headers: { ...headers('dtrack'), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'A' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.code).toBe('invalid_json');
  });
});
