import { describe, expect, it } from 'vitest';
import { addCalendarDays, bookingEndDate, nextFreeStart, periodsOverlap } from './register-department.js';
import { bookingRoomBody, bookingRoomUpdateBody } from './booking-rooms.js';

describe('booking periods', () => {
  const p = (start_date: string, end_date: string) => ({ start_date, end_date });

  it('overlap when they share a day; the day after the end is adjacent, not overlapping', () => {
    expect(periodsOverlap(p('2030-01-01', '2030-01-31'), p('2030-01-31', '2030-02-27'))).toBe(true);
    expect(periodsOverlap(p('2030-01-01', '2030-01-31'), p('2030-02-01', '2030-02-28'))).toBe(false);
    expect(periodsOverlap(p('2030-01-10', '2030-01-12'), p('2030-01-01', '2030-01-31'))).toBe(true);
    expect(bookingEndDate('2030-01-01', 1)).toBe('2030-01-31');
    expect(addCalendarDays('2030-02-28', 1)).toBe('2030-03-01');
  });

  it('finds the first start from which the months fit, jumping over chained bookings but using a gap that is long enough', () => {
    const booked = [p('2030-01-01', '2030-01-31'), p('2030-02-01', '2030-02-28'), p('2030-04-01', '2030-04-30')];
    expect(nextFreeStart(booked, '2030-01-15', 1)).toEqual({ start: '2030-03-01', bookedUntil: '2030-02-28' });
    // A month from 1 March fits before April; two months do not: after April.
    expect(nextFreeStart(booked, '2030-01-15', 2)).toEqual({ start: '2030-05-01', bookedUntil: '2030-04-30' });
    expect(nextFreeStart(booked, '2030-05-01', 3)).toEqual({ start: '2030-05-01', bookedUntil: null });
  });
});

describe('room bodies', () => {
  it('defaults a new room to open to booking at position 0, and bounds every field', () => {
    const ok = bookingRoomBody.parse({ name: ' A1 ', name_en: 'A1', location: 'Tầng 1', size_m2: 9, price_per_month: 3_500_000 });
    expect(ok).toMatchObject({ name: 'A1', available: true, position: 0 });
    const bad = bookingRoomBody.safeParse({ name: '', name_en: 'x'.repeat(121), location: '\u0000', size_m2: 0, price_per_month: -1, position: 40_000 });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((i) => i.path[0]))).toEqual(
      new Set(['name', 'name_en', 'location', 'size_m2', 'price_per_month', 'position']),
    );
    // An edit sets only what it names (no defaults slipped in).
    expect(bookingRoomUpdateBody.parse({ position: 2 })).toEqual({ position: 2 });
  });
});
