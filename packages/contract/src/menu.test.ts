import { describe, expect, it } from 'vitest';
import { MULTICHANNEL_SERVICE_SLUG } from './constants.js';
import { GATES, gateRefusal } from './gates.js';
import {
  ADMIN_MENU,
  PRODUCER_MENU,
  isMenuEntryVisible,
  menuPaths,
  visibleMenu,
  type MenuEntry,
  type MenuUser,
} from './menu.js';
import type { AbilityRule } from './permissions.js';
import type { PlatformKey } from './platforms.js';

const NEW = '2024-01-01T00:00:00Z';
const OLD = '2022-09-26T16:59:59Z';
const producer = (over: Partial<MenuUser> = {}): MenuUser => ({
  roles: [],
  abilities: [],
  producer_id: 1,
  registed_services: [],
  created_at: NEW,
  ...over,
});
const admin = (roles: string[], abilities: AbilityRule[] = []): MenuUser => ({
  roles,
  abilities,
  producer_id: null,
  registed_services: [],
  created_at: NEW,
});
const paths = (platform: PlatformKey, user: MenuUser) => menuPaths(visibleMenu(platform, user));
const keys = (platform: PlatformKey, user: MenuUser) => visibleMenu(platform, user).map((e) => e.key);

describe('producer menu (spec §2, §6)', () => {
  it('shows /register-department only on the services platform (foodmap)', () => {
    expect(paths('foodmap', producer())).toContain('/register-department');
    expect(paths('dtrack', producer())).not.toContain('/register-department');
    expect(paths('agrihub', producer())).not.toContain('/register-department');
  });

  it('always shows dashboard, services and business information', () => {
    for (const p of ['dtrack', 'agrihub', 'foodmap'] as const) {
      expect(paths(p, producer())).toEqual(expect.arrayContaining(['/dashboard', '/services', '/account-setup']));
    }
  });

  it('on dtrack shows products and tracking only to old users or multichannel subscribers', () => {
    expect(paths('dtrack', producer())).not.toContain('/products');
    expect(paths('dtrack', producer())).not.toContain('/product-batches');
    for (const u of [producer({ created_at: OLD }), producer({ registed_services: [MULTICHANNEL_SERVICE_SLUG] })]) {
      expect(paths('dtrack', u)).toEqual(
        expect.arrayContaining(['/add-product', '/products', '/add-batch', '/product-batches']),
      );
    }
  });

  it('on other platforms always shows products and never tracking', () => {
    for (const p of ['agrihub', 'foodmap'] as const) {
      expect(paths(p, producer())).toEqual(expect.arrayContaining(['/add-product', '/products']));
      expect(paths(p, producer({ created_at: OLD }))).not.toContain('/product-batches');
    }
  });

  it('shows news only on the traceability platform', () => {
    expect(paths('dtrack', producer())).toContain('/news');
    expect(paths('agrihub', producer())).not.toContain('/news');
    expect(paths('foodmap', producer())).not.toContain('/news');
  });

  it('hides the sales entry for a producer without producer_id', () => {
    expect(keys('agrihub', producer())).toContain('sales');
    expect(keys('agrihub', producer({ producer_id: null }))).not.toContain('sales');
  });

  it('never shows admin entries to producers', () => {
    expect(paths('dtrack', producer({ created_at: OLD })).some((p) => p.startsWith('/admin'))).toBe(false);
  });
});

describe('gated entries (contract GATES, the rule the API and the pages enforce)', () => {
  const flat = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
  const byKey = (key: string) => flat([...PRODUCER_MENU, ...ADMIN_MENU]).find((e) => e.key === key)!;

  it('puts products, tracking, OEMs, purchase orders and the department registration behind their gates', () => {
    expect(byKey('products').gate).toBe(GATES.products);
    expect(byKey('tracking').gate).toBe(GATES.batches);
    expect(byKey('admin-oems').gate).toBe(GATES.oems);
    expect(byKey('admin-purchase-orders').gate).toBe(GATES.purchaseOrders);
    expect(byKey('register-department').gate).toBe(GATES.registerDepartment);
  });

  it('shows a gated entry only while its gate is open to the user', () => {
    const users = [
      producer(),
      producer({ created_at: OLD }),
      producer({ registed_services: [MULTICHANNEL_SERVICE_SLUG] }),
      admin(['admin']),
    ];
    for (const p of ['dtrack', 'agrihub', 'foodmap'] as const) {
      for (const u of users) {
        for (const entry of flat([...PRODUCER_MENU, ...ADMIN_MENU]).filter((e) => e.gate)) {
          if (gateRefusal(p, entry.gate!, u)) expect(isMenuEntryVisible(entry, p, u), `${p} ${entry.key}`).toBe(false);
        }
      }
    }
  });
});

describe('admin menu (spec §2, §6)', () => {
  const everyAdminPath = (p: PlatformKey) => paths(p, admin(['admin']));

  it('role admin sees every entry of the platform', () => {
    expect(everyAdminPath('dtrack')).toEqual(
      expect.arrayContaining([
        '/admin/producers',
        '/admin/oems',
        '/admin/add-oem',
        '/admin/purchase-orders',
        '/admin/add-purchase-order',
        '/admin/products',
        '/admin/supply-chain',
        '/admin/services-approval',
        '/admin/client-messages',
        '/admin/sales-approval',
        '/admin/product-sales-approval',
        '/admin/sale-channels',
        '/admin/users',
        '/admin/add-user',
        '/admin/posts',
        '/admin/add-post',
        '/admin/page-views',
        '/admin/page-views/create',
        '/admin/faqs',
        '/account-setup',
      ]),
    );
  });

  it('shows the FAQs on every platform (they are public everywhere), to admins who may read posts', () => {
    for (const p of ['dtrack', 'agrihub', 'foodmap'] as const) expect(everyAdminPath(p)).toContain('/admin/faqs');
    const reader = admin(['customer_support'], [{ action: 'read', subject: 'post' }]);
    expect(paths('agrihub', reader)).toContain('/admin/faqs');
    const other = admin(['customer_support'], [{ action: 'read', subject: 'product' }]);
    expect(paths('agrihub', other)).not.toContain('/admin/faqs');
  });

  it('keeps traceability-only entries off the other platforms', () => {
    for (const p of ['agrihub', 'foodmap'] as const) {
      for (const only of [
        '/admin/oems',
        '/admin/supply-chain',
        '/admin/purchase-orders',
        '/admin/client-messages',
        '/admin/posts',
        '/admin/page-views',
      ]) {
        expect(everyAdminPath(p)).not.toContain(only);
      }
    }
  });

  it('gives the services platform the lock sub-entries and the settings submenu', () => {
    expect(everyAdminPath('foodmap')).toEqual(
      expect.arrayContaining([
        '/admin/lock-services-approval',
        '/admin/locked-services-approval',
        '/account-setup',
        '/general-setting',
        '/admin/services-setting',
      ]),
    );
    for (const p of ['dtrack', 'agrihub'] as const) {
      expect(everyAdminPath(p)).not.toContain('/admin/lock-services-approval');
      expect(everyAdminPath(p)).not.toContain('/general-setting');
      expect(keys(p, admin(['admin']))).toContain('account-setup');
      expect(keys(p, admin(['admin']))).not.toContain('settings');
    }
    expect(keys('foodmap', admin(['admin']))).not.toContain('account-setup');
  });

  it('shows other admins only entries whose subject they have an ability on', () => {
    const support = admin(
      ['customer_support'],
      [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'product' },
        { action: 'read', subject: 'message' },
        { action: 'update', subject: 'message' },
      ],
    );
    const seen = paths('dtrack', support);
    expect(seen).toEqual(
      expect.arrayContaining(['/admin/producers', '/admin/products', '/admin/client-messages', '/account-setup']),
    );
    for (const hidden of [
      '/admin/users',
      '/admin/posts',
      '/admin/oems',
      '/admin/purchase-orders',
      '/admin/sales-approval',
    ]) {
      expect(seen).not.toContain(hidden);
    }
  });

  it('matches sub-entries on the action named in their key, or manage', () => {
    const reader = admin(['purchasing'], [{ action: 'read', subject: 'purchase_order' }]);
    expect(paths('dtrack', reader)).toContain('/admin/purchase-orders');
    expect(paths('dtrack', reader)).not.toContain('/admin/add-purchase-order');
    const creator = admin(['purchasing'], [{ action: 'create', subject: 'purchase_order' }]);
    expect(paths('dtrack', creator)).toEqual(['/admin/add-purchase-order', '/account-setup']);
    const manager = admin(['purchasing'], [{ action: 'manage', subject: 'purchase_order' }]);
    expect(paths('dtrack', manager)).toEqual(
      expect.arrayContaining(['/admin/purchase-orders', '/admin/add-purchase-order']),
    );
  });

  it('gives everyone the settings (manage on Setting)', () => {
    expect(paths('agrihub', admin(['approver']))).toEqual(['/account-setup']);
    expect(paths('foodmap', admin(['approver']))).toEqual(['/account-setup', '/general-setting']);
  });

  it('shows the services catalogue settings to admins who may read register_service: in Foodmap’s settings, elsewhere with the services entries', () => {
    const editor = admin(
      ['customer_support'],
      [
        { action: 'read', subject: 'user_register_service' },
        { action: 'read', subject: 'register_service' },
      ],
    );
    expect(paths('foodmap', editor)).toEqual(
      expect.arrayContaining(['/admin/services-approval', '/admin/services-setting']),
    );
    expect(paths('foodmap', editor).filter((p) => p === '/admin/services-setting')).toHaveLength(1);
    for (const p of ['dtrack', 'agrihub'] as const) {
      expect(paths(p, editor)).toEqual(expect.arrayContaining(['/admin/services-approval', '/admin/services-setting']));
      expect(everyAdminPath(p)).toContain('/admin/services-setting');
    }
    const approvalsOnly = admin(['customer_support'], [{ action: 'read', subject: 'user_register_service' }]);
    for (const p of ['dtrack', 'agrihub', 'foodmap'] as const)
      expect(paths(p, approvalsOnly)).not.toContain('/admin/services-setting');
  });
});
