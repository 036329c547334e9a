import { Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { antdLocale } from '../lib/antd-locale';
import { platform } from '../lib/platform';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { applyLoginHandoff, persistor, store } from './store';
import { themeOf } from './theme';

const appTheme = themeOf(platform);
const stillTheme = themeOf(platform, { reducedMotion: true });

/**
 * antd follows the platform (primary colour, at readable contrast: app/theme.ts), the device's
 * reduced-motion setting (no animations) and the UI language (vi_VN / en_US, dayjs).
 * antd's <App> (message, modal, notification holders) is mounted by the private frame only,
 * which keeps those modules out of the public pages' bundle.
 */
function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('common');
  const vi = i18n.language !== 'en';
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    dayjs.locale(vi ? 'vi' : 'en');
  }, [vi]);
  return (
    <ConfigProvider locale={antdLocale(vi ? 'vi' : 'en')} theme={reducedMotion ? stillTheme : appTheme}>
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={store}>
      <PersistGate loading={<PageLoader fullScreen />} persistor={persistor} onBeforeLift={applyLoginHandoff}>
        <Suspense fallback={<PageLoader fullScreen />}>
          <AntdConfig>{children}</AntdConfig>
        </Suspense>
      </PersistGate>
    </Provider>
  );
}
