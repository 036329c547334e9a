import { LANGUAGE_COOKIE_MAX_AGE_S, LANGUAGE_COOKIE_NAME } from '@agrihub/contract/constants';
import { effectiveLocale, type Locale } from '@agrihub/contract/platforms';
import { platform } from './platform';

export function readLanguageCookie(): string | null {
  const prefix = `${LANGUAGE_COOKIE_NAME}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/** The site-wide language cookie, one year (spec §9). */
export function writeLanguageCookie(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${encodeURIComponent(locale)}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
}

/** Language at start-up: the cookie if the platform offers it, else the default; dtrack is always vi. */
export function initialLocale(): Locale {
  return effectiveLocale(platform.key, readLanguageCookie());
}

export const offersLanguageChoice = platform.locales.length > 1;
