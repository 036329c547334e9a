import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/index.js';
import { OEM_MESSAGES } from '../messages/oems.js';
import {
  addDays,
  certificateValidity,
  daysUntil,
  producerOemCreate,
  producerOemExportRequest,
  producerOemListQuery,
  producerOemUpdate,
  worstValidity,
} from './oems.js';

const keysOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('OEM producer schemas', () => {
  it('answers only keys the catalogue has in both languages', () => {
    const keys = [
      ...keysOf(
        producerOemCreate.safeParse({
          name: '  ',
          tax_code: '12345',
          phone: 'abc',
          email: 'not-an-email',
          website: 'javascript:alert(1)',
          province_code: '99',
          address: 'x'.repeat(301),
          category_ids: [0],
          monthly_capacity: -1,
          moq: 1.5,
          moq_unit: 'Tấn',
          certificates: [{ name: '', valid_until: '2025-02-30', file_id: 0 }],
          active: 'yes',
          note: 'x'.repeat(2001),
        }),
      ),
      ...keysOf(
        producerOemCreate.safeParse({ name: 'A', monthly_capacity: 10, certificates: Array(11).fill({ name: 'x' }) }),
      ),
      ...keysOf(producerOemCreate.safeParse({})),
      ...keysOf(producerOemListQuery.safeParse({ province_code: 'x', sort: 'x' })),
      ...keysOf(producerOemListQuery.safeParse({ capacity_min: '10', capacity_max: '5' })),
      ...keysOf(producerOemExportRequest.safeParse({ mode: 'x' })),
    ];
    for (const key of new Set(keys)) {
      expect(MESSAGES.vi[key], key).toBeTruthy();
      expect(MESSAGES.en[key], key).toBeTruthy();
    }
    expect(new Set(keys)).toEqual(
      new Set([
        'pleaseInputOemName',
        'invalidTaxCode',
        'invalidPhone',
        'invalidEmail',
        'invalidWebsite',
        'invalidProvince',
        'tooLong',
        'invalidCategory',
        'invalidCapacity',
        'invalidMoq',
        'pleaseSelectUnit',
        'pleaseInputCertificateName',
        'invalidDate',
        'invalidUpload',
        'invalid_value',
        'tooManyOemCertificates',
        'capacityRangeInvalid',
        'invalidSort',
        'invalidExportMode',
      ]),
    );
  });

  it('has every OEM message in vi and en', () => {
    expect(Object.keys(OEM_MESSAGES.en).sort()).toEqual(Object.keys(OEM_MESSAGES.vi).sort());
  });

  it('reads cleared inputs as no value and keeps absent fields out of an update', () => {
    expect(producerOemCreate.parse({ name: ' Công ty A ', tax_code: '', email: ' ', website: '' })).toEqual({
      name: 'Công ty A',
      tax_code: null,
      email: null,
      website: null,
    });
    expect(producerOemUpdate.parse({ active: false })).toEqual({ active: false });
    expect(producerOemUpdate.parse({ monthly_capacity: 5000, capacity_unit: 'Kg' })).toEqual({
      monthly_capacity: 5000,
      capacity_unit: 'Kg',
    });
  });

  it('tells a certificate valid, expiring within 60 days or expired', () => {
    const today = '2026-03-01';
    expect(daysUntil('2026-03-31', today)).toBe(30);
    expect(addDays(today, 60)).toBe('2026-04-30');
    expect(certificateValidity(null, today)).toBe('valid');
    expect(certificateValidity('2026-04-30', today)).toBe('expiring');
    expect(certificateValidity('2026-05-01', today)).toBe('valid');
    expect(certificateValidity(today, today)).toBe('expiring');
    expect(certificateValidity('2026-02-28', today)).toBe('expired');
    expect(worstValidity([])).toBeNull();
    expect(worstValidity(['valid', 'expiring'])).toBe('expiring');
    expect(worstValidity(['expiring', 'expired', 'valid'])).toBe('expired');
  });
});
