import { readableBrandColor } from '@agrihub/contract/colors';
import { PLATFORMS, platformFromHost, type Platform } from '@agrihub/contract/platforms';

/**
 * The white-label platform, chosen once at load from the host name (DESIGN.md §1):
 * `agrihub.localhost:3000` → AgriHub, anything unknown → the default platform.
 */
export const platform: Platform = PLATFORMS[platformFromHost(window.location.host)];

/** Favicon and theme colour of the platform; the page title is set per route (app/layouts/root-layout). */
export function applyPlatformBranding(): void {
  const icon = document.querySelector<HTMLLinkElement>('link#favicon') ?? document.createElement('link');
  icon.id = 'favicon';
  icon.rel = 'icon';
  icon.type = 'image/svg+xml';
  icon.href = platform.favicon;
  if (!icon.parentNode) document.head.appendChild(icon);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', platform.primaryColor);
  document.documentElement.dataset.platform = platform.key;
  // Text, links and buttons in the brand colour read at 4.5:1 (contract colors.ts).
  document.documentElement.style.setProperty('--brand', readableBrandColor(platform.primaryColor));
  document.title = platform.name;
}
