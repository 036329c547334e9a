import { mixColors } from './colors';
import { PLATFORMS, type PlatformKey } from './platforms';

/**
 * The installable producer app (issue 28, DESIGN §5.8): each platform's host is its own app, with
 * its own web app manifest (apps/server/src/modules/pwa), icons and service worker. It opens on the
 * field diary (apps/web/diary.html), the only screens the service worker keeps for offline use.
 */
export const PWA_START_URL = '/diary';
export const PWA_MANIFEST_PATH = '/manifest.webmanifest';

/** Sizes of the icons made for each platform (scripts/make-pwa-icons.mjs), in px. */
export const PWA_ICON_SIZES = [192, 512] as const;
export type PwaIconSize = (typeof PWA_ICON_SIZES)[number];

/** A platform's app icon: `maskable` is drawn with its glyph inside the safe zone on a full bleed. */
export function pwaIconPath(platform: PlatformKey, size: PwaIconSize, maskable = false): string {
  return `/icons/${platform}-${maskable ? 'maskable-' : ''}${size}.png`;
}

/** The app's colours: the toolbar in the brand colour, the splash screen in a light tint of it. */
export function pwaColors(platform: PlatformKey): { theme: string; background: string } {
  const brand = PLATFORMS[platform].primaryColor;
  return { theme: brand, background: mixColors(brand, '#ffffff', 0.92) };
}
