import { describe, expect, it } from 'vitest';
import { accessRefusal, apiScopeAllows, misplacedAdminRoute, refusalStatus, type AccessApiKey } from './access.js';
import { MULTICHANNEL_SERVICE_SLUG } from './constants.js';
import { GATES } from './gates.js';

const NEW = '2025-06-01T03:00:00Z';
const account = { created_at: NEW, registed_services: [] };
const producer = { ...account, roles: [], abilities: [] };
const support = {
  ...account,
  roles: ['customer_support'],
  abilities: [{ action: 'read', subject: 'producer' }],
} as const;
const admin = { ...account, roles: ['admin'], abilities: [] };

describe('accessRefusal', () => {
  it('refuses a route that declares no rule, whoever calls (fail closed)', () => {
    expect(accessRefusal({}, null, 'dtrack')).toBe('route_access_undeclared');
    expect(accessRefusal({}, admin, 'dtrack')).toBe('route_access_undeclared');
    expect(accessRefusal({ access: 'everyone' as never }, admin, 'dtrack')).toBe('route_access_undeclared');
  });
  it('lets anyone call a public route', () => {
    expect(accessRefusal({ access: 'public' }, null, 'dtrack')).toBeNull();
  });
  it('needs a signed-in account for user routes', () => {
    expect(accessRefusal({ access: 'user' }, null, 'dtrack')).toBe('unauthenticated');
    expect(accessRefusal({ access: 'user' }, producer, 'dtrack')).toBeNull();
  });
  it('needs an administrator for admin routes, and the declared ability', () => {
    expect(accessRefusal({ access: 'admin' }, null, 'dtrack')).toBe('unauthenticated');
    expect(accessRefusal({ access: 'admin' }, producer, 'dtrack')).toBe('forbidden');
    expect(accessRefusal({ access: 'admin', ability: ['read', 'producer'] }, support, 'dtrack')).toBeNull();
    expect(accessRefusal({ access: 'admin', ability: ['update', 'producer'] }, support, 'dtrack')).toBe('permission_denied');
    expect(accessRefusal({ access: 'admin', ability: ['update', 'producer'] }, admin, 'dtrack')).toBeNull();
  });
  it('holds every route but the password change ones until a required password change is done', () => {
    const pending = { ...producer, requiredChangePassword: true };
    expect(accessRefusal({ access: 'user' }, pending, 'dtrack')).toBe('password_change_required');
    expect(accessRefusal({ access: 'admin' }, { ...admin, requiredChangePassword: true }, 'dtrack')).toBe('password_change_required');
    expect(accessRefusal({ access: 'user', beforePasswordChange: true }, pending, 'dtrack')).toBeNull();
    expect(accessRefusal({ access: 'public' }, pending, 'dtrack')).toBeNull();
  });
});

describe('accessRefusal with a route gate (contract GATES)', () => {
  const products = { access: 'user', gate: GATES.products } as const;
  const batches = { access: 'user', gate: GATES.batches } as const;
  const oems = { access: 'admin', ability: ['read', 'producer_oem'], gate: GATES.oems } as const;
  const department = { access: 'public', gate: GATES.registerDepartment } as const;
  const entitled = { ...producer, registed_services: [MULTICHANNEL_SERVICE_SLUG] };

  it('refuses a DTrack producer without the product entitlement, lets one with it through', () => {
    expect(accessRefusal(products, producer, 'dtrack')).toBe('entitlement_required');
    expect(accessRefusal(batches, producer, 'dtrack')).toBe('entitlement_required');
    expect(accessRefusal(products, entitled, 'dtrack')).toBeNull();
    expect(accessRefusal(batches, entitled, 'dtrack')).toBeNull();
    expect(accessRefusal(products, { ...producer, created_at: '2021-05-10T03:00:00Z' }, 'dtrack')).toBeNull();
  });

  it('opens products everywhere else, and refuses batches where the platform has no tracking', () => {
    for (const p of ['agrihub', 'foodmap'] as const) {
      expect(accessRefusal(products, producer, p)).toBeNull();
      expect(accessRefusal(batches, entitled, p)).toBe('feature_unavailable');
    }
  });

  it('checks the caller first: no token is 401, a producer on an admin route is forbidden', () => {
    expect(accessRefusal(products, null, 'dtrack')).toBe('unauthenticated');
    expect(accessRefusal(batches, null, 'agrihub')).toBe('unauthenticated');
    expect(accessRefusal(oems, producer, 'agrihub')).toBe('forbidden');
    expect(accessRefusal(oems, admin, 'agrihub')).toBe('feature_unavailable');
    expect(accessRefusal(oems, admin, 'dtrack')).toBeNull();
    expect(accessRefusal(oems, { ...support, roles: ['purchasing'] }, 'dtrack')).toBe('permission_denied');
  });

  it('closes a public route where the platform lacks its feature, to everyone', () => {
    expect(accessRefusal(department, null, 'foodmap')).toBeNull();
    expect(accessRefusal(department, null, 'agrihub')).toBe('feature_unavailable');
    expect(accessRefusal(department, admin, 'dtrack')).toBe('feature_unavailable');
  });
});

describe('accessRefusal on an apikey route (ADR 039)', () => {
  const read = { access: 'apikey', apiScope: 'read' } as const;
  const capture = { access: 'apikey', apiScope: 'capture' } as const;
  const key = (over: Partial<AccessApiKey> = {}): AccessApiKey => ({
    platform: 'dtrack',
    scopes: ['read'],
    revoked: false,
    expired: false,
    holder: account,
    ...over,
  });

  it('needs a key: nobody, a producer or an administrator without one is refused 401', () => {
    for (const user of [null, producer, admin]) expect(accessRefusal(read, user, 'dtrack')).toBe('api_key_required');
    expect(refusalStatus('api_key_required')).toBe(401);
  });
  it('refuses an apikey route that declares no scope, or an unknown one, even to a good key (fail closed)', () => {
    const all = key({ scopes: ['read', 'capture'] });
    expect(accessRefusal({ access: 'apikey' }, null, 'dtrack', all)).toBe('route_access_undeclared');
    expect(accessRefusal({ access: 'apikey', apiScope: 'admin' as never }, null, 'dtrack', all)).toBe(
      'route_access_undeclared',
    );
  });
  it('refuses a key of another platform, a revoked and an expired key (401)', () => {
    expect(accessRefusal(read, null, 'agrihub', key())).toBe('api_key_invalid');
    expect(accessRefusal(read, null, 'dtrack', key({ revoked: true }))).toBe('api_key_invalid');
    expect(accessRefusal(read, null, 'dtrack', key({ expired: true }))).toBe('api_key_invalid');
    expect(refusalStatus('api_key_invalid')).toBe(401);
  });
  it('lets a read key read but not capture (403); a capture key does both', () => {
    expect(accessRefusal(read, null, 'dtrack', key())).toBeNull();
    expect(accessRefusal(capture, null, 'dtrack', key())).toBe('api_key_scope');
    expect(refusalStatus('api_key_scope')).toBe(403);
    expect(accessRefusal(capture, null, 'dtrack', key({ scopes: ['read', 'capture'] }))).toBeNull();
    expect(accessRefusal(read, null, 'dtrack', key({ scopes: ['capture'] }))).toBeNull();
    expect(accessRefusal(read, null, 'dtrack', key({ scopes: [] }))).toBe('api_key_scope');
    expect(apiScopeAllows(['read'], 'capture')).toBe(false);
  });
  it('closes the route’s gate by the key’s producer, never by the key alone', () => {
    const batches = { ...read, gate: GATES.batches } as const;
    expect(accessRefusal(batches, null, 'dtrack', key())).toBe('entitlement_required');
    const entitled = key({ holder: { ...account, registed_services: [MULTICHANNEL_SERVICE_SLUG] } });
    expect(accessRefusal(batches, null, 'dtrack', entitled)).toBeNull();
    expect(accessRefusal(batches, null, 'agrihub', { ...entitled, platform: 'agrihub' })).toBe('feature_unavailable');
  });
  it('never opens a user or admin route with a key alone', () => {
    const all = key({ scopes: ['read', 'capture'] });
    expect(accessRefusal({ access: 'user' }, null, 'dtrack', all)).toBe('unauthenticated');
    expect(accessRefusal({ access: 'admin' }, null, 'dtrack', all)).toBe('unauthenticated');
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
