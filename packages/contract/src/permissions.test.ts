import { describe, expect, it } from 'vitest';
import { allows, defineAbilityFor, isAdministrator, satisfiesAny } from './permissions.js';

describe('permissions (spec §6)', () => {
  it('an administrator is a user with at least one role', () => {
    expect(isAdministrator({ roles: [] })).toBe(false);
    expect(isAdministrator({ roles: ['approver'] })).toBe(true);
  });

  it('role admin can do everything', () => {
    const a = { roles: ['admin'], abilities: [] };
    expect(allows(a, 'update', 'purchase_order')).toBe(true);
    expect(allows(a, 'create', 'user')).toBe(true);
  });

  it('other roles have only their per-action abilities; manage covers every action', () => {
    const u = {
      roles: ['customer_support'],
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'manage', subject: 'message' },
      ],
    } as const;
    expect(allows(u, 'read', 'producer')).toBe(true);
    expect(allows(u, 'update', 'producer')).toBe(false);
    expect(allows(u, 'read', 'user')).toBe(false);
    expect(allows(u, 'update', 'message')).toBe(true);
    expect(allows(u, 'create', 'message')).toBe(true);
  });

  it('everyone has manage on Setting, nobody anonymous has anything', () => {
    expect(allows({ roles: [], abilities: [] }, 'update', 'Setting')).toBe(true);
    expect(defineAbilityFor(null).can('read', 'Setting')).toBe(false);
  });

  it('a page with required pairs needs at least one of them', () => {
    const u = { roles: ['approver'], abilities: [{ action: 'read', subject: 'post' }] } as const;
    expect(
      satisfiesAny(u, [
        { action: 'read', subject: 'user' },
        { action: 'read', subject: 'post' },
      ]),
    ).toBe(true);
    expect(satisfiesAny(u, [{ action: 'read', subject: 'user' }])).toBe(false);
    expect(satisfiesAny({ roles: ['admin'], abilities: [] }, [{ action: 'read', subject: 'user' }])).toBe(true);
  });
});
