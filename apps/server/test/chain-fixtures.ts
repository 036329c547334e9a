import { chainEdges, locations, traceEvents, tradingPartners } from '../src/db/schema/index.js';
import type { PolygonGeometry } from '@agrihub/contract';
import type { Db } from '../src/db/client.js';
import { buildBatch, buildProduct, buildUser, type BatchRow, type Built } from './factories.js';

/** A square plot of about 4.9 ha near Buôn Ma Thuột (closed ring, WGS84). */
export const PLOT_OUTLINE: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [108.05, 12.68],
      [108.052, 12.68],
      [108.052, 12.682],
      [108.05, 12.682],
      [108.05, 12.68],
    ],
  ],
};

/**
 * A branching coffee chain written straight into the chain's tables, as shipments, receipts and
 * transformations write them (ADR 036 §2):
 *
 *   farm F: f1 (100 kg, 60 used), f2 (100, 100 used) — both harvested on plot `plot`; f3 elsewhere
 *   e1 f1 → c1 (shipment, 60)          e2 f2 → c2 (shipment, 100)        cooperative C
 *   e3 c1 → r  (transformation, 60)    e4 c2 → r  (transformation, 50)   r roasted 110, 50 used
 *   e5 c2 → d  (transformation, 20; d is a draft)
 *   e6 c2 → ∅  (shipment to shop S, not yet received, 10)
 *   e7 r  → s1 (shipment to shop S, received, 30)                       shop S
 *   e8 r  → ∅  (shipment to an outside shop, 20)
 */
export async function buildCoffeeChain(db: Db) {
  const farm = await buildUser(db, { producer: { name: 'Nông trại Cư M’gar' } });
  const coop = await buildUser(db, { producer: { name: 'HTX Cà phê Ea Tu' } });
  const shop = await buildUser(db, { producer: { name: 'Cửa hàng Cà phê Phố Núi' } });
  const product = async (u: Built, name: string) => buildProduct(db, { producerId: u.producerId!, name });
  const [cherry, roasted, retail] = [
    await product(farm, 'Cà phê anh đào'),
    await product(coop, 'Cà phê rang xay'),
    await product(shop, 'Cà phê gói'),
  ];
  const [plot] = await db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      kind: 'farm_plot',
      name: 'Lô đồi số 3',
      provinceCode: '66',
      geometry: PLOT_OUTLINE,
      areaHa: 4.9,
    })
    .returning();
  const [plant] = await db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: coop.producerId!,
      kind: 'processing_plant',
      name: 'Xưởng rang Ea Tu',
      provinceCode: '66',
    })
    .returning();
  const lot = (productId: number, lotCode: string, quantity: number, usedQuantity: number, status = 'published') =>
    buildBatch(db, { productId, lotCode, quantity, usedQuantity, status: status as 'published' | 'draft' });
  const f1 = await lot(cherry.id, 'F1', 100, 60);
  const f2 = await lot(cherry.id, 'F2', 100, 100);
  const f3 = await lot(cherry.id, 'F3', 50, 0);
  const c1 = await lot(roasted.id, 'C1', 60, 60);
  const c2 = await lot(roasted.id, 'C2', 100, 80);
  const r = await lot(roasted.id, 'R', 110, 50);
  const d = await lot(roasted.id, 'D', 20, 0, 'draft');
  const s1 = await lot(retail.id, 'S1', 30, 0);

  const event = (b: BatchRow, step: string, locationId: number | null, day: number) => ({
    traceabilityId: b.id,
    step,
    position: 0,
    occurredAt: new Date(Date.UTC(2025, 3, day, 1)),
    place: 'Ea Tu',
    locationId,
  });
  await db
    .insert(traceEvents)
    .values([
      event(f1, 'harvesting', plot.id, 1),
      event(f2, 'harvesting', plot.id, 2),
      event(f3, 'harvesting', null, 2),
      event(r, 'processing', plant.id, 10),
    ]);

  const partner = async (owner: Built, name: string, linked: Built | null) =>
    (
      await db
        .insert(tradingPartners)
        .values({
          platform: 'dtrack',
          producerId: owner.producerId!,
          name,
          linkedProducerId: linked?.producerId ?? null,
          note: 'ghi chú nội bộ',
        })
        .returning()
    )[0];
  const farmToCoop = await partner(farm, 'HTX Ea Tu', coop);
  const coopToShop = await partner(coop, 'Phố Núi', shop);
  const outside = await partner(coop, 'Quán cà phê Hẻm 12', null);

  let source = 1000;
  const edge = (
    from: BatchRow,
    to: BatchRow | null,
    kind: 'shipment' | 'transformation',
    quantity: number,
    partnerId: number | null,
    day: number,
  ) => ({
    platform: 'dtrack',
    fromLotId: from.id,
    toLotId: to?.id ?? null,
    kind,
    sourceId: ++source,
    partnerId,
    quantity,
    unit: 'Kg',
    occurredOn: `2025-04-${String(day).padStart(2, '0')}`,
  });
  const t3 = edge(c1, r, 'transformation', 60, null, 10);
  const edges = await db
    .insert(chainEdges)
    .values([
      edge(f1, c1, 'shipment', 60, farmToCoop.id, 5),
      edge(f2, c2, 'shipment', 100, farmToCoop.id, 6),
      t3,
      { ...edge(c2, r, 'transformation', 50, null, 10), sourceId: t3.sourceId },
      edge(c2, d, 'transformation', 20, null, 11),
      edge(c2, null, 'shipment', 10, coopToShop.id, 12),
      edge(r, s1, 'shipment', 30, coopToShop.id, 15),
      edge(r, null, 'shipment', 20, outside.id, 16),
    ])
    .returning();
  return { farm, coop, shop, plot, plant, f1, f2, f3, c1, c2, r, d, s1, edges, outside };
}
