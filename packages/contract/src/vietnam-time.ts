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

/** Today in Vietnam, `YYYY-MM-DD`. */
export function todayInVietnam(now: Date | number = Date.now()): string {
  return formatVietnamDate(now);
}

/** `date` as Vietnamese local time with its offset: `2025-03-01T08:30:00.000+07:00`. */
export function formatVietnamDateTime(date: Date | string | number): string {
  return vietnamWallClock(date).toISOString().replace('Z', VIETNAM_UTC_OFFSET);
}
