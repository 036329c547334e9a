import { describe, expect, it } from 'vitest';
import { GATES } from '@agrihub/contract/gates';
import { MULTICHANNEL_SERVICE_SLUG } from '@agrihub/contract/constants';
import type { User } from '@agrihub/contract/schemas/auth';
import { pageRefusal } from './page-access';
import type { RouteHandle } from './route-handle';

const account = (over: Partial<User> = {}): User => ({
  id: 1,
  platform: 'dtrack',
  email: 'binh@example.vn',
  name: 'Trần Thị Bình',
  phone: null,
  roles: [],
  abilities: [],
  producer_id: 3,
  registed_services: [],
  isOldUser: false,
  locale: 'vi',
  required_change_password: false,
  created_at: '2025-06-01T03:00:00Z',
  ...over,
});
const newcomer = account();
const subscriber = account({ registed_services: [MULTICHANNEL_SERVICE_SLUG] });
const admin = account({ roles: ['admin'], producer_id: null });
const support = account({
  roles: ['customer_support'],
  producer_id: null,
  abilities: [{ action: 'read', subject: 'product' }],
});

const products: RouteHandle[] = [{ title: 'products', gate: GATES.products }];
const batches: RouteHandle[] = [{ title: 'productBatches', gate: GATES.batches }];
const adminProducers: RouteHandle[] = [
  { title: 'adminProducers', abilities: [{ action: 'read', subject: 'producer' }], access: 'admin' },
];
const oems: RouteHandle[] = [
  { title: 'adminOems', gate: GATES.oems, abilities: [{ action: 'read', subject: 'producer_oem' }], access: 'admin' },
];

describe('pageRefusal: the page rules checked before a page renders', () => {
  it('refuses DTrack’s product and batch pages to a producer without the products entitlement, as the API does', () => {
    expect(pageRefusal('dtrack', products, newcomer)).toBe('entitlement_required');
    expect(pageRefusal('dtrack', batches, newcomer)).toBe('entitlement_required');
    expect(pageRefusal('dtrack', products, subscriber)).toBeNull();
    expect(pageRefusal('dtrack', batches, subscriber)).toBeNull();
    expect(pageRefusal('dtrack', products, account({ created_at: '2021-05-10T03:00:00Z' }))).toBeNull();
  });

  it('opens products and refuses batches on AgriHub and Foodmap (no tracking)', () => {
    for (const p of ['agrihub', 'foodmap'] as const) {
      expect(pageRefusal(p, products, newcomer)).toBeNull();
      expect(pageRefusal(p, batches, subscriber)).toBe('feature_unavailable');
    }
  });

  it('refuses every back-office page to a producer on every platform, whatever it holds', () => {
    for (const p of ['dtrack', 'agrihub', 'foodmap'] as const) {
      expect(pageRefusal(p, adminProducers, subscriber)).toBe('forbidden');
      expect(pageRefusal(p, oems, subscriber)).toBe('forbidden');
      expect(pageRefusal(p, adminProducers, admin)).toBeNull();
    }
  });

  it('refuses a DTrack-only back-office page to administrators elsewhere', () => {
    expect(pageRefusal('dtrack', oems, admin)).toBeNull();
    expect(pageRefusal('agrihub', oems, admin)).toBe('feature_unavailable');
  });

  it('keeps the per-page abilities of DTrack (spec §6) and a producer’s own pages', () => {
    expect(pageRefusal('dtrack', adminProducers, support)).toBe('permission_denied');
    expect(pageRefusal('agrihub', adminProducers, support)).toBeNull();
    const sales: RouteHandle[] = [{ title: 'salesChannels', needsProducer: true }];
    expect(pageRefusal('agrihub', sales, account({ producer_id: null }))).toBe('producer_required');
    expect(pageRefusal('agrihub', sales, newcomer)).toBeNull();
  });

  it('reads the innermost declared abilities and the gates of every matched route', () => {
    const nested: RouteHandle[] = [{ gate: GATES.batches }, { title: 'x' }];
    expect(pageRefusal('agrihub', nested, subscriber)).toBe('feature_unavailable');
    const inner: RouteHandle[] = [
      { abilities: [{ action: 'read', subject: 'user' }] },
      { abilities: [{ action: 'read', subject: 'product' }] },
    ];
    expect(pageRefusal('dtrack', inner, support)).toBeNull();
  });
});
