import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { check as checkGeojson } from '@placemarkio/check-geojson';
import { booleanValid } from '@turf/boolean-valid';
import { kinks } from '@turf/kinks';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { EUDR_GEOJSON_MAX_BYTES } from '@agrihub/contract';
import { categories, locations, products, shipments, traceEvents } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { buildCoffeeChain } from '../../../test/chain-fixtures.js';
import { buildStatement, statementGeojson } from './service.js';

let t: TestApp;
let admin: Built;
let coffeeCategory: number;
let plainCategory: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
  [{ id: coffeeCategory }, { id: plainCategory }] = await t.db
    .insert(categories)
    .values([
      { name: 'Cà phê (EUDR thử)', nameEn: 'Coffee (EUDR test)' },
      { name: 'Rau (thử)', nameEn: 'Vegetables (test)' },
    ])
    .returning({ id: categories.id });
});
afterAll(() => t.close());

const get = (u: Built, url: string, locale = 'vi') => t.app.inject({ method: 'GET', url, headers: as(u, locale) });
const flag = (body: Record<string, unknown>, id = coffeeCategory, u = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/categories/${id}/eudr`, headers: as(u), payload: body });

/** The demo-like chain with its products in the coffee category and a second plot (a point) for F2. */
async function coffeeChain() {
  const c = await buildCoffeeChain(t.db);
  const lots = [c.f1, c.f2, c.f3, c.c1, c.c2, c.r, c.d, c.s1];
  const productIds = [...new Set(lots.map((l) => l.productId))];
  await t.db.update(products).set({ categoryId: coffeeCategory }).where(inArray(products.id, productIds));
  const [small] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: c.farm.producerId!,
      kind: 'farm_plot',
      name: 'Vườn nhỏ bờ suối',
      provinceCode: '66',
      commune: 'xã Ea Tu',
      // Stored with more than 6 decimals (written behind the routes): the export rounds them.
      geometry: { type: 'Point', coordinates: [108.0612345678, 12.6912345678] },
    })
    .returning();
  await t.db.insert(traceEvents).values({
    traceabilityId: c.f2.id,
    step: 'harvesting',
    occurredAt: new Date('2025-04-02T02:00:00Z'),
    locationId: small.id,
    position: 1,
  });
  return { ...c, small };
}

/** The answer checked as RFC 7946 by @placemarkio/check-geojson (it throws on any error), as a collection. */
const collection = (text: string) => checkGeojson(text) as FeatureCollection;

/** Every number of every position in a GeoJSON value. */
function positions(v: unknown): number[][] {
  if (Array.isArray(v) && typeof v[0] === 'number') return [v as number[]];
  if (Array.isArray(v)) return v.flatMap(positions);
  if (v && typeof v === 'object') return Object.values(v).flatMap(positions);
  return [];
}

describe('category EUDR flag (administrator)', () => {
  it('sets the commodity and a normalised HS code, and refuses a bad code or a commodity without one', async () => {
    const ok = await flag({ eudr_commodity: 'coffee', hs_code: '090121' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.category).toMatchObject({ eudr_commodity: 'coffee', hs_code: '0901.21' });
    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/categories', headers: { platform: 'dtrack' } }))
      .data.categories as { id: number; hs_code: string | null }[];
    expect(list.find((c) => c.id === coffeeCategory)?.hs_code).toBe('0901.21');

    const bad = await flag({ eudr_commodity: 'coffee', hs_code: '09a1' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).meta.errors).toEqual([
      { field: 'hs_code', message: 'Mã HS gồm 4, 6 hoặc 8 chữ số, ví dụ 0901 hoặc 0901.21.' },
    ]);
    expect((await flag({ eudr_commodity: 'coffee', hs_code: null })).statusCode).toBe(422);
    expect((await flag({ eudr_commodity: 'tea', hs_code: '0902' })).statusCode).toBe(422);
    expect((await flag({ eudr_commodity: null, hs_code: null }, 999_999)).statusCode).toBe(404);
    const producer = await buildUser(t.db);
    expect((await flag({ eudr_commodity: 'coffee', hs_code: '0901' }, coffeeCategory, producer)).statusCode).toBe(403);
    expect((await flag({ eudr_commodity: 'coffee', hs_code: '0901' })).statusCode).toBe(200);
  });
});

describe('EUDR statement', () => {
  beforeAll(async () => {
    await flag({ eudr_commodity: 'coffee', hs_code: '0901' });
  });

  it('reads the DDS fields of a lot: operator, HS code, net mass, producers and plots of the whole chain, ready', async () => {
    const c = await coffeeChain();
    const res = await get(c.coop, `/api/v1/eudr/lots/${c.r.id}`);
    expect(res.statusCode).toBe(200);
    const s = json(res).data.statement;
    expect(s).toMatchObject({
      subject: { kind: 'lot', id: c.r.id },
      ready: true,
      reasons: [],
      commodity: 'coffee',
      activity: 'IMPORT',
      operator: { name: 'HTX Cà phê Ea Tu', country: 'VN' },
      hs_code: '0901',
      net_mass_kg: 110,
      country_of_production: 'VN',
      producers: [{ name: 'Nông trại Cư M’gar' }],
      shipments: [],
    });
    expect(s.lots.map((l: { lot_code: string }) => l.lot_code).sort()).toEqual(['C1', 'C2', 'F1', 'F2', 'R']);
    expect(s.production_period.from <= s.production_period.to).toBe(true);
    expect(s.plots.map((p: { location_id: number }) => p.location_id).sort()).toEqual([c.plot.id, c.small.id].sort());
    expect(json(res).meta.message).toBe('Đủ dữ liệu cho tờ khai thẩm định (DDS).');
  });

  it('downloads a GeoJSON that validators the project did not write accept, with exactly the chain’s plots', async () => {
    const c = await coffeeChain();
    const res = await get(c.coop, `/api/v1/eudr/lots/${c.r.id}/geojson`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(res.headers['content-disposition']).toContain('eudr-R.geojson');
    // RFC 7946 checked by @placemarkio/check-geojson (throws on any error: winding, closed rings, positions).
    const fc = collection(res.body);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toHaveLength(2);
    for (const f of fc.features) {
      expect(booleanValid(f)).toBe(true);
      if (f.geometry?.type === 'Polygon') expect(kinks(f as Feature<Polygon>).features).toHaveLength(0);
      expect(f.properties).toMatchObject({ ProducerName: 'Nông trại Cư M’gar', ProducerCountry: 'VN' });
    }
    const byPlace = Object.fromEntries(fc.features.map((f) => [f.properties!.ProductionPlace, f]));
    expect(Object.keys(byPlace).sort()).toEqual(['Lô đồi số 3', 'Vườn nhỏ bờ suối']);
    // The plot over 4 ha is a polygon, closed; the small one a point, rounded to 6 decimals.
    const big = byPlace['Lô đồi số 3'];
    expect(big.geometry?.type).toBe('Polygon');
    expect(big.properties!.Area).toBe(4.9);
    const ring = (big.geometry as Polygon).coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(byPlace['Vườn nhỏ bờ suối'].geometry).toEqual({ type: 'Point', coordinates: [108.061235, 12.691235] });
    for (const p of positions(fc)) {
      expect(p).toHaveLength(2);
      for (const n of p) expect(Math.round(n * 1e6) / 1e6).toBe(n);
    }
  });

  it('reads a shipment’s statement with its own quantity, for its sender only', async () => {
    const c = await coffeeChain();
    const [s] = await t.db
      .insert(shipments)
      .values({
        platform: 'dtrack',
        producerId: c.coop.producerId!,
        lotId: c.r.id,
        quantity: 20,
        unit: 'Kg',
        partnerId: c.outside.id,
        shippedOn: '2025-04-16',
        documentNumber: 'HD-0016',
      })
      .returning();
    const res = await get(c.coop, `/api/v1/eudr/shipments/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.statement).toMatchObject({
      ready: true,
      net_mass_kg: 20,
      shipments: [{ id: s.id, shipped_on: '2025-04-16', document_number: 'HD-0016' }],
    });
    const geo = await get(c.coop, `/api/v1/eudr/shipments/${s.id}/geojson`);
    expect(geo.statusCode).toBe(200);
    expect(collection(geo.body).features).toHaveLength(2);
    // The receiver side, another producer and an unknown id: 404.
    for (const u of [c.shop, c.farm]) expect((await get(u, `/api/v1/eudr/shipments/${s.id}`)).statusCode).toBe(404);
    expect((await get(c.coop, '/api/v1/eudr/shipments/999999')).statusCode).toBe(404);
    expect((await get(admin, `/api/v1/admin/eudr/shipments/${s.id}`)).statusCode).toBe(200);
  });

  it('reports NOT READY naming a plot without geometry and a plot over 4 ha given as a point, in both languages', async () => {
    const c = await coffeeChain();
    await t.db.update(locations).set({ geometry: null }).where(eq(locations.id, c.small.id));
    await t.db
      .update(locations)
      .set({ geometry: { type: 'Point', coordinates: [108.05, 12.68] } })
      .where(eq(locations.id, c.plot.id));
    const res = await get(c.coop, `/api/v1/eudr/lots/${c.r.id}`);
    const s = json(res).data.statement;
    expect(s.ready).toBe(false);
    expect(s.reasons).toEqual([
      {
        vi: 'Thửa “Lô đồi số 3” (Nông trại Cư M’gar) rộng 4.9 ha, trên 4 ha: cần ranh giới (vùng), không chỉ một điểm.',
        en: 'Plot “Lô đồi số 3” (Nông trại Cư M’gar) is 4.9 ha, over 4 ha: it needs an outline (polygon), not only a point.',
      },
      {
        vi: 'Thửa “Vườn nhỏ bờ suối” (Nông trại Cư M’gar) chưa có vị trí (điểm hoặc ranh giới).',
        en: 'Plot “Vườn nhỏ bờ suối” (Nông trại Cư M’gar) has no location (point or outline).',
      },
    ]);
    expect(s.plots.map((p: { problem: string }) => p.problem)).toEqual(['point_over_4ha', 'no_geometry']);
    // DTrack answers in Vietnamese; the reasons carry both languages.
    const geo = await get(c.coop, `/api/v1/eudr/lots/${c.r.id}/geojson`);
    expect(geo.statusCode).toBe(409);
    expect(json(geo).meta.message).toBe(
      'Chưa đủ dữ liệu cho tờ khai EUDR: xem các lý do (reasons) và bổ sung vị trí các thửa còn thiếu.',
    );
    expect(json(geo).reasons).toHaveLength(2);
  });

  it('names an origin lot that records no plot, and a unit that is not a mass', async () => {
    const u = await buildUser(t.db);
    const product = await buildProduct(t.db, { producerId: u.producerId!, categoryId: coffeeCategory, unit: 'Hộp' });
    const lot = await buildBatch(t.db, { productId: product.id, lotCode: 'HOP-1', unit: 'Hộp', quantity: 40 });
    const s = json(await get(u, `/api/v1/eudr/lots/${lot.id}`)).data.statement;
    expect(s.ready).toBe(false);
    expect(s.net_mass_kg).toBeNull();
    expect(s.reasons.map((r: { vi: string }) => r.vi)).toEqual([
      'Đơn vị “Hộp” không phải khối lượng: cần khối lượng tịnh (kg) của hàng.',
      expect.stringContaining('Lô gốc “HOP-1”'),
    ]);
  });

  it('answers a product outside the EUDR commodities clearly (422), and another producer’s lot 404', async () => {
    const c = await coffeeChain();
    const u = await buildUser(t.db);
    const product = await buildProduct(t.db, { producerId: u.producerId!, categoryId: plainCategory });
    const lot = await buildBatch(t.db, { productId: product.id, lotCode: 'RAU-1' });
    const res = await get(u, `/api/v1/eudr/lots/${lot.id}`);
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.message).toContain('không thuộc mặt hàng EUDR');
    expect((await get(u, `/api/v1/eudr/lots/${lot.id}/geojson`)).statusCode).toBe(422);
    for (const url of [`/api/v1/eudr/lots/${c.r.id}`, `/api/v1/eudr/lots/${c.r.id}/geojson`])
      expect((await get(u, url)).statusCode).toBe(404);
    // The farm may not read the cooperative's lot either, though its plots are in it.
    expect((await get(c.farm, `/api/v1/eudr/lots/${c.r.id}`)).statusCode).toBe(404);
    // The administrator reads any producer's lot.
    expect((await get(admin, `/api/v1/admin/eudr/lots/${c.r.id}`)).statusCode).toBe(200);
    expect((await get(c.coop, `/api/v1/admin/eudr/lots/${c.r.id}`)).statusCode).toBe(403);
  });

  it('refuses a GeoJSON over the size cap (25 MB in the routes) with the cap named', async () => {
    expect(EUDR_GEOJSON_MAX_BYTES).toBe(25 * 1024 * 1024);
    const c = await coffeeChain();
    const built = await buildStatement(
      t.db,
      { platform: 'dtrack', viewer: { admin: true } },
      { kind: 'lot', id: c.r.id },
    );
    expect(() => statementGeojson(built, built.statement.geojson_bytes)).not.toThrow();
    expect(() => statementGeojson(built, built.statement.geojson_bytes - 1)).toThrow(
      expect.objectContaining({ status: 422, code: 'eudr_geojson_too_large' }),
    );
  });
});
