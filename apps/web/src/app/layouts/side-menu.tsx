import { useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { visibleMenu, type MenuEntry } from '@agrihub/contract/menu';
import type { User } from '@agrihub/contract/schemas/auth';
import { isOtherEntryPath } from '../../config/other-entries';
import { DEFAULT_PRIVATE_PATH } from '../../config/paths';
import { BrandLogo } from '../../components/brand-logo';
import { MenuIcon } from '../../components/menu-icon';
import { menuWithPages, selectedMenuKeys } from '../../lib/menu';
import { platform } from '../../lib/platform';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { submenuSelected } from '../../stores/layout-slice';

type Item = Required<MenuProps>['items'][number];

/**
 * Collapsible side menu: the contract's `visibleMenu` for this platform and user, limited to built
 * pages. `drawer`: the same menu, without the sider, for the drawer of a responsive page on a phone
 * (`onNavigate` closes it when an entry is chosen).
 */
export function SideMenu({
  user,
  existingPages,
  collapsed,
  drawer = false,
  onNavigate,
}: {
  user: User;
  existingPages: ReadonlySet<string>;
  collapsed: boolean;
  drawer?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const remembered = useAppSelector((s) => s.layout.selectedSubmenu);

  const entries = useMemo(() => menuWithPages(visibleMenu(platform.key, user), existingPages), [user, existingPages]);
  const { selected, open } = selectedMenuKeys(entries, pathname);
  // Spec §2: the dashboard is highlighted by default (pages outside the menu keep the last choice).
  const selectedKey = selected ?? remembered ?? 'dashboard';
  const [openKeys, setOpenKeys] = useState<string[]>(open ? [open] : []);

  const toItem = (entry: MenuEntry): Item => {
    const label = t(entry.labelKey);
    if (entry.children) {
      return {
        key: entry.key,
        icon: <MenuIcon name={entry.icon} />,
        // A button, so Tab reaches the group's title as it reaches the entries' links (antd's title
        // is only reached with the arrow keys). Space opens it through the click; Enter is left to
        // the menu's own key handling, which opens it too (the click as well would close it again).
        label: (
          <button
            type="button"
            className="side-menu-group"
            aria-expanded={openKeys.includes(entry.key)}
            data-testid={`menu-${entry.key}`}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          >
            {label}
          </button>
        ),
        children: entry.children.map(toItem),
      };
    }
    const to = entry.path ?? DEFAULT_PRIVATE_PATH;
    return {
      key: entry.key,
      icon: entry.icon ? <MenuIcon name={entry.icon} /> : undefined,
      // A page of a light public entry (News on DTrack) is a full page load, not a client route.
      label: isOtherEntryPath(to) ? (
        <a href={to} data-testid={`menu-${entry.key}`}>
          {label}
        </a>
      ) : (
        <Link to={to} data-testid={`menu-${entry.key}`}>
          {label}
        </Link>
      ),
    };
  };

  const content = (
    <>
      <div className="side-menu-logo">
        <Link to={DEFAULT_PRIVATE_PATH} aria-label={platform.name} onClick={onNavigate}>
          <BrandLogo height={32} iconOnly={collapsed && !drawer} />
        </Link>
      </div>
      <nav data-testid="side-menu" aria-label={t('ariaLabel')}>
        <Menu
          mode="inline"
          items={entries.map(toItem)}
          selectedKeys={[selectedKey]}
          defaultOpenKeys={open ? [open] : []}
          // Followed only to tell screen readers whether each group is open.
          onOpenChange={setOpenKeys}
          onClick={({ key }) => {
            dispatch(submenuSelected(key));
            onNavigate?.();
          }}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </>
  );
  if (drawer) return content;

  return (
    <Layout.Sider
      width={240}
      collapsible
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{ borderRight: '1px solid #f0f0f0' }}
    >
      {content}
    </Layout.Sider>
  );
}
