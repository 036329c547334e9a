import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PHONE_PATTERN } from './constants.js';
import { formatPhone, isPhone, normalizePhone, phoneField, phoneHref } from './phone.js';

describe('normalizePhone: every way a Vietnamese number is written, to E.164', () => {
  const MOBILE = '+84912345678';
  const HCM_LANDLINE = '+842838234567';
  it.each([
    ['0912 345 678', MOBILE],
    ['0912345678', MOBILE],
    ['0912.345.678', MOBILE],
    ['0912-345-678', MOBILE],
    ['091-234-5678', MOBILE],
    ['(091) 234 5678', MOBILE],
    ['+84 912 345 678', MOBILE],
    ['+84912345678', MOBILE],
    ['+84-912-345-678', MOBILE],
    ['84 912 345 678', MOBILE],
    ['84912345678', MOBILE],
    ['0084 912 345 678', MOBILE],
    ['(+84) 912 345 678', MOBILE],
    ['+84 (0) 912 345 678', MOBILE],
    ['  0912 345 678  ', MOBILE],
    ['(028) 3823 4567', HCM_LANDLINE],
    ['028 3823 4567', HCM_LANDLINE],
    ['028.3823.4567', HCM_LANDLINE],
    ['02838234567', HCM_LANDLINE],
    ['+84 28 3823 4567', HCM_LANDLINE],
    ['(024) 3825 1234', '+842438251234'],
    ['0209 123 4567', '+842091234567'],
    ['0862 123 456', '+84862123456'],
    ['0399 999 999', '+84399999999'],
    ['0703 456 789', '+84703456789'],
    ['0589 123 456', '+84589123456'],
    ['1800 1234', '+8418001234'],
    ['1900 1234 56', '+841900123456'],
    ['+1 650 253 0000', '+16502530000'],
    ['+65 6123 4567', '+6561234567'],
  ])('%s → %s', (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
    expect(isPhone(typed)).toBe(true);
  });

  it('accepts every real number written in the spec §5 shape', () => {
    for (const typed of [
      '0912345678',
      '091-234-5678',
      '091.234.5678',
      '(091) 234-5678',
      '(028)382-34567',
      '+84912345678',
    ]) {
      expect(PHONE_PATTERN.test(typed), typed).toBe(true);
      expect(isPhone(typed), typed).toBe(true);
    }
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'letters'],
    ['0912 345 67', 'a digit short'],
    ['0912 345 6789', 'a digit too many'],
    ['0912345', 'seven digits'],
    ['12-34', 'four digits'],
    ['0212345678', 'a landline a digit short'],
    ['000 000 0000', 'the spec shape, but no number anywhere'],
    ['+000 000 0000', 'no country code 000'],
    ['++84912345678', 'two plus signs'],
    ['0912 345 678 ext 12', 'an extension'],
    ['0912345678;', 'a trailing character'],
    ['tel:0912345678', 'a link'],
    ['091234567８', 'a full-width digit'],
    ['+84 91234567', 'a mobile a digit short after +84'],
    ['0'.repeat(41), 'too long'],
  ])('refuses %s (%s)', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
    expect(isPhone(typed)).toBe(false);
  });

  it('reads its own answer back unchanged (E.164 is a fixed point)', () => {
    for (const e164 of ['+84912345678', '+842838234567', '+8418001234', '+16502530000']) {
      expect(normalizePhone(e164)).toBe(e164);
    }
  });
});

describe('formatPhone: the Vietnamese way', () => {
  it.each([
    ['+84912345678', '0912 345 678'],
    ['+842838234567', '028 3823 4567'],
    ['+842438251234', '024 3825 1234'],
    ['+84862123456', '0862 123 456'],
    ['+8418001234', '1800 1234'],
    ['+16502530000', '+1 650 253 0000'],
    ['+6561234567', '+65 6123 4567'],
    // Numbers stored before the rule read the same way.
    ['091-234-5678', '0912 345 678'],
    ['(028) 3823 4567', '028 3823 4567'],
  ])('%s → %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('shows text that is no number as stored, and nothing as empty', () => {
    expect(formatPhone('gọi văn phòng')).toBe('gọi văn phòng');
    expect(formatPhone('12-34')).toBe('12-34');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });

  it('formats what it normalised back to what was typed the Vietnamese way', () => {
    for (const typed of ['0912 345 678', '028 3823 4567', '0862 123 456']) {
      expect(formatPhone(normalizePhone(typed))).toBe(typed);
    }
  });
});

describe('phoneHref', () => {
  it('links the E.164 number', () => {
    expect(phoneHref('+84912345678')).toBe('tel:+84912345678');
    expect(phoneHref('0912 345 678')).toBe('tel:+84912345678');
    expect(phoneHref('12-34')).toBe('tel:1234');
  });
});

describe('phoneField (every request phone)', () => {
  const body = z.object({ phone: phoneField });
  const optional = z.object({ phone: phoneField.nullable().optional() });

  it('answers the E.164 form of what was typed', () => {
    expect(body.parse({ phone: '(028) 3823 4567' })).toEqual({ phone: '+842838234567' });
    expect(body.parse({ phone: ' +84 912 345 678 ' })).toEqual({ phone: '+84912345678' });
    expect(optional.parse({ phone: null })).toEqual({ phone: null });
    expect(optional.parse({})).toEqual({});
  });

  it('refuses with the message key invalidPhone, whatever was sent', () => {
    for (const phone of ['0912 345 67', 'abc', '', 912345678, true]) {
      const result = body.safeParse({ phone });
      expect(result.success, String(phone)).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual(['invalidPhone']);
    }
  });
});
