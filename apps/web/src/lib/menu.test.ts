import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, PRODUCER_MENU, visibleMenu, type MenuEntry } from '@agrihub/contract/menu';
import { menuLinks, menuWithPages, selectedMenuKeys } from './menu';

const producer = {
  roles: [],
  abilities: [],
  producer_id: 1,
  registed_services: [],
  created_at: '2021-01-01T00:00:00Z',
};

describe('menuWithPages', () => {
  it('keeps only entries whose page exists, and drops groups left empty', () => {
    const menu = menuWithPages(visibleMenu('agrihub', producer), new Set(['/dashboard', '/account-setup']));
    expect(menu.map((e) => e.key)).toEqual(['dashboard', 'business-information']);
  });

  it('keeps a group with only its existing children', () => {
    const menu = menuWithPages(PRODUCER_MENU, new Set(['/products']));
    expect(menu).toHaveLength(1);
    expect(menu[0].key).toBe('products');
    expect(menu[0].children?.map((c) => c.key)).toEqual(['product-list']);
  });

  it('shows an admin with read on user the user list only', () => {
    const admin = {
      ...producer,
      producer_id: null,
      roles: ['customer_support'],
      abilities: [{ action: 'read' as const, subject: 'user' as const }],
    };
    const menu = menuWithPages(
      visibleMenu('dtrack', admin),
      new Set(['/admin/users', '/admin/add-user', '/account-setup']),
    );
    expect(menuLinks(menu).map((e) => e.path)).toEqual(['/admin/users', '/account-setup']);
  });
});

describe('settings entries (spec §2)', () => {
  const admin = { ...producer, producer_id: null, roles: ['admin'] };
  const pages = new Set(['/account-setup', '/general-setting', '/admin/services-setting']);
  const settingsOf = (p: 'dtrack' | 'agrihub' | 'foodmap') =>
    menuLinks(menuWithPages(visibleMenu(p, admin), pages)).map((e) => e.path);

  it('Foodmap shows the settings submenu with the general settings page', () => {
    const menu = menuWithPages(visibleMenu('foodmap', admin), pages);
    expect(menu.find((e) => e.key === 'settings')?.children?.map((c) => c.path)).toEqual([
      '/account-setup',
      '/general-setting',
      '/admin/services-setting',
    ]);
  });

  it('the other platforms a single /account-setup entry (general settings from the top bar)', () => {
    for (const p of ['dtrack', 'agrihub'] as const) {
      expect(settingsOf(p)).toContain('/account-setup');
      expect(settingsOf(p)).not.toContain('/general-setting');
    }
  });
});

describe('selectedMenuKeys', () => {
  const entries: MenuEntry[] = ADMIN_MENU;
  it('picks the longest matching path and its group', () => {
    expect(selectedMenuKeys(entries, '/admin/users')).toEqual({ selected: 'read-users', open: 'admin-users' });
    expect(selectedMenuKeys(entries, '/admin/page-views/create')).toEqual({
      selected: 'create-page-view',
      open: 'admin-page-views',
    });
    expect(selectedMenuKeys(entries, '/admin/producers/12')).toEqual({ selected: 'admin-producers', open: null });
  });
  it('matches nothing outside the menu (the frame then highlights the dashboard)', () => {
    expect(selectedMenuKeys(PRODUCER_MENU, '/somewhere')).toEqual({ selected: null, open: null });
    expect(selectedMenuKeys(PRODUCER_MENU, '/dashboard-old')).toEqual({ selected: null, open: null });
  });
});
