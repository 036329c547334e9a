import { describe, expect, it } from 'vitest';
import { chainVisibility, edgeQuantityVisible, edgeVisible } from './chain-visibility.js';

// Farm (producer 1) lot 1 → shipped to the cooperative (2) lot 2 → transformed into lot 3 → shipped to a shop (3) lot 4; lot 3 also shipped outside (no lot).
const lots = [
  { id: 1, producerId: 1 },
  { id: 2, producerId: 2 },
  { id: 3, producerId: 2 },
  { id: 4, producerId: 3 },
];
const edges = [
  { fromLotId: 1, toLotId: 2 },
  { fromLotId: 2, toLotId: 3 },
  { fromLotId: 3, toLotId: 4 },
  { fromLotId: 3, toLotId: null },
];

describe('chainVisibility', () => {
  it('shows the administrator every lot in full', () => {
    const v = chainVisibility({ admin: true }, lots, edges);
    expect([...v.values()]).toEqual(['full', 'full', 'full', 'full']);
    expect(edges.every((e) => edgeVisible({ admin: true }, e, v) && edgeQuantityVisible({ admin: true }, e, v))).toBe(
      true,
    );
  });

  it('shows a producer its own lots in full, one step either side by name, nothing beyond', () => {
    const farm = { admin: false as const, producerId: 1 };
    const v = chainVisibility(farm, lots, edges);
    expect(Object.fromEntries(v)).toEqual({ 1: 'full', 2: 'names', 3: 'hidden', 4: 'hidden' });
    expect(edges.map((e) => edgeVisible(farm, e, v))).toEqual([true, false, false, false]);
    expect(edgeQuantityVisible(farm, edges[0], v)).toBe(true);

    const coop = { admin: false as const, producerId: 2 };
    const c = chainVisibility(coop, lots, edges);
    expect(Object.fromEntries(c)).toEqual({ 1: 'names', 2: 'full', 3: 'full', 4: 'names' });
    expect(edges.map((e) => edgeVisible(coop, e, c))).toEqual([true, true, true, true]);

    const shop = { admin: false as const, producerId: 3 };
    const s = chainVisibility(shop, lots, edges);
    expect(Object.fromEntries(s)).toEqual({ 1: 'hidden', 2: 'hidden', 3: 'names', 4: 'full' });
    // The cooperative's shipment to an outside party is not the shop's to see.
    expect(edges.map((e) => edgeVisible(shop, e, s))).toEqual([false, false, true, false]);
  });

  it('never shows a lot two steps away even when the lot between is visible by name', () => {
    const v = chainVisibility({ admin: false, producerId: 3 }, lots, edges);
    expect(v.get(2)).toBe('hidden');
    expect(edgeQuantityVisible({ admin: false, producerId: 3 }, { fromLotId: 2, toLotId: 3 }, v)).toBe(false);
  });
});
