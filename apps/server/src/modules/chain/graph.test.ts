import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chainEdges, traceabilities, tradingPartners } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser } from '../../../test/factories.js';
import { takeFromLot } from '../../lib/lot-quantity.js';
import { walkChain } from './graph.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Farms F1, F2 → (shipment) C1, C2 at the cooperative → (transformation) R → (shipment) S1 on the platform and an outside shop. */
async function branchingChain() {
  const u = await buildUser(t.db);
  const product = await buildProduct(t.db, { producerId: u.producerId! });
  const lot = () => buildBatch(t.db, { productId: product.id });
  const [f1, f2, c1, c2, r, s1, other] = [
    await lot(),
    await lot(),
    await lot(),
    await lot(),
    await lot(),
    await lot(),
    await lot(),
  ];
  const [partner] = await t.db
    .insert(tradingPartners)
    .values({ platform: u.platform, producerId: u.producerId!, name: 'Cửa hàng ngoài' })
    .returning();
  const edge = (from: number, to: number | null, kind: 'shipment' | 'transformation', sourceId: number) => ({
    platform: u.platform,
    fromLotId: from,
    toLotId: to,
    kind,
    sourceId,
    partnerId: to === null ? partner.id : null,
    quantity: 10.5,
    unit: 'Kg',
    occurredOn: '2025-04-01',
  });
  await t.db
    .insert(chainEdges)
    .values([
      edge(f1.id, c1.id, 'shipment', 1),
      edge(f2.id, c2.id, 'shipment', 2),
      edge(c1.id, r.id, 'transformation', 3),
      edge(c2.id, r.id, 'transformation', 3),
      edge(r.id, s1.id, 'shipment', 4),
      edge(r.id, null, 'shipment', 5),
    ]);
  return { f1, f2, c1, c2, r, s1, other };
}

describe('walkChain', () => {
  it('walks forward through a shipment and a transformation to every holder, and backward to every farm', async () => {
    const c = await branchingChain();
    const fwd = await walkChain(t.db, [c.f1.id], 'forward');
    expect(fwd.lots.map((l) => [l.id, l.depth])).toEqual([
      [c.f1.id, 0],
      [c.c1.id, 1],
      [c.r.id, 2],
      [c.s1.id, 3],
    ]);
    expect(fwd.edges.filter((e) => e.toLotId === null)).toMatchObject([{ fromLotId: c.r.id, quantity: 10.5 }]);
    expect(fwd.truncated).toBe(false);

    const back = await walkChain(t.db, [c.s1.id], 'backward');
    expect(back.lots.map((l) => l.id).sort((a, b) => a - b)).toEqual(
      [c.f1.id, c.f2.id, c.c1.id, c.c2.id, c.r.id, c.s1.id].sort((a, b) => a - b),
    );
    expect(back.edges).toHaveLength(5);
    expect((await walkChain(t.db, [c.other.id], 'forward')).lots).toEqual([{ id: c.other.id, depth: 0 }]);
  });

  it('says truncated when the depth or lot cap is reached', async () => {
    const c = await branchingChain();
    const shallow = await walkChain(t.db, [c.f1.id], 'forward', { maxDepth: 1 });
    expect(shallow.lots.map((l) => l.id)).toEqual([c.f1.id, c.c1.id]);
    expect(shallow.truncated).toBe(true);
    expect((await walkChain(t.db, [c.s1.id], 'backward', { maxLots: 3 })).truncated).toBe(true);
  });
});

describe('takeFromLot', () => {
  it('takes what is left and refuses more, with no race between parallel takes', async () => {
    const lot = await buildBatch(t.db, { quantity: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => t.db.transaction((tx) => takeFromLot(tx, lot.id, 2.5))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      status: 409,
      code: 'quantity_exceeds_remaining',
      params: { remaining: '0' },
    });
    const [row] = await t.db.select().from(traceabilities).where(eq(traceabilities.id, lot.id));
    expect(row.usedQuantity).toBe(10);
  });
});
