import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit as gs1CheckDigit, translate } from '@agrihub/contract';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { eventBody } from '../traceabilities/batch-api.test-helper.js';

let t: TestApp;
let a: Built;
let b: Built;
let admin: Built;
let otherAdmin: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
  otherAdmin = await buildUser(t.db, { roles: ['admin'], platform: 'foodmap' });
});
afterAll(() => t.close());

const req = (u: Built, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: as(u),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let glnSeq = 100_000;
/** A GLN with its right check digit, new each call. */
const gln = () => {
  const body = `893600${String(++glnSeq).padStart(6, '0')}`;
  return body + String(gs1CheckDigit(body));
};

/** A 0.01° × 0.01° square at (108, 12) with a 0.002° hole: about 123 ha minus the hole. */
const square = (x = 108, y = 12, d = 0.01) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const plot = { type: 'Polygon', coordinates: [square()] };

const body = (extra: Record<string, unknown> = {}) => ({
  kind: 'farm_plot',
  name: 'Lô cà phê Ea Tu',
  province_code: '66',
  commune: 'Xã Ea Tu',
  address: 'Thôn 3',
  crop_or_species: 'Cà phê vối',
  certifications: [
    {
      scheme: 'vietgap',
      number: 'VG-01',
      issuer: 'Trung tâm Chứng nhận',
      valid_from: '2024-01-01',
      valid_until: '2099-01-01',
    },
  ],
  ...extra,
});

async function create(u: Built, extra: Record<string, unknown> = {}) {
  const res = await req(u, 'POST', '/api/v1/locations', body(extra));
  if (res.statusCode !== 201) throw new Error(`create location: ${res.statusCode} ${res.body}`);
  return json(res).data.location;
}

describe('locations CRUD', () => {
  it('creates a location with its area computed geodesically, rounded coordinates and certification validity', async () => {
    const withHole = {
      type: 'Polygon',
      coordinates: [
        square(),
        square(108.004, 12.004, 0.002)
          .reverse()
          .map(([x, y]) => [x + 0.00000012, y]),
      ],
    };
    const res = await req(a, 'POST', '/api/v1/locations', body({ geometry: withHole, gln: gln() }));
    expect(res.statusCode).toBe(201);
    const l = json(res).data.location;
    expect(l).toMatchObject({
      kind: 'farm_plot',
      name: 'Lô cà phê Ea Tu',
      province_code: '66',
      commune: 'Xã Ea Tu',
      crop_or_species: 'Cà phê vối',
      producer: { id: a.producerId },
      certifications: [{ scheme: 'vietgap', number: 'VG-01', valid_until: '2099-01-01', validity: 'valid' }],
    });
    // 0.01° cell at 12° N ≈ 120.9 ha, minus the 0.002° hole (≈ 4.84 ha).
    expect(l.area_ha).toBeGreaterThan(115);
    expect(l.area_ha).toBeLessThan(117);
    // 6 decimals kept: the hole's shifted longitude is rounded.
    expect(l.geometry.coordinates[1][0][0]).toBe(108.004);
    expect(json(res).meta.message).toBe('Đã thêm địa điểm.');
  });

  it('a point has no area; an expired certification says so', async () => {
    const l = await create(a, {
      geometry: { type: 'Point', coordinates: [108.05, 12.68] },
      certifications: [{ scheme: 'organic', valid_until: '2020-01-01' }],
    });
    expect(l.area_ha).toBeNull();
    expect(l.geometry).toEqual({ type: 'Point', coordinates: [108.05, 12.68] });
    expect(l.certifications[0]).toMatchObject({ scheme: 'organic', validity: 'expired', number: null });
  });

  it('reads, updates (area recomputed, stale refused) and deletes its own location', async () => {
    const l = await create(a, { geometry: plot });
    const got = await req(a, 'GET', `/api/v1/locations/${l.id}`);
    expect(got.statusCode).toBe(200);
    expect(json(got).data.location.id).toBe(l.id);

    const put = await req(a, 'PUT', `/api/v1/locations/${l.id}`, {
      ...body({ name: 'Lô cà phê Ea Tu 2', geometry: { type: 'Polygon', coordinates: [square(108, 12, 0.02)] } }),
      updated_at: l.updated_at,
    });
    expect(put.statusCode).toBe(200);
    const updated = json(put).data.location;
    expect(updated.name).toBe('Lô cà phê Ea Tu 2');
    expect(updated.area_ha).toBeGreaterThan(4 * 115);
    expect(updated.updated_at > l.updated_at).toBe(true);

    const stale = await req(a, 'PUT', `/api/v1/locations/${l.id}`, { ...body(), updated_at: l.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).meta.code).toBe('stale_update');

    const cleared = await req(a, 'PUT', `/api/v1/locations/${l.id}`, body({ geometry: null }));
    expect(json(cleared).data.location).toMatchObject({ geometry: null, area_ha: null });

    expect((await req(a, 'DELETE', `/api/v1/locations/${l.id}`)).statusCode).toBe(200);
    expect((await req(a, 'GET', `/api/v1/locations/${l.id}`)).statusCode).toBe(404);
  });

  it('records create, update and delete in the activity history', async () => {
    const l = await create(a);
    await req(a, 'PUT', `/api/v1/locations/${l.id}`, body({ name: 'Đổi tên' }));
    const hist = json(await req(admin, 'GET', `/api/v1/admin/locations/${l.id}/history`)).data.history;
    expect(hist.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(hist[0].detail).toMatchObject({ fields: ['name'] });
    await req(a, 'DELETE', `/api/v1/locations/${l.id}`);
    const rows = await t.db.execute<{ action: string }>(
      `select action from activity where subject_type = 'location' and subject_id = ${l.id}` as never,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['delete']);
  });

  it("answers 404 for another producer's location on every route", async () => {
    const theirs = await create(b);
    expect((await req(a, 'GET', `/api/v1/locations/${theirs.id}`)).statusCode).toBe(404);
    expect((await req(a, 'PUT', `/api/v1/locations/${theirs.id}`, body())).statusCode).toBe(404);
    expect((await req(a, 'DELETE', `/api/v1/locations/${theirs.id}`)).statusCode).toBe(404);
    expect((await req(b, 'GET', `/api/v1/locations/${theirs.id}`)).statusCode).toBe(200);
  });

  it('refuses an administrator without a producer (403) and an anonymous caller (401)', async () => {
    expect((await req(admin, 'GET', '/api/v1/locations')).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: { platform: 'dtrack' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('location rules', () => {
  it('refuses a GLN with a wrong check digit (422 on gln)', async () => {
    const good = gln();
    const bad = good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
    const res = await req(a, 'POST', '/api/v1/locations', body({ gln: bad }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toContainEqual({ field: 'gln', message: translate('vi', 'invalidGln') });
  });

  it('a GLN is unique on the platform: 409 gln_taken for another producer too, also on update', async () => {
    const g = gln();
    await create(a, { gln: g });
    const dup = await req(b, 'POST', '/api/v1/locations', body({ gln: g }));
    expect(dup.statusCode).toBe(409);
    expect(json(dup).meta).toMatchObject({ code: 'gln_taken', message: expect.stringContaining(g) });
    const mine = await create(a);
    const put = await req(a, 'PUT', `/api/v1/locations/${mine.id}`, body({ gln: g }));
    expect(put.statusCode).toBe(409);
    expect(json(put).meta.code).toBe('gln_taken');
    // Blank means none: many locations without a GLN.
    expect((await req(a, 'POST', '/api/v1/locations', body({ gln: '' }))).statusCode).toBe(201);
    expect((await req(a, 'POST', '/api/v1/locations', body({ gln: '  ' }))).statusCode).toBe(201);
  });

  it.each([
    [
      'polygonSelfIntersecting',
      {
        type: 'Polygon',
        coordinates: [
          [
            [108, 12],
            [108.01, 12.01],
            [108.01, 12],
            [108, 12.01],
            [108, 12],
          ],
        ],
      },
    ],
    [
      'polygonNotClosed',
      {
        type: 'Polygon',
        coordinates: [
          [
            [108, 12],
            [108.01, 12],
            [108.01, 12.01],
            [108, 12.01],
          ],
        ],
      },
    ],
    [
      'invalidGeometry',
      {
        type: 'LineString',
        coordinates: [
          [108, 12],
          [108.01, 12],
        ],
      },
    ],
    ['invalidCoordinate', { type: 'Point', coordinates: [12.68, 108.05] }],
  ])('refuses a geometry (%s) with the contract message on field geometry', async (key, geometry) => {
    const res = await req(a, 'POST', '/api/v1/locations', body({ geometry }));
    expect(res.statusCode).toBe(422);
    const errors = json(res).meta.errors as { field: string; message: string }[];
    expect(errors.find((e) => e.field.startsWith('geometry'))?.message).toBe(translate('vi', key));
  });

  it('validates kind, name, province and certification dates', async () => {
    const res = await req(a, 'POST', '/api/v1/locations', {
      ...body({ kind: 'moon', name: ' ', province_code: '99' }),
      certifications: [{ scheme: 'vietgap', valid_from: '2025-02-01', valid_until: '2025-01-01' }],
    });
    expect(res.statusCode).toBe(422);
    const fields = (json(res).meta.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['certifications.0.valid_until', 'kind', 'name', 'province_code']);
  });
});

describe('location list', () => {
  it('filters by kind and province, searches name and GLN accent-free, sorts and pages', async () => {
    const p = await buildUser(t.db);
    const g = gln();
    const big = await create(p, {
      name: 'Vườn Sầu Riêng',
      kind: 'farm_plot',
      geometry: { type: 'Polygon', coordinates: [square(108, 12, 0.02)] },
    });
    const small = await create(p, {
      name: 'Ao tôm Bạc Liêu',
      kind: 'pond',
      province_code: '96',
      gln: g,
      geometry: plot,
    });
    const shop = await create(p, { name: 'Cửa hàng Đà Lạt', kind: 'shop' });
    await create(b, { name: 'Vườn sầu riêng khác' });
    const ids = async (qs: string) =>
      json(await req(p, 'GET', `/api/v1/locations?${qs}`)).data.locations.map((l: { id: number }) => l.id);
    expect(await ids('q=sau rieng')).toEqual([big.id]);
    expect(await ids(`q=${g.slice(3, 11)}`)).toEqual([small.id]);
    expect(await ids('kind=pond')).toEqual([small.id]);
    expect(await ids('province_code=96')).toEqual([small.id]);
    expect(await ids('sort=-area_ha')).toEqual([big.id, small.id, shop.id]);
    expect(await ids('sort=name')).toEqual([small.id, shop.id, big.id]);
    const page = json(await req(p, 'GET', '/api/v1/locations?sort=created_at&per_page=2&page=2'));
    expect(page.data.locations.map((l: { id: number }) => l.id)).toEqual([shop.id]);
    expect(page.meta).toEqual({ total_count: 3, current_page: 2, per_page: 2 });
    expect((await req(p, 'GET', '/api/v1/locations?sort=gln')).statusCode).toBe(422);
    expect((await req(p, 'GET', '/api/v1/locations?kind=moon')).statusCode).toBe(422);
  });
});

describe('admin reads the platform’s locations', () => {
  it('lists every producer’s locations of its platform, filters by producer, reads one; another platform sees none', async () => {
    const la = await create(a, { name: 'Kho Buôn Ma Thuột', kind: 'warehouse' });
    const lb = await create(b, { name: 'Kho Pleiku', kind: 'warehouse' });
    const all = json(await req(admin, 'GET', '/api/v1/admin/locations?kind=warehouse&per_page=100')).data.locations;
    expect(all.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([la.id, lb.id]));
    const onlyB = json(await req(admin, 'GET', `/api/v1/admin/locations?producer_id=${b.producerId}&per_page=100`)).data
      .locations;
    expect(onlyB.every((l: { producer: { id: number } }) => l.producer.id === b.producerId)).toBe(true);
    expect((await req(admin, 'GET', `/api/v1/admin/locations/${la.id}`)).statusCode).toBe(200);
    expect((await req(otherAdmin, 'GET', `/api/v1/admin/locations/${la.id}`)).statusCode).toBe(404);
    const foreign = json(await req(otherAdmin, 'GET', '/api/v1/admin/locations?per_page=100')).data.locations;
    expect(foreign).toEqual([]);
    expect((await req(a, 'GET', '/api/v1/admin/locations')).statusCode).toBe(403);
  });
});

describe('events at a location', () => {
  it('an event at one of the producer’s locations stores it; the place defaults to its name', async () => {
    const l = await create(a, { name: 'Lô A1 Ea Tu' });
    const product = await buildProduct(t.db, { producerId: a.producerId! });
    const batch = await buildBatch(t.db, { productId: product.id, status: 'draft' });
    const res = await req(
      a,
      'POST',
      `/api/v1/traceabilities/${batch.id}/events`,
      eventBody('harvesting', { place: '', location_id: l.id }),
    );
    expect(res.statusCode).toBe(201);
    const ev = json(res).data.traceability.events[0];
    expect(ev).toMatchObject({ place: 'Lô A1 Ea Tu', location: { id: l.id, name: 'Lô A1 Ea Tu', kind: 'farm_plot' } });
    // A typed place is kept beside the location.
    const typed = await req(
      a,
      'PUT',
      `/api/v1/traceabilities/${batch.id}/events/${ev.id}`,
      eventBody('harvesting', { place: 'Góc đồi', location_id: l.id }),
    );
    expect(json(typed).data.traceability.events[0]).toMatchObject({ place: 'Góc đồi', location: { id: l.id } });
    // Used by an event: the location cannot be deleted (the foreign key restricts).
    const del = await req(a, 'DELETE', `/api/v1/locations/${l.id}`);
    expect(del.statusCode).toBe(409);
    expect(json(del).meta).toMatchObject({ code: 'location_in_use', message: translate('vi', 'location_in_use') });
    expect((await req(a, 'GET', `/api/v1/locations/${l.id}`)).statusCode).toBe(200);
    // Unlinked, it can.
    await req(
      a,
      'PUT',
      `/api/v1/traceabilities/${batch.id}/events/${ev.id}`,
      eventBody('harvesting', { location_id: null }),
    );
    expect((await req(a, 'DELETE', `/api/v1/locations/${l.id}`)).statusCode).toBe(200);
  });

  it('refuses another producer’s location or an unknown one (422 on location_id)', async () => {
    const theirs = await create(b);
    const product = await buildProduct(t.db, { producerId: a.producerId! });
    const batch = await buildBatch(t.db, { productId: product.id, status: 'draft' });
    for (const id of [theirs.id, 2_000_000_000]) {
      const res = await req(
        a,
        'POST',
        `/api/v1/traceabilities/${batch.id}/events`,
        eventBody('planting', { location_id: id }),
      );
      expect(res.statusCode).toBe(422);
      expect(json(res).meta.errors).toContainEqual({
        field: 'location_id',
        message: translate('vi', 'invalidLocation'),
      });
    }
  });

  it('an event without a location reads as before: its free-text place, location null', async () => {
    const batch = await buildBatch(t.db, { producerId: a.producerId!, status: 'draft', events: ['planting'] });
    const got = json(await req(a, 'GET', `/api/v1/traceabilities/${batch.id}`)).data.traceability;
    expect(got.events[0]).toMatchObject({ place: 'Đồi chè Tân Lập, Sơn La', location: null });
  });
});
