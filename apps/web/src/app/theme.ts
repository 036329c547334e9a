import type { ThemeConfig } from 'antd';
import { readableBrandColor } from '@agrihub/contract/colors';
import type { Platform } from '@agrihub/contract/platforms';

/**
 * The antd theme of a platform, at WCAG 2.1 AA contrast (4.5:1 for text; app/theme.test.ts): the
 * brand colour darkened where it does not read (contract `readableBrandColor`: DTrack's and
 * Foodmap's green), secondary text and placeholders darker than antd's (0.45 and 0.25 black read
 * at 3.4:1 and 1.9:1 on white), the error colour of danger buttons and form errors, and the status
 * texts, which styles.css also gives the status and preset tags (antd's preset palettes cannot be
 * changed through the theme). With `reducedMotion` (the device asks for less motion, WCAG 2.3.3)
 * no widget animates: dialogs, menus and toasts appear and go at once.
 */
export function themeOf(platform: Platform, { reducedMotion = false } = {}): ThemeConfig {
  const brand = readableBrandColor(platform.primaryColor);
  return {
    token: {
      motion: !reducedMotion,
      colorPrimary: brand,
      colorLink: brand,
      borderRadius: 6,
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      colorError: '#cf1322',
      colorSuccessText: '#237804',
      colorWarningText: '#874d00',
      colorErrorText: '#cf1322',
      colorInfoText: '#0958d9',
    },
    components: {
      // The selected side-menu entry reads clearly in the platform colour.
      Menu: { itemSelectedColor: brand, itemSelectedBg: `${brand}1f` },
      // Progress bars and rings (the profile's completeness, a request's steps) in the platform colour,
      // not antd's info blue.
      Progress: { defaultColor: brand },
      // An empty table's text (antd writes it in the disabled grey, 1.8:1) reads as secondary text
      // (an empty list's: styles.css).
      Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    },
  };
}
