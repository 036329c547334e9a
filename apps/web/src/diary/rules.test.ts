import { describe, expect, it } from 'vitest';
import type { DiaryContext } from './db';
import { fromLocalInput, parseNumber, readDetails, timeProblem } from './form-logic';
import { enqueue, type QueuedEntry } from './queue';
import { refuseHarvest, safeFrom } from './safety';
import { addFix, closeWalk, metresBetween } from './walk';

const context: DiaryContext = {
  plots: [],
  lots: [],
  products: [],
  // Sprayed 1 Dec 2026 at 23:30 in Vietnam (16:30 UTC), PHI 7; another plot's spraying never counts.
  sprayings: [
    { location_id: 5, traceability_id: null, occurred_at: '2026-12-01T16:30:00Z', phi_days: 7 },
    { location_id: 6, traceability_id: null, occurred_at: '2026-12-05T01:00:00Z', phi_days: 30 },
  ],
};
const plot5 = { location_id: 5, traceability_id: null };

describe('the harvest rule on the phone', () => {
  it('counts the plot’s sprayings by their Vietnam date: refused on the 7th day, allowed on the 8th', () => {
    expect(safeFrom(context, [], plot5)).toBe('2026-12-08');
    expect(refuseHarvest(context, [], plot5, '2026-12-07T16:59:00Z')).toBe('2026-12-08');
    expect(refuseHarvest(context, [], plot5, '2026-12-07T17:00:00Z')).toBeNull();
  });

  it('adds the sprayings waiting on the phone (offline), but not a failed one', () => {
    const waiting: QueuedEntry = enqueue(
      [],
      1,
      {
        type: 'spraying',
        occurred_at: '2026-12-09T02:00:00Z',
        location_id: 5,
        traceability_id: null,
        details: { phi_days: 3 },
        notes: null,
      },
      [],
    );
    expect(safeFrom(context, [waiting], plot5)).toBe('2026-12-12');
    expect(refuseHarvest(context, [waiting], plot5, '2026-12-10T02:00:00Z')).toBe('2026-12-12');
    expect(safeFrom(context, [{ ...waiting, status: 'failed' }], plot5)).toBe('2026-12-08');
    // A spraying on the lot counts for a harvest into that lot.
    const onLot = { ...waiting, draft: { ...waiting.draft, location_id: null, traceability_id: 9 } };
    expect(safeFrom(null, [onLot], { location_id: 5, traceability_id: 9 })).toBe('2026-12-12');
    expect(safeFrom(null, [onLot], plot5)).toBeNull();
  });
});

describe('the template form’s checks', () => {
  it('requires the template’s fields and reads numbers with a decimal comma', () => {
    const empty = readDetails('spraying', {});
    expect(Object.keys(empty.problems).sort()).toEqual(['active_ingredient', 'dose', 'phi_days', 'product']);
    expect(empty.problems.product.key).toBe('diaryFieldRequired');
    const harvest = readDetails('harvesting', { quantity: '250,5', unit: 'Kg' });
    expect(harvest).toEqual({ details: { quantity: 250.5, unit: 'Kg' }, problems: {} });
    expect(parseNumber('1.2.3')).toBeNaN();
    expect(readDetails('harvesting', { quantity: '0', unit: 'Kg' }).problems.quantity.key).toBe('invalidQuantity');
    expect(
      readDetails('spraying', { product: 'a', active_ingredient: 'b', dose: 'c', phi_days: '366' }).problems.phi_days
        .key,
    ).toBe('invalidNumber');
    // PHI 0 is allowed (no waiting).
    expect(
      readDetails('spraying', { product: 'a', active_ingredient: 'b', dose: 'c', phi_days: '0' }).problems,
    ).toEqual({});
    // An amount needs its unit.
    expect(readDetails('fertilising', { product: 'NPK', amount: '5' }).problems.unit.key).toBe('diaryFieldRequired');
    expect(readDetails('irrigation', { amount: '5' }).problems.unit.key).toBe('pleaseSelectUnit');
  });

  it('keeps the time within 5 minutes ahead and 400 days back', () => {
    const now = Date.parse('2026-12-07T00:00:00Z');
    expect(timeProblem('2026-12-07T00:04:00Z', now)).toBeNull();
    expect(timeProblem('2026-12-07T00:06:00Z', now)?.key).toBe('diaryTimeInFuture');
    expect(timeProblem('2025-10-01T00:00:00Z', now)?.key).toBe('diaryTimeTooOld');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('walking a plot’s boundary', () => {
  it('keeps precise fixes a few metres apart and closes the polygon', () => {
    let walk = addFix([], { lon: 108.05, lat: 12.68, accuracy: 5 });
    walk = addFix(walk, { lon: 108.05001, lat: 12.68, accuracy: 5 }); // ~1 m: not kept
    walk = addFix(walk, { lon: 108.0501, lat: 12.68, accuracy: 50 }); // imprecise: not kept
    walk = addFix(walk, { lon: 108.0501, lat: 12.68, accuracy: 8 });
    expect(walk).toHaveLength(2);
    expect(metresBetween(walk[0], walk[1])).toBeGreaterThan(10);
    expect(closeWalk(walk)).toBeNull();
    walk = addFix(walk, { lon: 108.0501, lat: 12.6801, accuracy: 8 });
    expect(closeWalk(walk)?.coordinates[0]).toEqual([...walk, walk[0]]);
  });
});
