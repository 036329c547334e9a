import { readableBrandColor } from '@agrihub/contract/colors';
import { PLATFORMS, platformFromHost, type Platform } from '@agrihub/contract/platforms';
import { pwaIconPath } from '@agrihub/contract/pwa';

/**
 * The white-label platform of this host (same rule as the admin app and the API), for the light
 * public entries (trace.html, content.html): no admin code, only the contract's platform table.
 */
export const platform: Platform = PLATFORMS[platformFromHost(window.location.host)];

/** Colour, favicon and title of the platform on a light page. */
export function applyBranding(title: string): void {
  applyPlatformLook();
  document.title = `${title} · ${platform.name}`;
}

/** Colour, favicon and (the diary's) home-screen icon of the platform on a light page. */
export function applyPlatformLook(): void {
  const root = document.documentElement;
  // Text, links and buttons in the brand colour read at 4.5:1 (contract colors.ts).
  root.style.setProperty('--brand', readableBrandColor(platform.primaryColor));
  root.dataset.platform = platform.key;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', platform.primaryColor);
  document.querySelector<HTMLLinkElement>('link#favicon')?.setAttribute('href', platform.favicon);
  document.querySelector('link#apple-touch-icon')?.setAttribute('href', pwaIconPath(platform.key, 192));
}
