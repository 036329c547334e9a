import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { containsOwnEmail, isCommonPassword, passwordRefusal } from './passwords.js';
import { passwordField } from './schemas/auth.js';

describe('the common-password list (ADR 035)', () => {
  it('ships the 10,000 most common passwords and reads them whatever the case', () => {
    expect(COMMON_PASSWORDS.split('\n').filter(Boolean)).toHaveLength(10_000);
    for (const p of ['123456', 'password', 'PassWord1', 'QWERTY123', 'ｐａｓｓｗｏｒｄ'])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ['Demo@123', 'Secret@1', 'Chè@TânCương1']) expect(isCommonPassword(p)).toBe(false);
  });

  it('the new-password field says so, after the length', () => {
    const issues = (v: string) =>
      passwordField('pleaseInputPassword')
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(issues('iloveyou')).toEqual(['passwordTooCommon']);
    expect(issues('12345')).toEqual(['passwordLength']);
    expect(issues('Demo@123')).toBeUndefined();
  });
});

describe("the account's own e-mail", () => {
  it('is refused whole or by its part before the @ (3 characters or more), in any case', () => {
    expect(containsOwnEmail('Hoa.Nguyen1', 'hoa.nguyen@example.vn')).toBe(true);
    expect(containsOwnEmail('x@y.vn', 'X@Y.VN')).toBe(true);
    expect(containsOwnEmail('1hoa2', 'hoa@example.vn')).toBe(true);
    expect(containsOwnEmail('Thanh@2025', 'an@example.vn')).toBe(false);
    expect(containsOwnEmail('Demo@123', 'producer@agrihub.demo')).toBe(false);
    expect(passwordRefusal('lan.tran!', 'lan.tran@example.vn')).toBe('passwordContainsEmail');
    expect(passwordRefusal('password1', 'lan.tran@example.vn')).toBe('passwordTooCommon');
    expect(passwordRefusal('Demo@123', 'producer@agrihub.demo')).toBeNull();
  });
});
