import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_MAX_RETRIES, TRANSLATION_RETRY_MS } from '@agrihub/contract/constants';
import { MESSAGES } from '@agrihub/contract/messages/index';
import { effectiveLocale, type Locale } from '@agrihub/contract/platforms';
import { initialLocale, writeLanguageCookie } from './language';
import { platform } from './platform';

/** Namespaces served from public/locales/{lng}/{ns}.json; `validation` is bundled from the contract. */
export const NAMESPACES = [
  'common',
  'enums',
  'auth',
  'menu',
  'account',
  'dashboard',
  'no-permission',
  'security',
  'admin',
  'products',
  'admin-products',
  'admin-producers',
  'batches',
  'locations',
  'partners',
  'shipments',
  'transformations',
  'chain',
  'notifications',
  'services',
  'services-approval',
  'services-setting',
  'register-department',
  'booking-rooms',
  'contact',
  'client-messages',
  'sales-channels',
  'sales-approval',
  'rich-text',
  'content-admin',
  'oems',
  'purchase-orders',
  'settings',
] as const;
export type Namespace = (typeof NAMESPACES)[number] | 'validation';

const startLocale = initialLocale();

void i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init({
    lng: startLocale,
    supportedLngs: [...platform.locales],
    // English is complete (a unit test compares the key sets), so a missing key is a bug, not a fallback.
    fallbackLng: false,
    load: 'languageOnly',
    // Enum labels (statuses, types, roles) are on nearly every page: loaded with common.
    ns: ['common', 'enums'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    // i18next's backend connector retries a failed load `maxRetries` times, waiting `retryTimeout`
    // first and doubling the wait each time (350, 700, 1400 … ms): exactly spec §7.
    maxRetries: TRANSLATION_MAX_RETRIES,
    retryTimeout: TRANSLATION_RETRY_MS,
    interpolation: { escapeValue: false },
  });

// The API's messages, so form rules read exactly like the server's answers.
for (const locale of platform.locales) {
  i18n.addResourceBundle(locale, 'validation', MESSAGES[locale], true, true);
}

document.documentElement.lang = startLocale;

export function currentLocale(): Locale {
  return effectiveLocale(platform.key, i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Switches the UI language (within what the platform allows) and writes the one-year cookie.
 * Saving the choice to the account is the caller's job (it needs the API).
 */
export async function applyLanguage(wanted: string | null | undefined): Promise<Locale> {
  const locale = effectiveLocale(platform.key, wanted);
  writeLanguageCookie(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  return locale;
}

export default i18n;
