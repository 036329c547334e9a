import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from './notifications.js';
import { PLATFORM_KEYS, PLATFORMS } from './platforms.js';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_KEYS,
  isMandatoryKind,
  notificationKindOf,
  notificationKindsFor,
  wantsNotification,
  type NotificationKindSpec,
} from './settings.js';
import { updatePlatformSettingRequest, updateUserSettingRequest } from './schemas/settings.js';

describe('notification kinds', () => {
  it('every notification type belongs to exactly one kind, and every kind lists known types', () => {
    const listed = NOTIFICATION_KIND_KEYS.flatMap((k) => [...NOTIFICATION_KINDS[k].types] as string[]);
    expect([...listed].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES) expect(notificationKindOf(type), type).not.toBeNull();
  });

  it('a user is offered its audience’s kinds and the common ones, on platforms with their feature', () => {
    for (const platform of PLATFORM_KEYS) {
      for (const administrator of [false, true]) {
        const offered = notificationKindsFor(platform, administrator);
        expect(offered[0]).toBe('account_security');
        for (const kind of NOTIFICATION_KIND_KEYS) {
          const spec: NotificationKindSpec = NOTIFICATION_KINDS[kind];
          const audience = spec.audience === 'everyone' || spec.audience === (administrator ? 'staff' : 'producer');
          const feature = !spec.feature || PLATFORMS[platform].features[spec.feature];
          expect(offered.includes(kind), `${platform} ${administrator} ${kind}`).toBe(audience && feature);
        }
      }
    }
    expect(notificationKindsFor('dtrack', false)).toContain('batch_recall');
    expect(notificationKindsFor('agrihub', false)).not.toContain('batch_recall');
    expect(notificationKindsFor('foodmap', true)).toContain('department_registration');
    expect(notificationKindsFor('dtrack', true)).not.toContain('department_registration');
  });

  it('on unless switched off, per channel; security notices and unlisted types always', () => {
    expect(wantsNotification(null, 'product.approved', 'email')).toBe(true);
    const prefs = { product_review: { email: false }, account_security: { in_app: false, email: false } };
    expect(wantsNotification(prefs, 'product.rejected', 'email')).toBe(false);
    expect(wantsNotification(prefs, 'product.rejected', 'in_app')).toBe(true);
    expect(wantsNotification(prefs, 'producer.approved', 'email')).toBe(true);
    expect(isMandatoryKind('account_security')).toBe(true);
    expect(wantsNotification(prefs, 'user.password_changed', 'email')).toBe(true);
    expect(wantsNotification(prefs, 'something.new', 'email')).toBe(true);
  });
});

describe('settings requests', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('third-party ids in their formats: GA4 upper-cased, Facebook page, Zalo OA digits; blank clears', () => {
    expect(
      updatePlatformSettingRequest.parse({
        ga_measurement_id: ' g-ab12cd34 ',
        facebook_page: 'agrihub.vn',
        zalo_oa_id: '579745863508352884',
        hotline: '',
        address: '   ',
      }),
    ).toEqual({
      ga_measurement_id: 'G-AB12CD34',
      facebook_page: 'agrihub.vn',
      zalo_oa_id: '579745863508352884',
      hotline: null,
      address: null,
    });
    const bad = updatePlatformSettingRequest.safeParse({
      ga_measurement_id: 'UA-12345-1',
      facebook_page: 'a.b',
      zalo_oa_id: '12ab',
      hotline: '12345',
      email: 'x@y',
    });
    expect(issues(bad)).toEqual({
      ga_measurement_id: 'invalidGaMeasurementId',
      facebook_page: 'invalidFacebookPage',
      zalo_oa_id: 'invalidZaloOaId',
      hotline: 'invalidPhone',
      email: 'invalidEmail',
    });
    // A script cannot ride in an id.
    expect(updatePlatformSettingRequest.safeParse({ ga_measurement_id: 'G-1234"><script>' }).success).toBe(false);
  });

  it('own settings: known kinds and booleans only', () => {
    expect(
      updateUserSettingRequest.safeParse({ notifications: [{ kind: 'product_review', in_app: true, email: false }] })
        .success,
    ).toBe(true);
    expect(
      issues(updateUserSettingRequest.safeParse({ notifications: [{ kind: 'x', in_app: 1, email: false }] })),
    ).toEqual({
      'notifications.0.kind': 'invalidNotificationKind',
      'notifications.0.in_app': 'invalidSwitch',
    });
  });
});
