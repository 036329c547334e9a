/**
 * Time in Vietnam (Asia/Ho_Chi_Minh): UTC+7 all year, no daylight saving, so a fixed offset is
 * exact. The one place the server and the web compute "today in Vietnam" or show a Vietnamese time.
 */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const VIETNAM_UTC_OFFSET = '+07:00';
const OFFSET_MS = 7 * 3600_000;

/** A Date whose UTC fields read as the wall clock in Vietnam (for spreadsheets, which have no zone). */
export function vietnamWallClock(date: Date | string | number): Date {
  return new Date(new Date(date).getTime() + OFFSET_MS);
}

/** The calendar day in Vietnam of `date`, `YYYY-MM-DD`. */
export function formatVietnamDate(date: Date | string | number): string {
  return vietnamWallClock(date).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
/** The last day asked for (days since the epoch in Vietnam) and its text: most calls ask for today. */
let memoDay = NaN;
let memoText = '';

/**
 * Today in Vietnam, `YYYY-MM-DD`. Remembered for its whole day (the public lookup asks on every
 * request; formatting a date each time showed in its profile): exact, as the day is computed first.
 */
export function todayInVietnam(now: Date | number = Date.now()): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  const day = Math.floor((ms + OFFSET_MS) / DAY_MS);
  if (day !== memoDay) {
    memoText = formatVietnamDate(ms);
    memoDay = day;
  }
  return memoText;
}

/** `date` as Vietnamese local time with its offset: `2025-03-01T08:30:00.000+07:00`. */
export function formatVietnamDateTime(date: Date | string | number): string {
  return vietnamWallClock(date).toISOString().replace('Z', VIETNAM_UTC_OFFSET);
}
