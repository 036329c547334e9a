import { describe, expect, it } from 'vitest';
import { DIARY_ENTRY_TYPES, DIARY_STEP, DIARY_TEMPLATES, harvestRefusal, safeToHarvestFrom } from './diary.js';
import { diaryEntryRequest } from './schemas/diary.js';
import { MESSAGES } from './messages/index.js';

// 2026-12-01 23:30 in Vietnam is 16:30 UTC the same day.
const SPRAYED = '2026-12-01T23:30:00+07:00';

describe('the pre-harvest interval', () => {
  it('counts from the Vietnam date of the spraying: sprayed 1 Dec 23:30 with PHI 7 is safe from 8 Dec', () => {
    expect(safeToHarvestFrom([{ occurred_at: SPRAYED, phi_days: 7 }])).toBe('2026-12-08');
    // The same moment written in UTC is still 1 December in Vietnam.
    expect(safeToHarvestFrom([{ occurred_at: '2026-12-01T16:30:00Z', phi_days: 7 }])).toBe('2026-12-08');
    // 17:30 UTC is already 2 December in Vietnam.
    expect(safeToHarvestFrom([{ occurred_at: '2026-12-01T17:30:00Z', phi_days: 7 }])).toBe('2026-12-09');
  });

  it('refuses a harvest on 7 Dec 23:59 Vietnam time and allows it on 8 Dec 00:00', () => {
    const sprayings = [{ occurred_at: SPRAYED, phi_days: 7 }];
    expect(harvestRefusal(sprayings, '2026-12-07T23:59:00+07:00')).toEqual({ safe_from: '2026-12-08' });
    expect(harvestRefusal(sprayings, '2026-12-07T16:59:00Z')).toEqual({ safe_from: '2026-12-08' });
    expect(harvestRefusal(sprayings, '2026-12-08T00:00:00+07:00')).toBeNull();
    expect(harvestRefusal(sprayings, '2026-12-07T17:00:00Z')).toBeNull();
  });

  it('never refuses with PHI 0, even on the day of the spraying', () => {
    const sprayings = [{ occurred_at: SPRAYED, phi_days: 0 }];
    expect(harvestRefusal(sprayings, '2026-12-01T23:45:00+07:00')).toBeNull();
    expect(harvestRefusal(sprayings, '2026-12-02T06:00:00+07:00')).toBeNull();
  });

  it('takes the latest safe date of several sprayings, not the last spraying', () => {
    const sprayings = [
      { occurred_at: '2026-11-20T08:00:00+07:00', phi_days: 21 }, // safe 11 Dec
      { occurred_at: SPRAYED, phi_days: 7 }, // safe 8 Dec
      { occurred_at: '2026-11-28T08:00:00+07:00', phi_days: 3 }, // safe 1 Dec
    ];
    expect(safeToHarvestFrom(sprayings)).toBe('2026-12-11');
    expect(harvestRefusal(sprayings, '2026-12-10T12:00:00+07:00')).toEqual({ safe_from: '2026-12-11' });
    expect(harvestRefusal(sprayings, '2026-12-11T00:00:00+07:00')).toBeNull();
  });

  it('ignores a spraying made after the harvest, and has no date without sprayings', () => {
    expect(harvestRefusal([{ occurred_at: SPRAYED, phi_days: 7 }], '2026-12-01T10:00:00+07:00')).toBeNull();
    expect(safeToHarvestFrom([])).toBeNull();
    expect(harvestRefusal([], '2026-12-01T10:00:00+07:00')).toBeNull();
  });
});

describe('the diary templates', () => {
  it('give every type a step and labels of its type and fields in both languages', () => {
    for (const type of DIARY_ENTRY_TYPES) {
      expect(DIARY_STEP[type]).toBeTruthy();
      for (const locale of ['vi', 'en'] as const) {
        expect(MESSAGES[locale][`diary_type.${type}`], type).toBeTruthy();
        for (const f of DIARY_TEMPLATES[type]) {
          expect(MESSAGES[locale][`diary_field.${f.name}`], f.name).toBeTruthy();
          if (f.kind === 'unit' && type !== 'harvesting')
            for (const u of f.options ?? []) expect(MESSAGES[locale][`diary_unit.${u}`], u).toBeTruthy();
        }
      }
    }
  });
});

describe('diaryEntryRequest', () => {
  const base = {
    idempotency_key: 'k'.repeat(16),
    type: 'spraying',
    occurred_at: new Date(Date.now() - 3600_000).toISOString(),
    location_id: 1,
    details: { product: 'Regent', active_ingredient: 'Fipronil', dose: '20 ml/16 l', phi_days: 7 },
  };
  const issues = (body: object) => {
    const r = diaryEntryRequest.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a spraying on a plot', () => {
    expect(issues(base)).toEqual([]);
  });

  it('bounds the idempotency key to 16–64 letters, digits, - and _', () => {
    expect(issues({ ...base, idempotency_key: 'k'.repeat(15) })).toEqual(['idempotency_key:invalidIdempotencyKey']);
    expect(issues({ ...base, idempotency_key: 'k'.repeat(65) })).toEqual(['idempotency_key:invalidIdempotencyKey']);
    expect(issues({ ...base, idempotency_key: 'k'.repeat(15) + '/' })).toEqual([
      'idempotency_key:invalidIdempotencyKey',
    ]);
    expect(issues({ ...base, idempotency_key: 'Ab-_9'.repeat(12) + 'abcd' })).toEqual([]);
  });

  it('refuses a missing template field, an unsafe PHI and an amount without its unit', () => {
    expect(issues({ ...base, details: { ...base.details, active_ingredient: ' ' } })).toEqual([
      'details.active_ingredient:diaryFieldRequired',
    ]);
    expect(issues({ ...base, details: { ...base.details, phi_days: undefined } })).toEqual([
      'details.phi_days:diaryFieldRequired',
    ]);
    expect(issues({ ...base, details: { ...base.details, phi_days: 366 } })).toEqual([
      'details.phi_days:invalidNumber',
    ]);
    expect(issues({ ...base, type: 'irrigation', details: { amount: 5 } })).toEqual(['details.unit:pleaseSelectUnit']);
  });

  it('refuses a time in the future and one older than 400 days', () => {
    expect(issues({ ...base, occurred_at: new Date(Date.now() + 10 * 60_000).toISOString() })).toEqual([
      'occurred_at:diaryTimeInFuture',
    ]);
    expect(issues({ ...base, occurred_at: new Date(Date.now() - 401 * 86_400_000).toISOString() })).toEqual([
      'occurred_at:diaryTimeTooOld',
    ]);
  });

  it('needs a plot or a lot, and a harvest into a new lot needs its plot', () => {
    expect(issues({ ...base, location_id: null })).toEqual(['location_id:diaryPlotOrLotRequired']);
    const harvest = { ...base, type: 'harvesting', details: { quantity: 120, unit: 'Kg', lot: { product_id: 3 } } };
    expect(issues(harvest)).toEqual([]);
    expect(issues({ ...harvest, location_id: null })).toEqual(['location_id:diaryHarvestNeedsPlot']);
    expect(
      issues({ ...harvest, location_id: null, details: { ...harvest.details, lot: { traceability_id: 4 } } }),
    ).toEqual([]);
    expect(issues({ ...harvest, details: { quantity: 120, unit: 'Kg', lot: {} } })).toEqual([
      'details.lot:diaryHarvestLotRequired',
    ]);
    expect(issues({ ...harvest, details: { quantity: 120, unit: 'kg', lot: { product_id: 3 } } })).toEqual([
      'details.unit:invalidUnit',
    ]);
  });
});
