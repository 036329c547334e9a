import { LANGUAGE_COOKIE_NAME } from '@agrihub/contract/constants';
import { formatDayMonthYear } from '@agrihub/contract/diary';
import { DIARY_MESSAGES } from '@agrihub/contract/messages/diary';
import { LOCATION_MESSAGES } from '@agrihub/contract/messages/locations';
import { effectiveLocale, type Locale } from '@agrihub/contract/platforms';
import { detectLocale, formatters, interpolate, readCookie, translator } from '../light/i18n';
import { platform } from '../light/platform';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The diary's words: its own dictionaries (bundled, light/i18n) and the contract's diary and
 * location messages (entry types, template fields, units, the harvest refusal, outline refusals),
 * the same the server answers with. Language: the app's cookie on platforms that offer it, else
 * the browser's; DTrack is Vietnamese.
 */
export const locale: Locale = effectiveLocale(
  platform.key,
  readCookie(LANGUAGE_COOKIE_NAME) ?? detectLocale(undefined, platform.locales),
);

export type DiaryKey = keyof typeof vi;
export const t = translator<Record<DiaryKey, string>>({ vi, en }, locale);

const contract = { ...DIARY_MESSAGES[locale], ...LOCATION_MESSAGES[locale] } as Record<string, string>;
/** A contract message (diary, locations) by key, `{{…}}` filled; the key itself when unknown. */
export function contractText(key: string, params?: Record<string, string | number>): string {
  return interpolate(contract[key] ?? key, params);
}

export const typeLabel = (type: string) => contractText(`diary_type.${type}`);
export const fieldLabel = (name: string) => contractText(`diary_field.${name}`);
/** A diary unit's label; the harvest's units (spec §5: Kg, Thùng…) are shown as they are. */
export const unitLabel = (unit: string) => contract[`diary_unit.${unit}`] ?? unit;

/** The phone's refusal of an unsafe harvest, in the server's words. */
export const harvestUnsafeText = (safeFrom: string) =>
  contractText('harvest_unsafe', { date: formatDayMonthYear(safeFrom) });

export const { formatDate, formatDateTime, formatNumber } = formatters(locale);

/** A refusal's words: the contract's message when it has one, else the diary's (form checks). */
export function problemText(key: string, params?: Record<string, string | number>): string {
  if (contract[key]) return contractText(key, params);
  return t(key as DiaryKey, params);
}
