import { Suspense, useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Drawer, Flex, Grid, Layout, Result } from 'antd';
import { AbilityProvider } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { isAdministrator } from '@agrihub/contract/permissions';
import { effectiveLocale } from '@agrihub/contract/platforms';
import type { User } from '@agrihub/contract/schemas/auth';
import { pageRefusal } from '../../config/page-access';
import { ADMIN_REDIRECTS } from '../../config/paths';
import { routeHandle, useResponsiveRoute } from '../../config/route-handle';
import { ExistingPagesContext } from '../../components/existing-pages';
import { NoPermission } from '../../components/no-permission';
import { PageLoader } from '../../components/page-loader';
import { ForcedPasswordModal } from '../../features/auth/components/forced-password-modal';
import { useAbilityFor } from '../../lib/ability';
import { clearSession } from '../../lib/api';
import { isApiError, refusesSession } from '../../lib/api-error';
import { applyLanguage } from '../../lib/i18n';
import { platform } from '../../lib/platform';
import { useWhoamiQuery } from '../../lib/session-api';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { pageRefusalCleared } from '../../stores/page-refusal-slice';
import { SideMenu } from './side-menu';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';

/** Where toasts (message, notification) open: under the top bar, with a gap. */
const TOAST_TOP = TOP_BAR_HEIGHT + 8;

/**
 * The signed-in frame. Restores the session (whoami) before showing anything, applies the
 * account's language, builds the CASL ability from the stored user (rebuilt whenever it changes),
 * applies the admin redirects and the page's rules (config/page-access: back office, contract gate,
 * producer, per-page abilities) before the page renders, and blocks the page with the forced
 * password change when the account requires it.
 */
export function PrivateLayout({ existingPages }: { existingPages: ReadonlySet<string> }) {
  const token = useAppSelector((s) => s.user.token);
  const user = useAppSelector((s) => s.user.user);
  const dispatch = useAppDispatch();
  const { t } = useTranslation('common');
  // The account is read again when the window regains focus and at each page change, so roles and
  // abilities an administrator changed (menus, pages, buttons) follow without a new login, and a
  // deactivated account's next request ends its session (401 → login).
  const whoami = useWhoamiQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const { refetch } = whoami;
  const loaded = !!whoami.data;
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (token && loaded) void refetch();
  }, [pathname, token, loaded, refetch]);

  // Spec §4: on load, the account's language wins (within what the platform allows).
  const accountLocale = whoami.data?.user.locale;
  useEffect(() => {
    if (accountLocale) void applyLanguage(effectiveLocale(platform.key, accountLocale));
  }, [accountLocale]);

  // Spec §4: a failed whoami clears the session (401s are already handled by the base query).
  // A network failure or a server error is shown with a retry instead of dropping the session.
  const error = whoami.error;
  const httpFailure = refusesSession(error);
  useEffect(() => {
    if (httpFailure) void clearSession(dispatch, { notice: isApiError(error) ? error.message : undefined });
  }, [httpFailure, error, dispatch]);

  const ability = useAbilityFor(user);

  if (!whoami.data || !user) {
    if (error && !httpFailure) {
      return (
        <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
          <Result
            status="warning"
            title={t('errors.sessionRestoreFailed')}
            subTitle={isApiError(error) ? error.message : t('errors.generic')}
            extra={[
              <Button key="retry" type="primary" onClick={() => void whoami.refetch()}>
                {t('actions.retry')}
              </Button>,
              <Button key="logout" onClick={() => void clearSession(dispatch)}>
                {t('logout.button')}
              </Button>,
            ]}
          />
        </Flex>
      );
    }
    return <PageLoader fullScreen />;
  }

  return (
    <ExistingPagesContext.Provider value={existingPages}>
      <AbilityProvider value={ability}>
        {/* Toasts open below the top bar, never over its name, bell and logout. */}
        <AntApp message={{ top: TOAST_TOP }} notification={{ top: TOAST_TOP }}>
          <Frame user={user} existingPages={existingPages} />
        </AntApp>
      </AbilityProvider>
    </ExistingPagesContext.Provider>
  );
}

function Frame({ user, existingPages }: { user: User; existingPages: ReadonlySet<string> }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const collapsed = useAppSelector((s) => s.layout.collapsed);
  // A page marked responsive (route handle, DESIGN §6) drops the 1200 px minimum; on a narrow screen
  // its menu is a drawer opened from the top bar. The drawer belongs to the page it was opened on.
  const responsive = useResponsiveRoute();
  const screens = Grid.useBreakpoint();
  const narrow = responsive && !screens.md;
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = narrow && drawerOpenOn === pathname;
  // The server refuses every call but the password change until it is done: no page behind the modal.
  const mustChangePassword = useAppSelector((s) => s.user.required_change_password);

  // A gate the API refused on this page (the account changed since): the no-permission screen
  // until the user leaves the page.
  const dispatch = useAppDispatch();
  const refused = useAppSelector((s) => s.pageRefusal);
  const refusedPath = refused.path;
  useEffect(() => {
    if (refusedPath && refusedPath !== pathname) dispatch(pageRefusalCleared());
  }, [refusedPath, pathname, dispatch]);

  const redirect = isAdministrator(user) ? ADMIN_REDIRECTS.find((r) => matchPath(r.pattern, pathname)) : undefined;
  if (redirect) return <Navigate to={redirect.to} replace />;

  const refusal =
    (refusedPath === pathname ? refused.code : null) ??
    pageRefusal(
      platform.key,
      matches.map((m) => routeHandle(m.handle)),
      user,
    );

  return (
    <Layout className={responsive ? 'app-frame app-frame-fluid' : 'app-frame'} style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer
          placement="left"
          size={272}
          open={drawerOpen}
          onClose={() => setDrawerOpenOn(null)}
          closable={false}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <SideMenu
            user={user}
            existingPages={existingPages}
            collapsed={false}
            drawer
            onNavigate={() => setDrawerOpenOn(null)}
          />
        </Drawer>
      ) : (
        <SideMenu user={user} existingPages={existingPages} collapsed={collapsed} />
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar user={user} collapsed={collapsed} onOpenMenu={narrow ? () => setDrawerOpenOn(pathname) : undefined} />
        <Layout.Content style={{ padding: narrow ? 12 : 24 }} data-testid="page-content">
          {mustChangePassword ? null : refusal ? (
            <NoPermission reason={refusal} />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
      <ForcedPasswordModal />
    </Layout>
  );
}
