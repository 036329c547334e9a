import { describe, expect, it } from 'vitest';
import { accessRefusal, misplacedAdminRoute } from './access.js';

const producer = { roles: [], abilities: [] };
const support = { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'producer' }] } as const;
const admin = { roles: ['admin'], abilities: [] };

describe('accessRefusal', () => {
  it('refuses a route that declares no rule, whoever calls (fail closed)', () => {
    expect(accessRefusal({}, null)).toBe('route_access_undeclared');
    expect(accessRefusal({}, admin)).toBe('route_access_undeclared');
    expect(accessRefusal({ access: 'everyone' as never }, admin)).toBe('route_access_undeclared');
  });
  it('lets anyone call a public route', () => {
    expect(accessRefusal({ access: 'public' }, null)).toBeNull();
  });
  it('needs a signed-in account for user routes', () => {
    expect(accessRefusal({ access: 'user' }, null)).toBe('unauthenticated');
    expect(accessRefusal({ access: 'user' }, producer)).toBeNull();
  });
  it('needs an administrator for admin routes, and the declared ability', () => {
    expect(accessRefusal({ access: 'admin' }, null)).toBe('unauthenticated');
    expect(accessRefusal({ access: 'admin' }, producer)).toBe('forbidden');
    expect(accessRefusal({ access: 'admin', ability: ['read', 'producer'] }, support)).toBeNull();
    expect(accessRefusal({ access: 'admin', ability: ['update', 'producer'] }, support)).toBe('permission_denied');
    expect(accessRefusal({ access: 'admin', ability: ['update', 'producer'] }, admin)).toBeNull();
  });
  it('holds every route but the password change ones until a required password change is done', () => {
    const pending = { ...producer, requiredChangePassword: true };
    expect(accessRefusal({ access: 'user' }, pending)).toBe('password_change_required');
    expect(accessRefusal({ access: 'admin' }, { ...admin, requiredChangePassword: true })).toBe('password_change_required');
    expect(accessRefusal({ access: 'user', beforePasswordChange: true }, pending)).toBeNull();
    expect(accessRefusal({ access: 'public' }, pending)).toBeNull();
  });
});

describe('misplacedAdminRoute', () => {
  it('keeps admin rules under /api/v1/admin/ and only there', () => {
    expect(misplacedAdminRoute('/api/v1/admin/users', 'admin')).toBe(false);
    expect(misplacedAdminRoute('/api/v1/admin/users', 'user')).toBe(true);
    expect(misplacedAdminRoute('/api/v1/votes/:id', 'admin')).toBe(true);
    expect(misplacedAdminRoute('/api/v1/products', 'user')).toBe(false);
  });
});
