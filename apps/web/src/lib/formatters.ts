import { CURRENCY } from '@agrihub/contract/constants';
import { VIETNAM_TIME_ZONE } from '@agrihub/contract/vietnam-time';
import type { Locale } from '@agrihub/contract/platforms';

/** Times are stored in UTC and shown in Vietnam's time zone (DESIGN.md §3). */
export const DISPLAY_TIME_ZONE = VIETNAM_TIME_ZONE;

const intlLocale = (locale: Locale) => (locale === 'vi' ? 'vi-VN' : 'en-GB');

/** Formats a UTC timestamp in Vietnam's time zone; empty for a missing or invalid value. */
function formatInstant(iso: string | null | undefined, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: DISPLAY_TIME_ZONE, ...options }).format(date);
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  return formatInstant(iso, locale, { ...DATE, hour: '2-digit', minute: '2-digit', hour12: false });
}

export function formatDate(iso: string | null | undefined, locale: Locale): string {
  return formatInstant(iso, locale, DATE);
}

/** VND has no subunit: cents are đồng (DESIGN.md §3). */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat('vi-VN', { style: 'currency', currency: CURRENCY }).format(cents);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function percent(filled: number, total: number): number {
  return total > 0 ? Math.round((filled / total) * 100) : 0;
}
