import type { Locale } from '@agrihub/contract/platforms';
import { formatPhone } from '@agrihub/contract/phone';
import type {
  PlatformSetting,
  UpdatePlatformSettingRequest,
  UpdateUserSettingRequest,
  UserSetting,
} from '@agrihub/contract/schemas/settings';

/** The own settings' form: the language and, per kind, the two switches. */
export interface PersonalValues {
  locale: Locale;
  notifications: Record<string, { in_app: boolean; email: boolean }>;
}

export function initialValues(setting: UserSetting): PersonalValues {
  return {
    locale: setting.locale,
    notifications: Object.fromEntries(setting.notifications.map((n) => [n.kind, { in_app: n.in_app, email: n.email }])),
  };
}

/** What PUT /api/v1/settings is sent: the language (where there is a choice), and every kind that is not locked. */
export function settingRequest(values: PersonalValues, setting: UserSetting): UpdateUserSettingRequest {
  return {
    ...(setting.locales.length > 1 ? { locale: values.locale } : {}),
    notifications: setting.notifications
      .filter((n) => !n.mandatory)
      .map((n) => ({
        kind: n.kind,
        in_app: !!values.notifications[n.kind]?.in_app,
        email: !!values.notifications[n.kind]?.email,
      })),
  };
}

export const PLATFORM_FIELDS = [
  'hotline',
  'email',
  'address',
  'working_hours',
  'ga_measurement_id',
  'facebook_page',
  'zalo_oa_id',
] as const;
export type PlatformField = (typeof PLATFORM_FIELDS)[number];
export type PlatformValues = Record<PlatformField, string>;

/** The form's values: the hotline (E.164) as people type it (1900 1234, 0912 345 678). */
export const platformValues = (s: PlatformSetting): PlatformValues =>
  Object.fromEntries(
    PLATFORM_FIELDS.map((f) => [f, f === 'hotline' ? formatPhone(s.hotline) : (s[f] ?? '')]),
  ) as PlatformValues;

/** Every field is sent: a cleared one as '' (the server stores null). */
export const platformRequest = (v: PlatformValues): UpdatePlatformSettingRequest =>
  Object.fromEntries(PLATFORM_FIELDS.map((f) => [f, (v[f] ?? '').trim()]));
