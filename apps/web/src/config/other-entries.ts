/**
 * Pages this app does not draw: the light public entries the server sends for these paths
 * (apps/server/src/plugins/web.ts) — the traceability page (trace.html) and the content pages
 * (content.html: news, FAQs, information security, and the sign-in page, ADR 024) and the producers'
 * field diary (diary.html, /diary and /diary/*). A link to one is a full page load (`<a href>`),
 * never a client-side route.
 */
export const contentPaths = {
  news: '/news',
  faqs: '/faqs',
  informationSecurity: '/information-security',
  login: '/login',
} as const;

/** The producers' field diary (diary.html), the installable app's offline screens (issue 28). */
export const DIARY_PATH = '/diary';

/** Menu entries that open a light entry (the producer's News on DTrack). */
export const OTHER_ENTRY_MENU_PATHS: readonly string[] = [contentPaths.news];

export function isOtherEntryPath(path: string): boolean {
  const p = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return (
    p.startsWith('/trace/') ||
    p === contentPaths.news ||
    p.startsWith(`${contentPaths.news}/`) ||
    p === contentPaths.faqs ||
    p === contentPaths.informationSecurity ||
    p === contentPaths.login ||
    p === DIARY_PATH ||
    p.startsWith(`${DIARY_PATH}/`)
  );
}
