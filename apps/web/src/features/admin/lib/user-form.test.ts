import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@agrihub/contract/schemas/admin-users';
import { cellState, createRequest, formField, initialValues, toggleAbility, updateRequest } from './user-form';

const staff: AdminUser = {
  id: 7,
  platform: 'dtrack',
  email: 'hong@nongsan.vn',
  name: 'Nguyễn Thị Hồng',
  phone: null,
  roles: ['customer_support'],
  abilities: [{ action: 'read', subject: 'producer' }],
  producer_id: null,
  registed_services: [],
  isOldUser: false,
  locale: 'vi',
  required_change_password: false,
  created_at: '2025-06-01T00:00:00.000Z',
  kind: 'staff',
  active: true,
  deactivated_at: null,
  producer: null,
  document_folder: null,
  updated_at: '2025-06-01T00:00:00.000Z',
};

describe('ability grid', () => {
  it('manage implies the other actions of its row, shown checked', () => {
    const rules = [{ action: 'manage', subject: 'product' }] as const;
    expect(cellState(rules, 'product', 'read')).toEqual({ checked: true, implied: true });
    expect(cellState(rules, 'product', 'manage')).toEqual({ checked: true, implied: false });
    expect(cellState(rules, 'producer', 'read')).toEqual({ checked: false, implied: false });
  });

  it('switching manage on replaces the row; off leaves nothing of it; other rows stay', () => {
    let rules = toggleAbility([], 'producer', 'read', true);
    rules = toggleAbility(rules, 'product', 'update', true);
    expect(rules).toEqual([
      { action: 'update', subject: 'product' },
      { action: 'read', subject: 'producer' },
    ]);
    rules = toggleAbility(rules, 'producer', 'manage', true);
    expect(rules).toEqual([
      { action: 'update', subject: 'product' },
      { action: 'manage', subject: 'producer' },
    ]);
    rules = toggleAbility(rules, 'producer', 'manage', false);
    expect(rules).toEqual([{ action: 'update', subject: 'product' }]);
    expect(toggleAbility(rules, 'product', 'update', false)).toEqual([]);
  });
});

describe('requests from the form', () => {
  it('creates a staff account with its grid, or a producer user without roles; a blank password is left out', () => {
    const v = { ...initialValues(), name: ' Lê Văn Tâm ', email: ' tam@nongsan.vn', roles: ['approver' as const] };
    expect(createRequest(v)).toEqual({
      kind: 'staff',
      email: 'tam@nongsan.vn',
      name: 'Lê Văn Tâm',
      phone: null,
      roles: ['approver'],
      abilities: [],
    });
    expect(createRequest({ ...v, kind: 'producer', producer_id: 3, password: 'Tam@1234' })).toEqual({
      kind: 'producer',
      email: 'tam@nongsan.vn',
      name: 'Lê Văn Tâm',
      phone: null,
      password: 'Tam@1234',
      producer_id: 3,
    });
  });

  it('edits name, phone and (staff only) roles and abilities', () => {
    const v = { ...initialValues(staff), phone: '0912345678' };
    expect(updateRequest(v, staff)).toEqual({
      name: 'Nguyễn Thị Hồng',
      phone: '0912345678',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
    });
    expect(updateRequest(v, { ...staff, kind: 'producer' })).toEqual({ name: 'Nguyễn Thị Hồng', phone: '0912345678' });
  });

  it('puts a server error on the form field it is about', () => {
    expect(formField('abilities.0.action')).toBe('abilities');
    expect(formField('email')).toBe('email');
  });
});
