import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { DIARY_PAGE, isDiaryPath, isAppIconPath } from './routes';

/**
 * The producer app's service worker (issue 28; apps/web/pwa.config.ts builds it, the server sends
 * it from `/sw.js` with no-cache, scope `/`). It keeps the field diary for use with no signal and
 * nothing else: the diary's scripts and styles (precached at install, the list injected by the
 * build), the diary page as this host's server rendered it, and the platform's icons and manifest.
 * Every other request — the API, sign-in, uploads, the public pages and the back office — has no
 * route here, so it goes to the network as if there were no service worker: no answer made for one
 * account is ever kept and shown to another, and those pages are not made offline.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The diary page, rendered by the server for this host's platform (never a build-time copy). */
const PAGE_CACHE = 'diary-page';
const ICON_CACHE = 'diary-icons';

// A new version takes over at once: the page it serves next is the one its precache matches.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * At install, the diary page from this origin: the first visit is not served by this worker, and the
 * diary must open offline after one visit. A failure leaves the install as it is (the page is kept
 * on the next online visit instead).
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(DIARY_PAGE, { credentials: 'same-origin', cache: 'no-store' });
        if (response.ok) await (await caches.open(PAGE_CACHE)).put(DIARY_PAGE, response);
      } catch {
        // offline or the server away: kept on the next visit
      }
    })(),
  );
});

/**
 * Any diary page (/diary, /diary/…): the network first (the newest page, and so the newest
 * scripts), the kept page when there is no answer within a few seconds. One copy for every diary
 * path: the page is the same, the diary's own router reads the path.
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isDiaryPath(url.pathname),
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreSearch: true, ignoreVary: true },
    plugins: [
      {
        cacheKeyWillBeUsed: async () => new URL(DIARY_PAGE, self.location.origin).href,
        // Only the page itself: never an error, a redirect or a sign-in page in its place.
        cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
      },
    ],
  }),
);

/** The platform's icons and manifest: shown at once from the phone, refreshed behind. */
registerRoute(
  ({ url }) => sameOrigin(url) && isAppIconPath(url.pathname),
  new StaleWhileRevalidate({
    cacheName: ICON_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
