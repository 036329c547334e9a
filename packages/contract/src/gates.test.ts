import { describe, expect, it } from 'vitest';
import { MULTICHANNEL_SERVICE_SLUG } from './constants.js';
import { GATES, gateRefusal, hasEntitlement, isGateRefusal, type GateUser } from './gates.js';
import { PLATFORM_KEYS } from './platforms.js';

const NEW = '2025-06-01T03:00:00Z';
const OLD = '2022-09-26T16:59:59Z';
const producer = (over: Partial<GateUser> = {}): GateUser => ({
  roles: [],
  created_at: NEW,
  registed_services: [],
  ...over,
});
const admin: GateUser = { roles: ['admin'], created_at: NEW, registed_services: [] };

describe('the products entitlement (spec §6)', () => {
  it('on DTrack: old users (before the cutoff) and multi-channel selling subscribers only', () => {
    expect(hasEntitlement('dtrack', 'products', producer())).toBe(false);
    expect(hasEntitlement('dtrack', 'products', producer({ created_at: '2022-09-26T17:00:00Z' }))).toBe(false);
    expect(hasEntitlement('dtrack', 'products', producer({ created_at: OLD }))).toBe(true);
    expect(hasEntitlement('dtrack', 'products', producer({ created_at: new Date(OLD) }))).toBe(true);
    expect(hasEntitlement('dtrack', 'products', producer({ registed_services: [MULTICHANNEL_SERVICE_SLUG] }))).toBe(
      true,
    );
    expect(hasEntitlement('dtrack', 'products', producer({ registed_services: ['traceability'] }))).toBe(false);
  });

  it('every producer elsewhere', () => {
    expect(hasEntitlement('agrihub', 'products', producer())).toBe(true);
    expect(hasEntitlement('foodmap', 'products', producer())).toBe(true);
  });
});

describe('gateRefusal', () => {
  it('closes a feature the platform lacks to everyone, administrators included', () => {
    for (const p of ['agrihub', 'foodmap'] as const) {
      expect(gateRefusal(p, GATES.batches, producer({ created_at: OLD }))).toBe('feature_unavailable');
      expect(gateRefusal(p, GATES.oems, admin)).toBe('feature_unavailable');
      expect(gateRefusal(p, GATES.purchaseOrders, admin)).toBe('feature_unavailable');
    }
    expect(gateRefusal('dtrack', GATES.registerDepartment, null)).toBe('feature_unavailable');
    expect(gateRefusal('foodmap', GATES.registerDepartment, null)).toBeNull();
  });

  it('asks the entitlement of producers only, and of nobody without an account', () => {
    expect(gateRefusal('dtrack', GATES.products, producer())).toBe('entitlement_required');
    expect(gateRefusal('dtrack', GATES.batches, producer())).toBe('entitlement_required');
    expect(
      gateRefusal('dtrack', GATES.batches, producer({ registed_services: [MULTICHANNEL_SERVICE_SLUG] })),
    ).toBeNull();
    expect(gateRefusal('dtrack', GATES.products, admin)).toBeNull();
    expect(gateRefusal('agrihub', GATES.products, null)).toBe('entitlement_required');
  });

  it('opens every gate of DTrack but the department registration to an entitled producer', () => {
    const entitled = producer({ created_at: OLD });
    const open = Object.entries(GATES)
      .filter(([, g]) => !gateRefusal('dtrack', g, entitled))
      .map(([k]) => k);
    expect(open).toEqual(['products', 'batches', 'oems', 'purchaseOrders']);
  });

  it('names its refusals with codes of their own', () => {
    for (const p of PLATFORM_KEYS) {
      for (const g of Object.values(GATES)) {
        const r = gateRefusal(p, g, producer());
        if (r) expect(isGateRefusal(r)).toBe(true);
      }
    }
    expect(isGateRefusal('forbidden')).toBe(false);
  });
});
