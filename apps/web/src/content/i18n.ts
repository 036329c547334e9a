import { LANGUAGE_COOKIE_NAME } from '@agrihub/contract/constants';
import { CLIENT_MESSAGE_MESSAGES } from '@agrihub/contract/messages/client-messages';
import { CORE_MESSAGES } from '@agrihub/contract/messages/core';
import { REGISTER_DEPARTMENT_MESSAGES } from '@agrihub/contract/messages/register-department';
import { effectiveLocale, type Locale } from '@agrihub/contract/platforms';
import { detectLocale, formatters, interpolate, readCookie, translator } from '../light/i18n';
import { platform } from '../light/platform';
// The contact form reads as on the admin app's pages (/services/client): one wording, one file.
import contactEn from '../../public/locales/en/contact.json';
import contactVi from '../../public/locales/vi/contact.json';
// The sign-in page reads as the app's other account pages (public/locales/*/auth.json): only these parts.
import { fields as authFieldsEn, login as loginEn } from '../../public/locales/en/auth.json';
import { fields as authFieldsVi, login as loginVi } from '../../public/locales/vi/auth.json';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The public content pages' language: the admin app's language cookie when this platform offers
 * it, else the browser's (light/i18n); DTrack is Vietnamese only. Dictionaries are bundled.
 */
export const locale: Locale = effectiveLocale(
  platform.key,
  readCookie(LANGUAGE_COOKIE_NAME) ?? detectLocale(undefined, platform.locales),
);

export type ContentKey = keyof typeof vi;
export const t = translator<Record<ContentKey, string>>({ vi, en }, locale);

type ContactDictionary = typeof contactVi;
const contactDictionaries: Record<Locale, ContactDictionary> = { vi: contactVi, en: contactEn };
/** The contact form's words (public/locales/{vi,en}/contact.json, shared with the admin app). */
export const contactText: ContactDictionary = contactDictionaries[locale];

const loginDictionaries = {
  vi: { ...loginVi, ...authFieldsVi },
  en: { ...loginEn, ...authFieldsEn },
} satisfies Record<Locale, Record<string, string>>;
/** The sign-in page's words (auth.json's `login` and `fields`, shared with the admin app), `{{…}}` filled. */
export const loginText = translator(loginDictionaries, locale);

/**
 * The contract's messages the contact form can meet (its schema's keys, and the topics' labels):
 * the areas that hold them, not the whole catalogue of every area.
 */
const MESSAGES: Record<Locale, Record<string, string>> = {
  vi: { ...CORE_MESSAGES.vi, ...REGISTER_DEPARTMENT_MESSAGES.vi, ...CLIENT_MESSAGE_MESSAGES.vi },
  en: { ...CORE_MESSAGES.en, ...REGISTER_DEPARTMENT_MESSAGES.en, ...CLIENT_MESSAGE_MESSAGES.en },
};

/** A contract message key in the reader's language; `null` when the key is not one of them. */
export function messageText(key: string, params: Record<string, string | number> = {}, lang: Locale = locale) {
  const template = MESSAGES[lang][key];
  return template === undefined ? null : interpolate(template, params);
}

export const { formatDate, formatDateTime, formatNumber } = formatters(locale);
