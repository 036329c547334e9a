import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolygonGeometry, PublicOrigins } from '@agrihub/contract';
import { chainEdges, locations, producers, traceEvents, tracePublicDocs } from '../../db/schema/index.js';
import { as, headers, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type BatchRow, type Built } from '../../../test/factories.js';
import { PLOT_OUTLINE, buildCoffeeChain } from '../../../test/chain-fixtures.js';
import { tellProducer } from './state.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (code: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${code}`,
    headers: headers('dtrack'),
    remoteAddress: '203.0.113.9',
  });

/** A plot outline shifted east by `dx` degrees (still closed, about 4.9 ha). */
const outlineAt = (dx: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [PLOT_OUTLINE.coordinates[0].map(([x, y]): [number, number] => [x + dx, y])],
});

/**
 * One more member farm feeding the roasted lot `r`: its plot, a cherry lot harvested there,
 * shipped to the cooperative, received into a lot of the cooperative and roasted into `r`.
 */
async function addFarm(
  chain: Awaited<ReturnType<typeof buildCoffeeChain>>,
  name: string,
  province: string,
  dx: number,
) {
  const farm = await buildUser(t.db, { producer: { name } });
  const cherry = await buildProduct(t.db, { producerId: farm.producerId!, name: 'Cà phê anh đào' });
  const [plot] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      kind: 'farm_plot',
      name: `Lô của ${name}`,
      provinceCode: province,
      geometry: outlineAt(dx),
      areaHa: 4.9,
    })
    .returning();
  const lot = await buildBatch(t.db, { productId: cherry.id, quantity: 80, usedQuantity: 80, status: 'draft' });
  const received = await buildBatch(t.db, { productId: chain.c1.productId, quantity: 80, usedQuantity: 80 });
  await t.db.insert(traceEvents).values([
    {
      traceabilityId: lot.id,
      step: 'harvesting',
      position: 0,
      occurredAt: new Date('2025-04-03T01:00:00Z'),
      place: 'x',
      locationId: plot.id,
      description: 'ghi chú nội bộ',
    },
    {
      traceabilityId: received.id,
      step: 'receiving',
      position: 0,
      occurredAt: new Date('2025-04-07T01:00:00Z'),
      place: 'Kho HTX',
      locationId: null,
    },
  ]);
  const edge = (from: BatchRow, to: BatchRow, kind: 'shipment' | 'transformation', sourceId: number, day: string) => ({
    platform: 'dtrack',
    fromLotId: from.id,
    toLotId: to.id,
    kind,
    sourceId,
    partnerId: null,
    quantity: 80,
    unit: 'Kg',
    occurredOn: day,
  });
  await t.db
    .insert(chainEdges)
    .values([
      edge(lot, received, 'shipment', 90_000 + lot.id, '2025-04-06'),
      edge(received, chain.r, 'transformation', chain.edges[2].sourceId, '2025-04-10'),
    ]);
  return { farm, plot, lot };
}

/** Every key of a JSON value, however deep. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  return out;
}

describe('public trace page: origins (ADR 036 §5)', () => {
  let chain: Awaited<ReturnType<typeof buildCoffeeChain>>;
  let farm2: Built;
  beforeAll(async () => {
    chain = await buildCoffeeChain(t.db);
    farm2 = (await addFarm(chain, 'Trang trại Krông Pắc', '66', 0.01)).farm;
    await addFarm(chain, 'Nông hộ Bảo Lộc', '68', 0.02);
  });

  it('the roasted lot lists the three farms with their plots (province, area, outline) and the steps with dates', async () => {
    const res = await lookup(chain.r.publicCode);
    expect(res.statusCode).toBe(200);
    const o: PublicOrigins = json(res).data.traceability.origins;
    expect(o.truncated).toBe(false);
    expect(o.origins.map((x) => x.name).sort()).toEqual([
      'Nông hộ Bảo Lộc',
      'Nông trại Cư M’gar',
      'Trang trại Krông Pắc',
    ]);
    const first = o.origins.find((x) => x.name === 'Nông trại Cư M’gar')!;
    expect(first.places).toEqual([
      {
        name: 'Lô đồi số 3',
        kind: 'farm_plot',
        province_code: '66',
        province: 'Đắk Lắk',
        area_ha: 4.9,
        geometry: PLOT_OUTLINE,
      },
    ]);
    const third = o.origins.find((x) => x.name === 'Nông hộ Bảo Lộc')!;
    expect(third.places[0]).toMatchObject({ province_code: '68', province: 'Lâm Đồng', geometry: outlineAt(0.02) });
    // Steps on the way: each harvest at its plot, the receipt of the third farm's cherries; dated, in order.
    expect(o.steps.map((s) => [s.step, s.place, s.occurred_at.slice(0, 10)])).toEqual([
      ['harvesting', 'Lô đồi số 3', '2025-04-01'],
      ['harvesting', 'Lô đồi số 3', '2025-04-02'],
      ['harvesting', 'Lô của Trang trại Krông Pắc', '2025-04-03'],
      ['harvesting', 'Lô của Nông hộ Bảo Lộc', '2025-04-03'],
    ]);
    expect(o.steps[0].by).toBe('Nông trại Cư M’gar');
    // Never a quantity, a price, a partner's name or a note.
    const text = JSON.stringify(o);
    for (const k of keysOf(o)) expect(['quantity', 'unit', 'price', 'note', 'description', 'partner']).not.toContain(k);
    expect(text).not.toContain('ghi chú');
    expect(text).not.toContain('Phố Núi');
    expect(text).not.toContain('Hẻm 12');
    // The page was stored with its origins: the second lookup reads it back the same.
    expect(
      (await t.db.select().from(tracePublicDocs).where(eq(tracePublicDocs.traceabilityId, chain.r.id))).length,
    ).toBe(1);
    expect(json(await lookup(chain.r.publicCode)).data.traceability.origins).toEqual(o);
  });

  it('a lot with no chain upstream has no origins (a farm lot, or a lot of no chain at all)', async () => {
    const f1 = json(await lookup(chain.f1.publicCode)).data.traceability;
    expect(f1).not.toHaveProperty('origins');
    const lone = await buildBatch(t.db);
    const d = json(await lookup(lone.publicCode)).data.traceability;
    expect(d).not.toHaveProperty('origins');
  });

  it('a lot received from one farm shows that farm only', async () => {
    const o: PublicOrigins = json(await lookup(chain.c1.publicCode)).data.traceability.origins;
    expect(o.origins.map((x) => x.name)).toEqual(['Nông trại Cư M’gar']);
  });

  it('an upstream plot renamed, or a farm renamed, shows on the downstream page at once (stored and cached pages dropped)', async () => {
    expect(json(await lookup(chain.r.publicCode)).data.traceability.origins.origins.length).toBe(3);
    const got = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/locations/${chain.plot.id}`, headers: as(chain.farm) }),
    ).data.location;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/locations/${chain.plot.id}`,
      headers: as(chain.farm),
      payload: {
        kind: 'farm_plot',
        name: 'Lô đồi Ea Kao',
        province_code: '66',
        geometry: PLOT_OUTLINE,
        certifications: [],
        updated_at: got.updated_at,
      },
    });
    expect(put.statusCode).toBe(200);
    const after: PublicOrigins = json(await lookup(chain.r.publicCode)).data.traceability.origins;
    expect(after.origins.find((x) => x.name === 'Nông trại Cư M’gar')!.places[0].name).toBe('Lô đồi Ea Kao');
    expect(after.steps[0].place).toBe('Lô đồi Ea Kao');
    // Two steps downstream too (the shop's lot received from the roasted one).
    const s1: PublicOrigins = json(await lookup(chain.s1.publicCode)).data.traceability.origins;
    expect(s1.origins.flatMap((x) => x.places.map((p) => p.name))).toContain('Lô đồi Ea Kao');

    // A farm's new name reaches the pages its lots went into: renamed as the profile route does
    // (producers/routes.ts: the update and tellProducer in one transaction).
    await t.db.transaction(async (tx) => {
      await tx.update(producers).set({ name: 'Trang trại Krông Pắc Xanh' }).where(eq(producers.id, farm2.producerId!));
      await tellProducer(t.app, tx, farm2.producerId!);
    });
    const renamed: PublicOrigins = json(await lookup(chain.r.publicCode)).data.traceability.origins;
    expect(renamed.origins.map((x) => x.name)).toContain('Trang trại Krông Pắc Xanh');
  });
});
