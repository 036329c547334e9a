import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { formatVietnamDateTime } from '@agrihub/contract';
import { epcClassOf } from './epcis.js';
import { traceUrlOf } from './presenter.js';
import { addEvent, createBatch, publishedBatch } from './batch-api.test-helper.js';

let t: TestApp;
let a: Built;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
});
afterAll(() => t.close());

describe('GET /api/v1/traceabilities/{id}/epcis', () => {
  it('returns an EPCIS 2.0 JSON-LD document with one ObjectEvent per stage', async () => {
    const x = await createBatch(t, a, productId, { lot_code: 'EPC-01' });
    await addEvent(t, a, x.id, 'planting', { occurred_at: '2025-03-01T08:00:00+07:00' });
    await addEvent(t, a, x.id, 'harvesting', { occurred_at: '2025-06-01T06:30:00+07:00', place: null });
    await addEvent(t, a, x.id, 'packing', { occurred_at: '2025-06-02T10:00:00+07:00' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${x.id}/epcis`, headers: as(a) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="epcis-EPC-01\.jsonld"/);
    const doc = json(res);
    expect(doc['@context'][0]).toBe('https://ref.gs1.org/standards/epcis/epcis-context.jsonld');
    expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0', creationDate: expect.any(String) });
    const events = doc.epcisBody.eventList;
    expect(events).toHaveLength(3);
    expect(events.map((e: { action: string }) => e.action)).toEqual(['ADD', 'OBSERVE', 'OBSERVE']);
    expect(events.map((e: { bizStep: string }) => e.bizStep)).toEqual([
      'https://ref.gs1.org/cbv/BizStep-commissioning',
      'https://ref.gs1.org/cbv/BizStep-commissioning',
      'https://ref.gs1.org/cbv/BizStep-packing',
    ]);
    expect(events[0]).toMatchObject({
      type: 'ObjectEvent',
      eventTime: '2025-03-01T08:00:00.000+07:00',
      eventTimeZoneOffset: '+07:00',
      readPoint: { id: expect.stringMatching(/^https?:\/\//) },
      bizLocation: { id: expect.stringMatching(/^https?:\/\//) },
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:8936000.000001.EPC-01', quantity: 100, uom: 'KGM' }],
      ilmd: { 'cbvmda:lotNumber': 'EPC-01', 'cbvmda:itemExpirationDate': '2026-03-01' },
    });
    expect(events[1].readPoint).toBeUndefined();
  });

  it('uses a URN class for a product without GTIN; times are shown in +07:00', () => {
    expect(epcClassOf(null, 'L 1', 'ABC')).toBe('urn:agrihub:class:ABC:L%201');
    expect(formatVietnamDateTime(new Date('2025-01-01T17:30:00Z'))).toBe('2025-01-02T00:30:00.000+07:00');
  });
});

describe('POST /api/v1/traceabilities/export', () => {
  async function exportRows(body: object) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/traceabilities/export',
      headers: as(a),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lo-hang-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exportAllData: every batch of the producer (and none of others), Vietnamese headers', async () => {
    await buildBatch(t.db, { status: 'draft' }); // another producer's
    const p2 = (await buildProduct(t.db, { producerId: a.producerId!, name: 'Mận hậu', gtin: null })).id;
    for (let i = 0; i < 3; i++) await createBatch(t, a, p2, { lot_code: `XL-ALL-${i}` });
    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/traceabilities?per_page=1', headers: as(a) }));
    const rows = await exportRows({ mode: 'exportAllData' });
    expect(rows[0].slice(0, 4)).toEqual(['STT', 'Mã lô', 'Mã truy xuất', 'Sản phẩm']);
    expect(rows.length - 1).toBe(list.meta.total_count);
  });

  it('exportAsFilter: the filters and/or the selected ids', async () => {
    const p3 = (await buildProduct(t.db, { producerId: a.producerId!, name: 'Cà phê Robusta' })).id;
    const x1 = await createBatch(t, a, p3, { lot_code: 'XL-F-1' });
    const x2 = await publishedBatch(t, a, p3, ['planting'], { lot_code: 'XL-F-2' });
    await createBatch(t, a, p3, { lot_code: 'XL-F-3' });
    const byProduct = await exportRows({ mode: 'exportAsFilter', product_id: p3 });
    expect(byProduct).toHaveLength(4);
    const published = await exportRows({ mode: 'exportAsFilter', product_id: p3, status: 'published' });
    expect(published.map((r) => r[1])).toEqual(['Mã lô', 'XL-F-2']);
    expect(published[1][13]).toBe('Đã công bố');
    const picked = await exportRows({ mode: 'exportAsFilter', ids: [x1.id, x2.id], sort: 'lot_code' });
    expect(picked.slice(1).map((r) => r[1])).toEqual(['XL-F-1', 'XL-F-2']);
    const foreign = await buildBatch(t.db, { status: 'draft' }); // another producer's
    expect(await exportRows({ mode: 'exportAsFilter', ids: [foreign.id] })).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/traceabilities/export',
      headers: as(a),
      payload: { mode: 'all' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/v1/traceabilities/{id}/qrcode', () => {
  it('returns a PNG attachment named qrcode.png', async () => {
    const x = await createBatch(t, a, productId);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${x.id}/qrcode`, headers: as(a) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="qrcode\.png"/);
    expect(res.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
  });

  it('encodes the Digital Link with a GTIN, else the /trace URL; platform hosts keep their origin', async () => {
    const b = { publicCode: 'ABCDEFGH23456789', lotCode: 'LOT/7', status: 'draft', gtin14: null };
    expect(traceUrlOf('http://dtrack.localhost:3000', b, '8936000000011')).toBe(
      'http://dtrack.localhost:3000/01/08936000000011/10/LOT%2F7',
    );
    expect(traceUrlOf('https://x.vn', b, null)).toBe('https://x.vn/trace/ABCDEFGH23456789');
    // A published batch's link is the one it printed (ADR 030), whatever its product's GTIN is now.
    const printed = { ...b, status: 'published', gtin14: '08936000000028' };
    expect(traceUrlOf('https://x.vn', printed, '8936000000011')).toBe('https://x.vn/01/08936000000028/10/LOT%2F7');
    expect(traceUrlOf('https://x.vn', { ...b, status: 'published' }, '8936000000011')).toBe(
      'https://x.vn/trace/ABCDEFGH23456789',
    );
    const x = await createBatch(t, a, productId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/traceabilities/${x.id}`,
      headers: { ...as(a), host: 'dtrack.localhost:3000' },
    });
    expect(json(res).data.traceability.trace_url).toMatch(/^http:\/\/dtrack\.localhost:3000\/01\/08936000000011\/10\//);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/traceabilities/${x.id}`,
      headers: { ...as(a), host: 'evil.example' },
    });
    expect(json(forged).data.traceability.trace_url.startsWith(t.config.publicUrl)).toBe(true);
  });
});
