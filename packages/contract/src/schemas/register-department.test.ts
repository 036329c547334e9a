import { describe, expect, it } from 'vitest';
import { todayInVietnam } from '../vietnam-time.js';
import { bookingEndDate, registerDepartmentFields } from './register-department.js';

const valid = {
  business_name: 'HTX Nông sản Mộc Châu',
  tax_code: '0101234567001',
  representative: 'Hà Văn Sơn',
  phone: '0912345678',
  email: 'HTX@MocChau.vn',
  province_code: '14',
  category_id: '3',
  room_id: '1',
  months: '12',
  start_date: todayInVietnam(),
};

describe('registerDepartmentFields', () => {
  it('reads the multipart text fields (numbers as text, blanks as missing, enterprise by default)', () => {
    const parsed = registerDepartmentFields.parse({ ...valid, address: '  ', note: '' });
    expect(parsed).toMatchObject({ email: 'htx@mocchau.vn', category_id: 3, room_id: 1, months: 12, producer_type: 'enterprise' });
    expect(parsed.address).toBeUndefined();
  });

  it('takes a tax code of 10 or 13 digits only', () => {
    const issue = (tax_code: string) => registerDepartmentFields.safeParse({ ...valid, tax_code }).error?.issues[0]?.message;
    expect(issue('0101234567')).toBeUndefined();
    expect(issue('0101234567001')).toBeUndefined();
    expect(issue('010123456')).toBe('invalidTaxCode');
    expect(issue('010123456700')).toBe('invalidTaxCode');
    expect(issue('0101234567-001')).toBe('invalidTaxCode');
  });
});

describe('bookingEndDate', () => {
  it('ends the day before the same date months later, clamped to short months', () => {
    expect(bookingEndDate('2026-01-01', 1)).toBe('2026-01-31');
    expect(bookingEndDate('2026-03-15', 6)).toBe('2026-09-14');
    expect(bookingEndDate('2026-01-31', 1)).toBe('2026-02-27');
    expect(bookingEndDate('2027-12-01', 36)).toBe('2030-11-30');
  });
});
