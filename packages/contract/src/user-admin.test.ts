import { describe, expect, it } from 'vitest';
import { holdsAllRightsOf, type AbilityRule } from './permissions.js';
import { accountChangeRefusal, deactivateRefusal, userCreateRefusal, type UserAdminTarget } from './user-admin.js';

const rule = (action: AbilityRule['action'], subject: AbilityRule['subject']): AbilityRule => ({ action, subject });
const manager = {
  id: 1,
  roles: ['customer_support'],
  abilities: [rule('manage', 'user'), rule('read', 'producer')],
};
const admin = { id: 2, roles: ['admin'], abilities: [] };
const staff = (roles: string[], abilities: AbilityRule[], id = 10): UserAdminTarget => ({
  id,
  roles,
  abilities,
  producer_id: null,
});
const producerUser: UserAdminTarget = { id: 20, roles: [], abilities: [], producer_id: 7 };

describe('who may act on whose account (ADR 032)', () => {
  it('holding all rights: every role and every ability; manage is covered only by manage; admin holds all', () => {
    expect(holdsAllRightsOf(manager, staff(['customer_support'], [rule('read', 'user')]))).toBe(true);
    expect(holdsAllRightsOf(manager, staff(['purchasing'], []))).toBe(false);
    expect(holdsAllRightsOf(manager, staff(['customer_support'], [rule('update', 'producer')]))).toBe(false);
    const split = { roles: ['customer_support'], abilities: [rule('read', 'user'), rule('update', 'user')] };
    expect(holdsAllRightsOf(split, staff(['customer_support'], [rule('manage', 'user')]))).toBe(false);
    expect(holdsAllRightsOf(admin, staff(['purchasing'], [rule('manage', 'purchase_order')]))).toBe(true);
  });

  it('a manager acts on an account within its rights, not on one above them, nor on an admin', () => {
    const peer = staff(['customer_support'], [rule('read', 'producer')]);
    for (const act of ['edit', 'deactivate', 'reactivate', 'reset_password', 'create_folder'] as const) {
      expect(accountChangeRefusal(manager, peer, act), act).toBeNull();
      expect(accountChangeRefusal(manager, staff(['purchasing'], [rule('read', 'purchase_order')]), act)).toBe(
        'account_above_your_rights',
      );
      expect(accountChangeRefusal(manager, staff(['admin'], []), act)).toBe('only_admin_changes_admin');
    }
    expect(deactivateRefusal(manager, staff(['customer_support'], [rule('update', 'producer')]))).toBe(
      'account_above_your_rights',
    );
  });

  it('a producer’s user: created and its password reset by role admin only', () => {
    expect(accountChangeRefusal(manager, producerUser, 'reset_password')).toBe('only_admin_resets_producer_password');
    expect(accountChangeRefusal(manager, producerUser, 'edit')).toBeNull();
    expect(accountChangeRefusal(admin, producerUser, 'reset_password')).toBeNull();
    expect(userCreateRefusal(manager, { kind: 'producer', roles: [], abilities: [] })).toEqual({
      code: 'only_admin_creates_producer_user',
      field: 'kind',
    });
    expect(userCreateRefusal(admin, { kind: 'producer', roles: [], abilities: [] })).toBeNull();
    expect(userCreateRefusal(manager, { kind: 'staff', roles: ['customer_support'], abilities: [] })).toBeNull();
    expect(userCreateRefusal(manager, { kind: 'staff', roles: ['purchasing'], abilities: [] })?.code).toBe(
      'role_not_yours_to_grant',
    );
  });
});
