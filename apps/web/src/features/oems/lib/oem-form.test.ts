import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { producerOemCreate, type ProducerOem } from '@agrihub/contract/schemas/oems';
import { oemFieldErrors, oemRequestOf, oemToValues } from './oem-form';

const oem: ProducerOem = {
  id: 7,
  name: 'Công ty TNHH Thực phẩm Sao Mai',
  tax_code: '0108452761',
  contact_name: 'Nguyễn Thị Hạnh',
  phone: '0912345678',
  email: 'kinhdoanh@saomaifood.vn',
  website: null,
  province_code: '01',
  address: null,
  category_ids: [3, 9],
  monthly_capacity: 20000,
  capacity_unit: 'Kg',
  moq: null,
  moq_unit: null,
  certificates: [
    {
      name: 'HACCP',
      issuer: 'Quacert',
      number: 'HC-1',
      valid_until: '2026-04-30',
      file: { id: 4, url: '/uploads/a.pdf', filename: 'a.pdf' },
      validity: 'expiring',
      days_left: 20,
    },
  ],
  certificate_status: 'expiring',
  next_expiry: '2026-04-30',
  active: true,
  note: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('OEM form values', () => {
  it('round-trips an OEM into the request the contract accepts, dates as days and files by id', () => {
    const values = oemToValues(oem);
    expect(values.certificates[0].valid_until?.format('DD/MM/YYYY')).toBe('30/04/2026');
    const body = oemRequestOf({ ...values, address: '  ', note: ' Gọi trước khi đến ' });
    expect(body).toMatchObject({
      name: oem.name,
      website: '',
      address: '',
      note: 'Gọi trước khi đến',
      category_ids: [3, 9],
      monthly_capacity: 20000,
      capacity_unit: 'Kg',
      moq: null,
      certificates: [{ name: 'HACCP', issuer: 'Quacert', number: 'HC-1', valid_until: '2026-04-30', file_id: 4 }],
      active: true,
    });
    expect(producerOemCreate.safeParse(body).success).toBe(true);
  });

  it('starts a new OEM active, empty, and refuses it without a name as the server would', () => {
    const values = oemToValues(null);
    expect(values).toMatchObject({ name: '', active: true, certificates: [], category_ids: [] });
    const parsed = producerOemCreate.safeParse(oemRequestOf(values));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['pleaseInputOemName']);
    const edited = oemRequestOf({
      ...values,
      name: 'X',
      certificates: [{ name: 'ISO', valid_until: dayjs('2027-01-31') }],
    });
    expect(edited.certificates).toEqual([
      { name: 'ISO', issuer: '', number: '', valid_until: '2027-01-31', file_id: null },
    ]);
  });

  it('puts the server’s field errors under the form’s fields', () => {
    expect(
      oemFieldErrors([
        { field: 'tax_code', message: 'Mã số thuế phải gồm 10 hoặc 13 chữ số.' },
        { field: 'certificates.1.file_id', message: 'Tệp không hợp lệ.' },
        { field: 'certificates.0.valid_until', message: 'Ngày không hợp lệ.' },
        { field: 'category_ids.2', message: 'Danh mục không tồn tại.' },
        { field: 'category_ids.3', message: 'Danh mục không tồn tại.' },
        { field: 'unknown', message: 'x' },
      ]),
    ).toEqual([
      { name: ['tax_code'], errors: ['Mã số thuế phải gồm 10 hoặc 13 chữ số.'] },
      { name: ['certificates', 1, 'file'], errors: ['Tệp không hợp lệ.'] },
      { name: ['certificates', 0, 'valid_until'], errors: ['Ngày không hợp lệ.'] },
      { name: ['category_ids'], errors: ['Danh mục không tồn tại.'] },
    ]);
  });
});
