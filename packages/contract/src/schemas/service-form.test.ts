import { describe, expect, it } from 'vitest';
import {
  answerText,
  serviceFormField,
  serviceFormFields,
  serviceFormValues,
  validateServiceForm,
  type ServiceFormField,
} from './service-form.js';

const FIELDS: ServiceFormField[] = serviceFormFields.parse([
  { key: 'product_count', type: 'number', label_vi: 'Số sản phẩm', label_en: 'Number of products', required: true, integer: true, min: 1, max: 100 },
  { key: 'company_name_en', type: 'text', label_vi: 'Tên tiếng Anh', label_en: 'English name', required: true, max_length: 10 },
  {
    key: 'member_type',
    type: 'select',
    label_vi: 'Loại hình',
    label_en: 'Member type',
    required: true,
    options: [
      { value: 'enterprise', label_vi: 'Doanh nghiệp', label_en: 'Company' },
      { value: 'cooperative', label_vi: 'Hợp tác xã', label_en: 'Cooperative' },
    ],
  },
  { key: 'deadline', type: 'date', label_vi: 'Hạn', label_en: 'Deadline' },
  { key: 'contact_mail', type: 'email', label_vi: 'Email kế toán', label_en: 'Accounting e-mail' },
  { key: 'contact_phone', type: 'phone', label_vi: 'Điện thoại', label_en: 'Phone' },
  { key: 'brief', type: 'textarea', label_vi: 'Yêu cầu', label_en: 'Brief' },
]);

const GOOD = { product_count: 12, company_name_en: 'Sao Mai', member_type: 'enterprise' };

describe('validateServiceForm', () => {
  it('accepts good answers, numbers as text too, and optional fields left out', () => {
    expect(validateServiceForm(FIELDS, GOOD, 'vi')).toEqual({});
    expect(validateServiceForm(FIELDS, { ...GOOD, product_count: '12', deadline: '2027-02-28' }, 'en')).toEqual({});
  });

  it('names each missing required field in the caller’s language', () => {
    expect(validateServiceForm(FIELDS, {}, 'vi')).toEqual({
      product_count: 'Vui lòng nhập "Số sản phẩm".',
      company_name_en: 'Vui lòng nhập "Tên tiếng Anh".',
      member_type: 'Vui lòng nhập "Loại hình".',
    });
    expect(validateServiceForm(FIELDS, { ...GOOD, company_name_en: '   ' }, 'en')).toEqual({
      company_name_en: 'Please fill in "English name".',
    });
  });

  it('checks types, bounds, lengths and choices', () => {
    const errors = validateServiceForm(
      FIELDS,
      {
        product_count: 0,
        company_name_en: 'Sao Mai Agriculture',
        member_type: 'farm',
        deadline: '2027-02-30',
        contact_mail: 'not-mail',
        contact_phone: '12',
        brief: 'x'.repeat(2001),
      },
      'en',
    );
    expect(errors).toEqual({
      product_count: '"Number of products" must be at least 1.',
      company_name_en: '"English name" has at most 10 characters.',
      member_type: 'Please choose "Member type" from the list.',
      deadline: '"Deadline" must be a valid date.',
      contact_mail: '"Accounting e-mail" must be a valid e-mail address.',
      contact_phone: '"Phone" must be a valid phone number.',
      brief: '"Brief" has at most 2000 characters.',
    });
    expect(validateServiceForm(FIELDS, { ...GOOD, product_count: 101 }, 'en').product_count).toBe('"Number of products" must be at most 100.');
    expect(validateServiceForm(FIELDS, { ...GOOD, product_count: 1.5 }, 'en').product_count).toBe('"Number of products" must be a whole number.');
    expect(validateServiceForm(FIELDS, { ...GOOD, product_count: 'mười' }, 'vi').product_count).toBe('"Số sản phẩm" phải là một số.');
    expect(validateServiceForm(FIELDS, { ...GOOD, company_name_en: 42 }, 'en').company_name_en).toBe('"English name" is invalid.');
  });

  it('refuses an answer to a field the service does not have', () => {
    expect(validateServiceForm(FIELDS, { ...GOOD, colour: 'đỏ' }, 'vi')).toEqual({ colour: 'Dịch vụ không có trường "colour".' });
  });

  it('stores trimmed text and numbers, blanks left out; reads a choice by its label', () => {
    expect(serviceFormValues(FIELDS, { ...GOOD, product_count: ' 7 ', company_name_en: ' Sao Mai ', brief: '' })).toEqual({
      product_count: 7,
      company_name_en: 'Sao Mai',
      member_type: 'enterprise',
    });
    expect(answerText(FIELDS[2], 'cooperative', 'vi')).toBe('Hợp tác xã');
    expect(answerText(FIELDS[2], 'cooperative', 'en')).toBe('Cooperative');
  });
});

describe('serviceFormFields', () => {
  const base = { key: 'x', type: 'text', label_vi: 'X', label_en: 'X' } as const;
  const messages = (input: unknown) => {
    const r = serviceFormFields.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('refuses bad keys, duplicate keys, a select without options, options or bounds on the wrong type', () => {
    expect(messages([{ ...base, key: 'Tên' }])).toEqual(['0.key:serviceFieldKey']);
    expect(messages([base, base])).toEqual(['1.key:serviceFieldKeyDistinct']);
    expect(messages([{ ...base, type: 'select' }])).toEqual(['0.options:serviceFieldOptionsRequired']);
    expect(messages([{ ...base, options: [{ value: 'a', label_vi: 'A', label_en: 'A' }] }])).toEqual(['0.options:serviceFieldOptionsOnlySelect']);
    expect(messages([{ ...base, min: 1 }])).toEqual(['0.min:serviceFieldBoundsNumber']);
    expect(messages([{ ...base, type: 'number', min: 5, max: 1 }])).toEqual(['0.max:serviceFieldBoundsOrder']);
    expect(messages([{ ...base, type: 'date', max_length: 10 }])).toEqual(['0.max_length:serviceFieldMaxLengthText']);
    expect(messages([{ ...base, label_en: ' ' }])).toEqual(['0.label_en:serviceFieldLabelRequired']);
    expect(messages(Array.from({ length: 31 }, (_, i) => ({ ...base, key: `f${i}` })))).toEqual([':serviceFieldsTooMany']);
  });

  it('keeps a good field, help texts optional', () => {
    expect(serviceFormField.parse({ ...base, help_vi: '', help_en: 'Hint' })).toMatchObject({ required: false, help_vi: null, help_en: 'Hint' });
  });
});
