import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_KEYS } from '@agrihub/contract/settings';
import type { UserSetting } from '@agrihub/contract/schemas/settings';
import en from '../../../public/locales/en/settings.json';
import vi from '../../../public/locales/vi/settings.json';
import { readSiteContact, telHref } from '../../light/site-contact';
import { PLATFORM_FIELDS, initialValues, platformRequest, platformValues, settingRequest } from './lib/setting-values';

const setting: UserSetting = {
  locale: 'vi',
  locales: ['vi', 'en'],
  notifications: [
    { kind: 'account_security', in_app: true, email: true, mandatory: true },
    { kind: 'product_review', in_app: true, email: false, mandatory: false },
    { kind: 'sale_channel', in_app: false, email: false, mandatory: false },
  ],
};

describe('general settings', () => {
  it('every kind of notification has a title and a description in Vietnamese and English', () => {
    for (const kind of NOTIFICATION_KIND_KEYS) {
      for (const dict of [vi, en] as { kinds: Record<string, { title?: string; description?: string }> }[]) {
        expect(dict.kinds[kind]?.title, kind).toBeTruthy();
        expect(dict.kinds[kind]?.description, kind).toBeTruthy();
      }
    }
  });

  it('sends the language (where there is a choice) and every switch but the locked security one', () => {
    const values = initialValues(setting);
    values.notifications.sale_channel.email = true;
    values.locale = 'en';
    expect(settingRequest(values, setting)).toEqual({
      locale: 'en',
      notifications: [
        { kind: 'product_review', in_app: true, email: false },
        { kind: 'sale_channel', in_app: false, email: true },
      ],
    });
    // DTrack offers one language: none is sent.
    expect(settingRequest(values, { ...setting, locales: ['vi'] })).not.toHaveProperty('locale');
  });

  it("sends every platform field, a cleared one as '' (the server stores null)", () => {
    const values = platformValues({
      hotline: '+84912345678',
      hotline_display: '0912 345 678',
      email: null,
      address: null,
      working_hours: null,
      ga_measurement_id: 'G-TEST1234',
      facebook_page: null,
      zalo_oa_id: null,
      updated_at: null,
    });
    // The stored E.164 hotline reads the Vietnamese way in the form.
    expect(values.hotline).toBe('0912 345 678');
    values.hotline = '  091-234-5678 ';
    values.ga_measurement_id = '';
    const body = platformRequest(values);
    expect(Object.keys(body)).toEqual([...PLATFORM_FIELDS]);
    expect(body).toMatchObject({ hotline: '091-234-5678', ga_measurement_id: '', email: '' });
  });
});

describe('the contact block of a light page', () => {
  const doc = (text: string | null) =>
    ({
      getElementById: (id: string) => (id === 'site-contact' && text !== null ? { textContent: text } : null),
    }) as unknown as Document;

  it('reads what the server embedded, and nothing from an empty, missing or broken block', () => {
    expect(
      readSiteContact(
        doc(
          '{"hotline":"+84912345678","hotline_display":"0912 345 678","email":null,"address":"Hà Nội","working_hours":""}',
        ),
      ),
    ).toEqual({
      hotline: '+84912345678',
      hotline_display: '0912 345 678',
      email: null,
      address: 'Hà Nội',
      working_hours: null,
    });
    expect(readSiteContact(doc('{"hotline":null,"email":null,"address":null,"working_hours":null}'))).toBeNull();
    expect(readSiteContact(doc(null))).toBeNull();
    expect(readSiteContact(doc('{oops'))).toBeNull();
  });

  it('dials the digits of a formatted number', () => {
    expect(telHref('(091) 234-5678')).toBe('tel:0912345678');
    expect(telHref('+84 912 345 678')).toBe('tel:+84912345678');
  });
});
