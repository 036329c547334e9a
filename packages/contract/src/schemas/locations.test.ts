import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { CERTIFICATION_SCHEMES, LOCATION_KINDS, LOCATION_MAX_CERTIFICATIONS, locationInput } from './locations.js';

const plot = {
  kind: 'farm_plot',
  name: 'Lô cà phê số 3',
  province_code: '66', // Đắk Lắk
  commune: 'Xã Hòa Phú',
  gln: '0614141000005',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [108.04, 12.68],
        [108.041842, 12.68],
        [108.041842, 12.681886],
        [108.04, 12.681886],
        [108.04, 12.68],
      ],
    ],
  },
  crop_or_species: 'Cà phê vối',
  certifications: [
    {
      scheme: 'vietgap',
      number: 'VG-123',
      issuer: 'Trung tâm Kiểm định',
      valid_from: '2025-01-01',
      valid_until: '2027-12-31',
    },
  ],
};
const keysOf = (input: unknown) => {
  const result = locationInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('location input', () => {
  it('accepts a farm plot with a GLN, an outline and a VietGAP certification', () => {
    const parsed = locationInput.parse(plot);
    expect(parsed).toMatchObject({ kind: 'farm_plot', province_code: '66', gln: '0614141000005', address: null });
    expect(parsed.geometry?.type).toBe('Polygon');
  });

  it('needs only kind, name and province; blanks are no value', () => {
    expect(
      locationInput.parse({ kind: 'warehouse', name: ' Kho lạnh ', province_code: '79', gln: '', commune: ' ' }),
    ).toEqual({
      kind: 'warehouse',
      name: 'Kho lạnh',
      province_code: '79',
      commune: null,
      address: null,
      gln: null,
      geometry: null,
      crop_or_species: null,
      certifications: [],
    });
  });

  it('refuses each bad field with its own message key', () => {
    expect(
      keysOf({
        ...plot,
        kind: 'field',
        name: ' ',
        province_code: '99', // not one of the 34 units since 1 July 2025
        gln: '0614141000006',
        geometry: { type: 'Polygon', coordinates: [plot.geometry.coordinates[0].slice(0, 4)] },
        crop_or_species: 'x'.repeat(201),
      }),
    ).toEqual([
      'kind: invalidLocationKind',
      'name: pleaseInputLocationName',
      'province_code: invalidProvince',
      'gln: invalidGln',
      'geometry: polygonNotClosed',
      'crop_or_species: tooLong',
    ]);
  });

  it('refuses a certification ending before it starts, an unknown scheme and more than 20', () => {
    const cert = plot.certifications[0];
    expect(
      keysOf({
        ...plot,
        certifications: [
          { ...cert, valid_from: '2027-01-01', valid_until: '2026-12-31' },
          { ...cert, scheme: 'iso' },
        ],
      }),
    ).toEqual([
      'certifications.0.valid_until: certificationDatesInvalid',
      'certifications.1.scheme: invalidCertificationScheme',
    ]);
    expect(keysOf({ ...plot, certifications: Array(LOCATION_MAX_CERTIFICATIONS + 1).fill(cert) })).toEqual([
      'certifications: tooManyLocationCertifications',
    ]);
    expect(keysOf({ ...plot, certifications: [{ ...cert, valid_from: '2026-02-30' }] })).toEqual([
      'certifications.0.valid_from: invalidDate',
    ]);
  });

  it('has a Vietnamese and an English label for every kind and scheme', () => {
    for (const kind of LOCATION_KINDS) {
      expect(translate('vi', `location_kind.${kind}`)).not.toBe(`location_kind.${kind}`);
      expect(translate('en', `location_kind.${kind}`)).not.toBe(`location_kind.${kind}`);
    }
    for (const scheme of CERTIFICATION_SCHEMES)
      expect(translate('vi', `certification_scheme.${scheme}`)).not.toMatch(/^certification_scheme/);
    expect(translate('vi', 'polygonSelfIntersecting')).toContain('tự cắt');
  });
});
