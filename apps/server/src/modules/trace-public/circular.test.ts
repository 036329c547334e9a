import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTrace, standardOf, standardsApplied } from '@agrihub/contract';
import { locations } from '../../db/schema/index.js';
import { as, headers, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';

/** Circular 02/2024/TT-BKHCN (ADR 043): the consumer information of a public trace page. */
let t: TestApp;
let a: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, { producer: { name: 'HTX Chè Tân Lập', address: 'Bản Tân Lập, xã Tân Lập' } });
}, 180_000);
afterAll(() => t.close());

const lookup = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/traceabilities/${code}`, headers: headers('dtrack') });

describe('standards applied (contract)', () => {
  it('names the standard a certificate names, once each, declared ones first', () => {
    expect(standardOf('TCVN 5251:2015 Cà phê bột')).toBe('TCVN 5251:2015');
    expect(standardOf('qcvn 8-2:2011/BYT')).toBe('QCVN 8-2:2011/BYT');
    expect(standardOf('Chứng nhận VietGAP')).toBe('VietGAP');
    expect(standardOf('Global G.A.P. IFA v6')).toBe('GlobalG.A.P.');
    expect(standardOf('Chứng nhận sản phẩm hữu cơ')).toBe('Organic');
    expect(standardOf('Giấy chứng nhận cơ sở đủ điều kiện an toàn thực phẩm')).toBeNull();
    expect(
      standardsApplied({
        declared: ['TCVN 5251:2015 Cà phê bột', 'Tiêu chuẩn cơ sở TC 01:2024'],
        certificateNames: ['Chứng nhận VietGAP', 'TCVN 5251:2015', 'Giấy phép kinh doanh'],
        locationSchemes: ['vietgap', 'organic', 'other'],
      }),
    ).toEqual(['TCVN 5251:2015', 'Tiêu chuẩn cơ sở TC 01:2024', 'VietGAP', 'Organic']);
  });
});

describe('GET /api/v1/client/traceabilities/{code}: Circular 02/2024 information', () => {
  it('shows product name and image, producer name and address, stages and times, codes, brand, trademark, shelf life and standards', async () => {
    const p = await buildProduct(t.db, {
      producerId: a.producerId!,
      sku: 'CHE-500',
      brand: 'Tân Lập',
      trademark: 'Tân Lập (GCN số 356789)',
      standards: ['TCVN 9740:2013'],
      shelfLifeDays: 540,
      certificates: [
        { name: 'Chứng nhận VietGAP', issuer: 'QUACERT', number: 'VG-1', valid_until: '2099-01-01', file: null },
        { name: 'Chứng nhận GlobalG.A.P.', issuer: 'X', number: 'GG-1', valid_until: '2020-01-01', file: null },
      ],
    });
    const [plot] = await t.db
      .insert(locations)
      .values({
        platform: 'dtrack',
        producerId: a.producerId!,
        kind: 'farm_plot',
        name: 'Đồi chè số 2',
        provinceCode: '14',
        certifications: [
          { scheme: 'organic', number: 'HC-1', issuer: 'X', valid_from: null, valid_until: '2099-01-01' },
        ],
      })
      .returning();
    const batch = await buildBatch(t.db, {
      productId: p.id,
      expiryDate: '2099-03-01',
      events: ['planting', 'harvesting', 'packing'],
      certificates: [{ name: 'QCVN 8-2:2011/BYT', issuer: 'Viện', number: 'KQ-1', valid_until: null, file: null }],
    });
    await t.db.execute(sql`update trace_events set location_id = ${plot.id} where traceability_id = ${batch.id}`);
    const res = await lookup(batch.publicCode);
    expect(res.statusCode).toBe(200);
    const d = json(res).data.traceability;
    expect(publicTrace.safeParse(d).success).toBe(true);
    expect(d).toMatchObject({
      code: batch.publicCode,
      lot_code: batch.lotCode,
      product: {
        name: 'Chè Shan tuyết Mộc Châu',
        images: [{ url: '/uploads/p/cover.jpg' }],
        gtin: p.gtin,
        sku: 'CHE-500',
        brand: 'Tân Lập',
        trademark: 'Tân Lập (GCN số 356789)',
        shelf_life_days: 540,
      },
      producer: { name: 'HTX Chè Tân Lập', address: 'Bản Tân Lập, xã Tân Lập' },
      production_date: '2025-03-01',
      expiry_date: '2099-03-01',
      // Declared, then named by valid certificates (the expired GlobalG.A.P. is not), then the plot's.
      standards: ['TCVN 9740:2013', 'VietGAP', 'QCVN 8-2:2011/BYT', 'Organic'],
    });
    expect(d.events.map((e: { step: string; occurred_at: string }) => [e.step, e.occurred_at])).toEqual([
      ['planting', '2025-03-01T01:00:00.000Z'],
      ['harvesting', '2025-03-02T01:00:00.000Z'],
      ['packing', '2025-03-03T01:00:00.000Z'],
    ]);
  });

  it('leaves what the producer did not give null (and empty standards)', async () => {
    const bare = await buildUser(t.db, { producer: { name: 'Hộ kinh doanh Bare', address: null } });
    const p = await buildProduct(t.db, { producerId: bare.producerId!, images: [] });
    const batch = await buildBatch(t.db, { productId: p.id, expiryDate: null, events: ['harvesting'] });
    const d = json(await lookup(batch.publicCode)).data.traceability;
    expect(d.product).toMatchObject({ images: [], sku: null, brand: null, trademark: null, shelf_life_days: null });
    expect(d.producer.address).toBeNull();
    expect(d.expiry_date).toBeNull();
    expect(d.standards).toEqual([]);
  });

  it('a location’s certification change shows at once on the stored pages of the lots made there', async () => {
    const p = await buildProduct(t.db, { producerId: a.producerId!, certificates: [] });
    const created = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: as(a),
        payload: { kind: 'farm_plot', name: 'Lô mới', province_code: '14', certifications: [] },
      }),
    ).data.location;
    const batch = await buildBatch(t.db, { productId: p.id, certificates: [], events: ['harvesting'] });
    await t.db.execute(sql`update trace_events set location_id = ${created.id} where traceability_id = ${batch.id}`);
    expect(json(await lookup(batch.publicCode)).data.traceability.standards).toEqual([]);
    // The page is stored now (ADR 028); the certification must replace it.
    const stored = await t.db.execute(sql`select 1 from trace_public_docs where traceability_id = ${batch.id}`);
    expect(stored.rows).toHaveLength(1);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/locations/${created.id}`,
      headers: as(a),
      payload: {
        kind: 'farm_plot',
        name: 'Lô mới',
        province_code: '14',
        certifications: [{ scheme: 'vietgap', number: 'VG-9', issuer: 'QUACERT', valid_from: null, valid_until: null }],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(json(await lookup(batch.publicCode)).data.traceability.standards).toEqual(['VietGAP']);
  });
});
