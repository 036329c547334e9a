import { describe, expect, it } from 'vitest';
import { formatVietnamDate, todayInVietnam } from './vietnam-time.js';

describe('today in Vietnam (UTC+7)', () => {
  it('turns at 17:00 UTC, whatever day was asked before', () => {
    const eve = Date.UTC(2026, 11, 31, 16, 59, 59, 999);
    const newYear = eve + 1;
    // Asked in turns: the remembered day never answers for another.
    expect(todayInVietnam(eve)).toBe('2026-12-31');
    expect(todayInVietnam(newYear)).toBe('2027-01-01');
    expect(todayInVietnam(eve)).toBe('2026-12-31');
    expect(todayInVietnam(new Date(newYear))).toBe('2027-01-01');
    expect(todayInVietnam(Date.UTC(2026, 11, 31, 0, 0))).toBe('2026-12-31');
    expect(todayInVietnam(Date.UTC(2026, 11, 30, 23, 59))).toBe('2026-12-31');
  });

  it('is the day formatVietnamDate gives for now, and refuses an invalid date as it does', () => {
    expect(todayInVietnam()).toBe(formatVietnamDate(Date.now()));
    expect(() => todayInVietnam(Number.NaN)).toThrow(RangeError);
    expect(() => formatVietnamDate(Number.NaN)).toThrow(RangeError);
  });
});
