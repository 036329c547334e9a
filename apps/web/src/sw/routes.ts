/**
 * What the service worker (sw.ts) answers, apart from its precache: plain functions, tested in
 * routes.test.ts. Nothing under /api/, /oauth/ or /uploads/ is ever one of them.
 */

/** The diary's page: every /diary/… path is drawn by the same diary.html. */
export const DIARY_PAGE = '/diary';

export function isDiaryPath(pathname: string): boolean {
  return pathname === DIARY_PAGE || pathname.startsWith(`${DIARY_PAGE}/`);
}

/** The app's icons (public/icons), its favicons (public/brand/*-icon.svg) and its manifest. */
export function isAppIconPath(pathname: string): boolean {
  return (
    /^\/icons\/[a-z]+(?:-maskable)?-\d+\.png$/.test(pathname) ||
    /^\/brand\/[a-z]+-icon\.svg$/.test(pathname) ||
    pathname === '/manifest.webmanifest'
  );
}
