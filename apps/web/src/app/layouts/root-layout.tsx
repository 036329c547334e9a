import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeHandle, useResponsiveRoute } from '../../config/route-handle';
import { platform } from '../../lib/platform';
import { setResponsiveViewport } from '../../lib/viewport';

/** Per-route document title ("<page> | <platform>") and viewport (fixed 1200 px unless responsive). */
export function RootLayout() {
  const matches = useMatches();
  const { t, i18n } = useTranslation('common');
  const handles = matches.map((m) => routeHandle(m.handle));
  const responsive = useResponsiveRoute();
  const title = [...handles].reverse().find((h) => h.title)?.title;

  useEffect(() => {
    setResponsiveViewport(responsive);
  }, [responsive]);

  useEffect(() => {
    document.title = title ? `${t(`pageTitle.${title}`)} | ${platform.name}` : platform.name;
  }, [title, t, i18n.language]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
