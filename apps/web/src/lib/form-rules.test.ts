import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@agrihub/contract/messages/index';
import { changePasswordForm, registrationRequest } from '@agrihub/contract/schemas/auth';
import { z } from 'zod';
import { updateProducerRequest } from '@agrihub/contract/schemas/producers';
import { blankToNull, fieldIssue, formIssues, serverFieldErrors, type Translate } from './form-rules';

/** A `t` over the contract's Vietnamese messages, like the `validation` namespace. */
const t: Translate = (key, params = {}) =>
  (MESSAGES.vi[key.replace(/^validation:/, '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) =>
    String((params[n] as string | number | undefined) ?? ''),
  );

describe('change-password rules (spec §5)', () => {
  it('asks for each field with its own message', () => {
    const issues = formIssues(changePasswordForm, {}, t);
    expect(issues).toEqual([
      { name: ['old_password'], errors: [MESSAGES.vi.pleaseInputCurrentPassword] },
      { name: ['password'], errors: [MESSAGES.vi.pleaseInputPassword] },
      { name: ['password_confirmation'], errors: [MESSAGES.vi.pleaseInputConfirmPassword] },
    ]);
  });

  it('checks lengths 6 to 18 with the numbers in the text', () => {
    const values = { old_password: 'abc', password: 'x'.repeat(19), password_confirmation: 'x'.repeat(19) };
    expect(fieldIssue(changePasswordForm, values, 'old_password', t)).toBe('Mật khẩu phải từ 6 đến 18 ký tự.');
    expect(fieldIssue(changePasswordForm, values, 'password', t)).toBe('Mật khẩu phải từ 6 đến 18 ký tự.');
  });

  it('shows passwordNotMatches on the confirmation only', () => {
    const values = { old_password: 'secret1', password: 'newpass1', password_confirmation: 'newpass2' };
    expect(formIssues(changePasswordForm, values, t)).toEqual([
      { name: ['password_confirmation'], errors: [MESSAGES.vi.passwordNotMatches] },
    ]);
    expect(fieldIssue(changePasswordForm, values, 'password', t)).toBeNull();
  });

  it('accepts a valid change', () => {
    expect(
      formIssues(
        changePasswordForm,
        { old_password: 'secret1', password: 'newpass1', password_confirmation: 'newpass1' },
        t,
      ),
    ).toEqual([]);
  });
});

describe('sign-up with every field empty (issue 13)', () => {
  it('puts a message of its own under each required field, never the generic "invalid data" text', () => {
    const issues = formIssues(registrationRequest, { producer: {} }, t);
    expect(issues).toEqual([
      { name: ['email'], errors: [MESSAGES.vi.pleaseInputEmail] },
      { name: ['password'], errors: [MESSAGES.vi.pleaseInputPassword] },
      { name: ['name'], errors: [MESSAGES.vi.pleaseInputName] },
      { name: ['producer', 'name'], errors: [MESSAGES.vi.pleaseInputProducerName] },
      { name: ['producer', 'producer_type'], errors: [MESSAGES.vi.pleaseSelectProducerType] },
    ]);
    for (const { errors } of issues) expect(errors[0]).not.toBe(MESSAGES.vi.validation_failed);
  });

  it('a missing value of a schema without its own message reads "required"; another zod failure the generic text', () => {
    const schema = z.object({ a: z.string(), b: z.string().min(1) });
    expect(fieldIssue(schema, {}, 'a', t)).toBe(MESSAGES.vi.required);
    expect(fieldIssue(schema, { a: 1, b: '' }, 'a', t)).toBe(MESSAGES.vi.validation_failed);
  });
});

describe('producer form', () => {
  it('turns blank optional fields into null so they pass, and keeps the name', () => {
    const body = blankToNull({ name: '', tax_code: '', phone: '  ' }, ['name']);
    expect(body).toEqual({ name: '', tax_code: null, phone: null });
    expect(formIssues(updateProducerRequest, body, t)).toEqual([
      { name: ['name'], errors: [MESSAGES.vi.pleaseInputProducerName] },
    ]);
  });

  it('interpolates the maximum of tooLong', () => {
    expect(fieldIssue(updateProducerRequest, { name: 'x'.repeat(201) }, 'name', t)).toBe('Tối đa 200 ký tự.');
  });

  it('the logo field shows the server’s message for an address that is neither http(s) nor an upload (ADR 034)', () => {
    for (const logo_url of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/logo.png']) {
      expect(fieldIssue(updateProducerRequest, { logo_url }, 'logo_url', t), logo_url).toBe(
        'Ảnh phải là ảnh bạn đã tải lên hoặc một địa chỉ web bắt đầu bằng http:// hoặc https://.',
      );
    }
    for (const logo_url of ['/uploads/agrihub/2025/01/ab12.png', 'https://cdn.htxmocchau.vn/logo.png', null]) {
      expect(fieldIssue(updateProducerRequest, { logo_url }, 'logo_url', t)).toBeNull();
    }
  });
});

describe('serverFieldErrors', () => {
  it('groups by field, splits nested names and drops unknown fields', () => {
    expect(
      serverFieldErrors(
        [
          { field: 'old_password', message: 'Sai' },
          { field: 'producer.name', message: 'Thiếu' },
          { field: 'old_password', message: 'Lại sai' },
          { field: 'secret', message: 'x' },
        ],
        ['old_password', 'producer'],
      ),
    ).toEqual([
      { name: ['old_password'], errors: ['Sai', 'Lại sai'] },
      { name: ['producer', 'name'], errors: ['Thiếu'] },
    ]);
  });
});
