import { Suspense } from 'react';
import { App, Button, Dropdown, Flex, Layout, Space, Tag, Tooltip, theme } from 'antd';
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  ControlOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Locale } from '@agrihub/contract/platforms';
import { isAdministrator, isSuperAdmin } from '@agrihub/contract/permissions';
import type { User } from '@agrihub/contract/schemas/auth';
import { paths } from '../../config/paths';
import { AccentTag } from '../../components/accent-tag';
import { LanguageSwitcher } from '../../components/language-switcher';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { clearSession } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { useEnumLabel } from '../../lib/enums';
import { useLogoutMutation, useUpdateAccountMutation } from '../../lib/session-api';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { accountSetupStepChanged, collapsedToggled } from '../../stores/layout-slice';

/** The top bar's height: toasts open below it (private-layout.tsx). */
export const TOP_BAR_HEIGHT = 56;

/**
 * Top bar: menu toggle, producer (or admin) name, role label, notifications, language, settings, logout.
 * With `onOpenMenu` (a responsive page on a phone) it is compact: the toggle opens the menu drawer,
 * the role label is dropped and logout joins the settings menu, so the bell stays in reach at 360 px.
 */
export function TopBar({ user, collapsed, onOpenMenu }: { user: User; collapsed: boolean; onOpenMenu?: () => void }) {
  const compact = !!onOpenMenu;
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const bar = { background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` };
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const producer = useAppSelector((s) => s.user.producer);
  const [logout] = useLogoutMutation();
  const [updateAccount] = useUpdateAccountMutation();
  const admin = isAdministrator(user);
  // Staff by their role: the administrator as such, the others by their roles' names (spec §6).
  const enumLabel = useEnumLabel();
  const staffLabel = isSuperAdmin(user) ? t('role.admin') : user.roles.map((r) => enumLabel('role', r)).join(', ');

  const saveLanguage = (locale: Locale) => {
    if (locale === user.locale) return;
    updateAccount({ locale })
      .unwrap()
      .catch((error: unknown) => {
        void message.error(isApiError(error) ? error.message : t('language.saveFailed'));
      });
  };

  const confirmLogout = () => {
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmText'),
      okText: t('logout.button'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      cancelButtonProps: { 'data-testid': 'logout-cancel' },
      onOk: async () => {
        // The server revokes the token; whatever it answers, this device forgets the session.
        await logout()
          .unwrap()
          .catch(() => undefined);
        // The login page shows the notice (this frame, with its message holder, is gone by then).
        await clearSession(dispatch, { notice: t('logout.done') });
      },
    });
  };

  const settingsItems = [
    {
      key: 'account-setup',
      icon: <UserOutlined />,
      label: <span data-testid="settings-account-setup">{t('settings.accountSetup')}</span>,
      onClick: () => {
        dispatch(accountSetupStepChanged(null));
        void navigate(paths.accountSetup);
      },
    },
    {
      // Every platform: Foodmap's menu has it too, the others only this way (spec §2).
      key: 'general-setting',
      icon: <ControlOutlined />,
      label: <span data-testid="settings-general-setting">{t('settings.generalSetting')}</span>,
      onClick: () => void navigate(paths.generalSetting),
    },
    {
      key: 'change-password',
      icon: <SafetyCertificateOutlined />,
      label: <span data-testid="settings-change-password">{t('settings.changePassword')}</span>,
      onClick: () => {
        dispatch(accountSetupStepChanged('password'));
        void navigate(paths.accountSetup);
      },
    },
    ...(compact
      ? [
          { type: 'divider' as const },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('logout.button')}</span>,
            onClick: confirmLogout,
          },
        ]
      : []),
  ];
  const name = admin ? user.name : (producer?.name ?? user.name);

  if (compact) {
    return (
      <Layout.Header style={{ ...bar, padding: '0 8px', height: TOP_BAR_HEIGHT, lineHeight: `${TOP_BAR_HEIGHT}px` }}>
        <Flex align="center" gap={8} style={{ height: '100%', lineHeight: 'normal' }}>
          <Button
            type="text"
            aria-label={t('menu.expand')}
            icon={<MenuOutlined />}
            onClick={onOpenMenu}
            data-testid="menu-toggle"
          />
          <span
            data-testid="producer-name"
            title={name}
            style={{
              flex: 1,
              minWidth: 0,
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {name}
          </span>
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
          <LanguageSwitcher onChanged={saveLanguage} />
          <Dropdown menu={{ items: settingsItems }} trigger={['click']} placement="bottomRight">
            <Button
              type="text"
              icon={<SettingOutlined />}
              data-testid="settings-menu"
              aria-label={t('settings.title')}
            />
          </Dropdown>
        </Flex>
      </Layout.Header>
    );
  }

  return (
    <Layout.Header
      style={{ ...bar, padding: '0 24px 0 12px', height: TOP_BAR_HEIGHT, lineHeight: `${TOP_BAR_HEIGHT}px` }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%', lineHeight: 'normal' }}>
        <Tooltip title={collapsed ? t('menu.expand') : t('menu.collapse')}>
          <Button
            type="text"
            aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => dispatch(collapsedToggled())}
            data-testid="menu-toggle"
          />
        </Tooltip>
        <Space size={16} align="center">
          <Space size={8} align="center">
            <span
              data-testid="producer-name"
              title={admin ? user.name : (producer?.name ?? user.name)}
              style={{
                fontWeight: 600,
                maxWidth: 360,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                display: 'inline-block',
                verticalAlign: 'middle',
              }}
            >
              {admin ? user.name : (producer?.name ?? user.name)}
            </span>
            {admin ? (
              <Tag color="volcano" data-testid="role-label" style={{ marginInlineEnd: 0 }}>
                {staffLabel}
              </Tag>
            ) : (
              <AccentTag data-testid="role-label" style={{ marginInlineEnd: 0 }}>
                {t('role.producer')}
              </AccentTag>
            )}
          </Space>
          {/* Its words load on their own: the bar does not wait for them. */}
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
          <LanguageSwitcher onChanged={saveLanguage} />
          <Dropdown menu={{ items: settingsItems }} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<SettingOutlined />} data-testid="settings-menu" aria-label={t('settings.title')}>
              {t('settings.title')}
            </Button>
          </Dropdown>
          <Button icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="logout">
            {t('logout.button')}
          </Button>
        </Space>
      </Flex>
    </Layout.Header>
  );
}
