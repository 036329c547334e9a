import { PLATFORMS, type PlatformKey } from '@agrihub/contract';
import { PWA_ICON_SIZES, PWA_START_URL, pwaColors, pwaIconPath } from '@agrihub/contract/pwa';
import { seoText } from '../seo/texts.js';

/**
 * A platform's web app manifest (issue 28, DESIGN §5.8): the installable producer app opens on the
 * field diary, in the platform's name, colours and icons (apps/web/public/icons). In Vietnamese,
 * the producers' language; the pages themselves follow the reader's.
 */
export function webManifest(platform: PlatformKey) {
  const p = PLATFORMS[platform];
  const colors = pwaColors(platform);
  const icon = (size: (typeof PWA_ICON_SIZES)[number], maskable = false) => ({
    src: pwaIconPath(platform, size, maskable),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: maskable ? 'maskable' : 'any',
  });
  return {
    id: PWA_START_URL,
    name: `${p.name} – ${seoText('vi', 'diary')}`,
    short_name: p.name,
    description: seoText('vi', 'diaryDescription', { platform: p.name }),
    lang: 'vi',
    dir: 'ltr',
    start_url: PWA_START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: colors.theme,
    background_color: colors.background,
    categories: ['business', 'productivity'],
    icons: [...PWA_ICON_SIZES.map((size) => icon(size)), icon(512, true)],
  };
}
