import { LOCALES, type Locale } from '@agrihub/contract/platforms';
import { VIETNAM_TIME_ZONE } from '@agrihub/contract/vietnam-time';

/**
 * The light public entries' tiny i18n (trace.html, content.html): their dictionaries are bundled
 * (a few KB), no i18next. The language comes from the browser within what the page offers.
 */

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The first of the browser's languages that is offered; another language means a reader abroad:
 * English when offered, else Vietnamese (also when the browser says nothing).
 */
export function detectLocale(
  languages: readonly string[] = browserLanguages(),
  offered: readonly Locale[] = LOCALES,
): Locale {
  for (const lang of languages) {
    const base = lang.toLowerCase().split('-')[0];
    if ((offered as readonly string[]).includes(base)) return base as Locale;
  }
  return languages.length && offered.includes('en') ? 'en' : 'vi';
}

/** A cookie's value (the admin app's language cookie, read by the public pages too), or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!found) return null;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return null;
  }
}

/** `{{name}}` placeholders filled from `params`. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A `t(key, params)` over one dictionary per language; a key missing in `locale` reads the Vietnamese. */
export function translator<D extends Record<string, string>>(dictionaries: { vi: D; en: D }, locale: Locale) {
  const dict = dictionaries[locale];
  return (key: keyof D & string, params?: Record<string, string | number>): string =>
    interpolate(dict[key] ?? dictionaries.vi[key] ?? key, params);
}

/** Dates, times (in Vietnam) and numbers as a reader of `locale` writes them. */
export function formatters(locale: Locale) {
  const intlLocale = locale === 'vi' ? 'vi-VN' : 'en-GB';
  const dateOnly = new Intl.DateTimeFormat(intlLocale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTime = new Intl.DateTimeFormat(intlLocale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: VIETNAM_TIME_ZONE,
  });
  const number = new Intl.NumberFormat(intlLocale);
  return {
    /** `YYYY-MM-DD` (a calendar date, no time zone) → local display. */
    formatDate: (value: string | null | undefined): string => {
      if (!value) return '';
      const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? value : dateOnly.format(d);
    },
    /** An ISO instant → date and time in Vietnam. */
    formatDateTime: (value: string | null | undefined): string => {
      if (!value) return '';
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : dateTime.format(d);
    },
    formatNumber: (value: number): string => number.format(value),
  };
}
