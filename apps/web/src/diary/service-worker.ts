/**
 * Registers the producer app's service worker (src/sw/sw.ts, served at /sw.js, scope /) once the
 * page has loaded, so its precache never competes with the first load on a slow network. Built
 * pages only: the dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      // The diary still works online; it is kept for offline use on a later visit.
      console.warn('service worker not registered', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
