import { TRACE_STEP_LABELS, type TraceStep } from '@agrihub/contract/trace-steps';
import { VIETNAM_TIME_ZONE } from '@agrihub/contract/vietnam-time';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The public trace page's own tiny i18n: both dictionaries are bundled (a few KB) and the
 * language comes from the browser (Vietnamese unless the browser prefers something else).
 */
export type TraceLocale = 'vi' | 'en';
type Dictionary = typeof vi;
export type TraceKey = keyof Dictionary;

const DICTIONARIES: Record<TraceLocale, Dictionary> = { vi, en };

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function detectLocale(languages: readonly string[] = browserLanguages()): TraceLocale {
  for (const lang of languages) {
    const base = lang.toLowerCase().split('-')[0];
    if (base === 'vi' || base === 'en') return base;
  }
  // Any other language: English is the better-understood fallback abroad, Vietnamese when unknown.
  return languages.length ? 'en' : 'vi';
}

export const locale: TraceLocale = detectLocale();
const dict = DICTIONARIES[locale];

export function t(key: TraceKey, params: Record<string, string | number> = {}): string {
  const template = dict[key] ?? DICTIONARIES.vi[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Stage labels live once, in the contract (the server's EPCIS export uses the same steps). */
export function stepLabel(step: string): string {
  return (TRACE_STEP_LABELS[step as TraceStep] ?? TRACE_STEP_LABELS.other)[locale];
}

const TIME_ZONE = VIETNAM_TIME_ZONE;
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
  timeZone: TIME_ZONE,
});

/** `YYYY-MM-DD` (a calendar date, no time zone) → local display. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : dateOnly.format(d);
}

/** An ISO instant → date and time in Vietnam. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateTime.format(d);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale).format(value);
}
