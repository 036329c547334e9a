import { z } from 'zod';
import {
  FACEBOOK_PAGE_PATTERN,
  GA_MEASUREMENT_ID_PATTERN,
  NOTIFICATION_KIND_KEYS,
  SETTING_ADDRESS_MAX,
  SETTING_WORKING_HOURS_MAX,
  ZALO_OA_ID_PATTERN,
} from '../settings.js';
import { LOCALES } from '../platforms.js';
import { emailField, envelope, localeField, textField } from './common.js';
import { phoneField } from '../phone.js';

/**
 * /general-setting (DESIGN §5.5): GET/PUT /api/v1/settings (the signed-in user's own language and
 * notification switches) and, for the role admin, GET/PUT /api/v1/admin/platform_settings (public
 * contact details, analytics and chat ids). GET /api/v1/client/platform_settings is the public part.
 */

export const notificationKindField = z.enum(NOTIFICATION_KIND_KEYS as [string, ...string[]], {
  error: 'invalidNotificationKind',
});

/** One kind's switches as answered: `mandatory` kinds are always on (security notices). */
export const notificationSetting = z.object({
  kind: z.enum(NOTIFICATION_KIND_KEYS as [string, ...string[]]),
  in_app: z.boolean(),
  email: z.boolean(),
  mandatory: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

export const userSetting = z.object({
  locale: z.enum(LOCALES),
  /** The languages the platform offers (one on DTrack). */
  locales: z.array(z.enum(LOCALES)),
  /** The kinds offered to this user, in the contract's order. */
  notifications: z.array(notificationSetting),
});
export type UserSetting = z.infer<typeof userSetting>;
export const userSettingAnswer = envelope('setting', userSetting);

const flag = z.boolean({ error: 'invalidSwitch' });

/** PUT /api/v1/settings: any of the language and the kinds' switches (a kind left out keeps its switches). */
export const updateUserSettingRequest = z.object({
  locale: localeField.optional(),
  notifications: z
    .array(z.object({ kind: notificationKindField, in_app: flag, email: flag }), { error: 'invalidSettingValue' })
    .max(NOTIFICATION_KIND_KEYS.length, 'invalidSettingValue')
    .optional(),
});
export type UpdateUserSettingRequest = z.input<typeof updateUserSettingRequest>;

/** A cleared input ('' or spaces) means "not set". */
const blankToNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : v === null || (typeof v === 'string' && !v.trim()) ? null : v),
    schema,
  );

const idOf = (pattern: RegExp, key: string, upper = false) =>
  blankToNull(
    textField({ error: key })
      .trim()
      .transform((s) => (upper ? s.toUpperCase() : s))
      .pipe(z.string().regex(pattern, key))
      .nullable(),
  );

export const platformSettingFields = {
  /** The hotline shown on public pages and mails (spec §5 phone rule). */
  hotline: blankToNull(phoneField.nullable()),
  email: blankToNull(emailField.nullable()),
  address: blankToNull(textField().trim().max(SETTING_ADDRESS_MAX, 'tooLong').nullable()),
  working_hours: blankToNull(textField().trim().max(SETTING_WORKING_HOURS_MAX, 'tooLong').nullable()),
  /** Google Analytics 4 measurement id (`G-XXXXXXXXXX`). */
  ga_measurement_id: idOf(GA_MEASUREMENT_ID_PATTERN, 'invalidGaMeasurementId', true),
  /** Facebook page username or id: a Messenger link on public pages. */
  facebook_page: idOf(FACEBOOK_PAGE_PATTERN, 'invalidFacebookPage'),
  /** Zalo Official Account id: the Zalo chat widget on public pages. */
  zalo_oa_id: idOf(ZALO_OA_ID_PATTERN, 'invalidZaloOaId'),
};

/** PUT /api/v1/admin/platform_settings: any subset; '' or null clears a field. */
export const updatePlatformSettingRequest = z.object(platformSettingFields).partial();
export type UpdatePlatformSettingRequest = z.input<typeof updatePlatformSettingRequest>;

export const publicContact = z.object({
  /** As stored: E.164 (`+84912345678`), for `tel:` links and editing. */
  hotline: z.string().nullable(),
  /** The hotline as people read it (`0912 345 678`, the contract's formatPhone), for the light pages that load no phone code. */
  hotline_display: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  working_hours: z.string().nullable(),
});
export type PublicContact = z.infer<typeof publicContact>;

export const platformSetting = publicContact.extend({
  ga_measurement_id: z.string().nullable(),
  facebook_page: z.string().nullable(),
  zalo_oa_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PlatformSetting = z.infer<typeof platformSetting>;
export const platformSettingAnswer = envelope('platform_setting', platformSetting);

/** GET /api/v1/client/platform_settings: what public pages show (contact details only). */
export const publicPlatformSettingAnswer = envelope('contact', publicContact);
