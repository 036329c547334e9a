/**
 * Lets non-React code (the API base query on a 401) navigate with the data router.
 * app/router.tsx registers `router.navigate` at start-up.
 */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  navigateImpl(to, options);
}
