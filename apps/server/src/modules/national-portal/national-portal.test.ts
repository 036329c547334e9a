import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { NATIONAL_PORTAL_SCHEMA_VERSION } from '@agrihub/contract';
import { locations } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { nationalPortalChunks } from './export.js';

/** The export's JSON Schema, kept in the repository (docs/schemas) and documented in docs/national-portal-mapping.md. */
const schema = JSON.parse(
  fs.readFileSync(new URL('../../../../../docs/schemas/national-portal-export.schema.json', import.meta.url), 'utf8'),
);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const valid = (doc: unknown) => {
  const ok = validate(doc);
  if (!ok) console.log(JSON.stringify(validate.errors, null, 2));
  return ok;
};

let t: TestApp;
let a: Built;
let b: Built;
let productId = 0;
let otherProductId = 0;
let lotCode = '';

const url = '/api/v1/national-portal/export';
const get = (u: Built, query = '') => t.app.inject({ method: 'GET', url: `${url}${query}`, headers: as(u) });

beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, {
    producer: { name: 'HTX Chè Tân Lập', address: 'Bản Tân Lập, xã Tân Lập', taxCode: '5500123456' },
  });
  b = await buildUser(t.db, { producer: { name: 'Công ty Khác' } });
  const p = await buildProduct(t.db, {
    producerId: a.producerId!,
    sku: 'CHE-500',
    brand: 'Tân Lập',
    trademark: 'Tân Lập (GCN số 1)',
    standards: ['TCVN 9740:2013'],
    shelfLifeDays: 365,
    certificates: [
      { name: 'Chứng nhận VietGAP', issuer: 'QUACERT', number: 'VG-1', valid_until: '2099-01-01', file: null },
    ],
  });
  productId = p.id;
  otherProductId = (await buildProduct(t.db, { producerId: a.producerId!, name: 'Mận hậu' })).id;
  const [plot] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: a.producerId!,
      kind: 'farm_plot',
      name: 'Đồi chè số 2',
      provinceCode: '14',
      certifications: [{ scheme: 'organic', number: 'HC-1', issuer: 'X', valid_from: null, valid_until: null }],
    })
    .returning();
  const batch = await buildBatch(t.db, {
    productId,
    productionDate: '2025-03-01',
    expiryDate: '2026-03-01',
    events: ['planting', 'harvesting', 'packing'],
    certificates: [{ name: 'QCVN 8-2:2011/BYT', issuer: 'Viện', number: 'KQ-1', valid_until: null, file: null }],
  });
  lotCode = batch.lotCode;
  await t.db.execute(sql`update trace_events set location_id = ${plot.id} where traceability_id = ${batch.id}`);
  await buildBatch(t.db, { productId: otherProductId, productionDate: '2025-06-01' });
  await buildBatch(t.db, { productId, status: 'draft', productionDate: '2025-03-02' });
  // Another producer's batches: never in a's export.
  await buildBatch(t.db, { producerId: b.producerId!, productionDate: '2025-03-01', events: ['harvesting'] });
}, 180_000);
afterAll(() => t.close());

describe('GET /api/v1/national-portal/export (Circular 02/2024, ADR 043)', () => {
  it('answers the producer’s products and published batches as JSON valid against its schema', async () => {
    const res = await get(a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="truy-xuat-quoc-gia-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const doc = json(res);
    expect(valid(doc)).toBe(true);
    expect(doc.schemaVersion).toBe(NATIONAL_PORTAL_SCHEMA_VERSION);
    expect(doc.producer).toMatchObject({
      name: 'HTX Chè Tân Lập',
      address: 'Bản Tân Lập, xã Tân Lập',
      taxCode: '5500123456',
    });
    expect(doc.products.map((p: { id: number }) => p.id)).toEqual([productId, otherProductId]);
    expect(doc.products[0]).toMatchObject({
      sku: 'CHE-500',
      brand: 'Tân Lập',
      trademark: 'Tân Lập (GCN số 1)',
      standards: ['TCVN 9740:2013'],
      shelfLifeDays: 365,
    });
    expect(doc.products[0].images[0]).toMatch(/^https?:\/\/.+\/uploads\/p\/cover\.jpg$/);
    // Drafts are not records of the portal: two published batches.
    expect(doc.batches).toHaveLength(2);
    const lot = doc.batches.find((x: { lotCode: string }) => x.lotCode === lotCode);
    expect(lot).toMatchObject({
      productId,
      gtin: expect.stringMatching(/^\d{14}$/),
      sku: 'CHE-500',
      productionDate: '2025-03-01',
      expiryDate: '2026-03-01',
      shelfLifeDays: 365,
      status: 'published',
      standards: ['TCVN 9740:2013', 'VietGAP', 'QCVN 8-2:2011/BYT', 'Organic'],
    });
    expect(lot.traceUrl).toMatch(/^https?:\/\/.+\/01\/\d{14}\/10\//);
    expect(lot.stages.map((s: { step: string; stepName: string }) => [s.step, s.stepName])).toEqual([
      ['planting', 'Gieo trồng'],
      ['harvesting', 'Thu hoạch'],
      ['packing', 'Đóng gói'],
    ]);
    expect(lot.stages[0]).toMatchObject({
      kind: 'own',
      occurredAt: '2025-03-01T01:00:00.000Z',
      location: { name: 'Đồi chè số 2' },
    });
  });

  it('never holds another producer’s records; filters by product and production date', async () => {
    const other = json(await get(b));
    expect(valid(other)).toBe(true);
    expect(other.products.every((p: { id: number }) => p.id !== productId && p.id !== otherProductId)).toBe(true);
    expect(other.batches).toHaveLength(1);
    expect(JSON.stringify(other)).not.toContain('HTX Chè Tân Lập');
    // a's product id in b's export: nothing of a.
    const cross = json(await get(b, `?product_id=${productId}`));
    expect(cross.products).toEqual([]);
    expect(cross.batches).toEqual([]);

    const one = json(await get(a, `?product_id=${otherProductId}`));
    expect(valid(one)).toBe(true);
    expect(one.products.map((p: { id: number }) => p.id)).toEqual([otherProductId]);
    expect(one.batches.map((x: { productId: number }) => x.productId)).toEqual([otherProductId]);
    const range = json(await get(a, '?from=2025-05-01&to=2025-12-31'));
    expect(range.filter).toEqual({ from: '2025-05-01', to: '2025-12-31', productId: null });
    expect(range.batches.map((x: { productionDate: string }) => x.productionDate)).toEqual(['2025-06-01']);
  });

  it('refuses bad filters with a message, and anonymous callers', async () => {
    const bad = await get(a, '?from=2025-13-01');
    expect(bad.statusCode).toBe(422);
    const reversed = await get(a, '?from=2025-06-01&to=2025-01-01');
    expect(reversed.statusCode).toBe(422);
    expect(JSON.stringify(json(reversed))).toContain('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc');
    expect((await get(a, '?product_id=abc')).statusCode).toBe(422);
    const anon = await t.app.inject({ method: 'GET', url, headers: headers('dtrack') });
    expect(anon.statusCode).toBe(401);
  });

  it('reads the database a page at a time: many batches, no query answers more than a page', async () => {
    const many = await buildUser(t.db, { producer: { name: 'HTX Nhiều lô' } });
    const pid = (await buildProduct(t.db, { producerId: many.producerId! })).id;
    for (let i = 0; i < 45; i++) await buildBatch(t.db, { productId: pid, events: ['harvesting'] });
    // A database that counts the rows each query answers.
    const answered: number[] = [];
    const counting = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return async (q: unknown) => {
          const res = await target.execute(q as never);
          answered.push(res.rows.length);
          return res;
        };
      },
    });
    const scope = { platform: 'dtrack', producerId: many.producerId!, userId: many.user.id } as never;
    const chunks: string[] = [];
    const gen = nationalPortalChunks(counting, scope, {}, { base: 'https://dtrack.test', pageSize: 10 });
    // The first chunk is ready before the batches are read: the document is written as it is read.
    const head = await gen.next();
    expect(head.value).toContain('"schemaVersion"');
    const readBeforeBatches = answered.length;
    for await (const c of gen) chunks.push(c);
    expect(readBeforeBatches).toBe(1);
    expect(Math.max(...answered)).toBeLessThanOrEqual(10);
    // 45 batches in pages of 10: 5 batch pages (each with its events and products) and the products' page.
    expect(answered.length).toBeGreaterThanOrEqual(1 + 1 + 5 * 3);
    const doc = JSON.parse(`${head.value}${chunks.join('')}`);
    expect(valid(doc)).toBe(true);
    expect(doc.batches).toHaveLength(45);
    expect(new Set(doc.batches.map((x: { id: number }) => x.id)).size).toBe(45);

    // Through the route too: the whole document, valid.
    const res = await get(many);
    expect(json(res).batches).toHaveLength(45);
  }, 120_000);
});
