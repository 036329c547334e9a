import fs from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors } from '@agrihub/contract/colors';
import { PLATFORMS } from '@agrihub/contract/platforms';
import { themeOf } from './theme';

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

/** `rgba(0, 0, 0, a)` over white, as `#rrggbb`. */
function blackOnWhite(rgba: string): string {
  const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(rgba)![1]);
  const v = Math.round(255 * (1 - alpha))
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
}

/** The `.ant-tag { … }` block of styles.css: the variables the tags read, as written. */
function tagVariables(): Record<string, string> {
  const css = fs.readFileSync(path.join(import.meta.dirname, '../styles.css'), 'utf8');
  const block = /\n\.ant-tag \{([^}]*)\}/.exec(css)![1];
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

describe('antd theme at WCAG AA contrast (4.5:1 for text)', () => {
  for (const platform of Object.values(PLATFORMS)) {
    it(`${platform.key}: primary, links, menu, errors and secondary text read on their backgrounds`, () => {
      const config = themeOf(platform);
      const token = theme.getDesignToken(config) as unknown as Record<string, string>;
      // Primary buttons (white text), links, danger buttons and form errors.
      for (const key of ['colorPrimary', 'colorLink', 'colorError']) {
        expect(contrastRatio(token[key], '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      }
      // The selected side-menu entry on its tint (antd lays the tint over the menu's white).
      const menu = config.components!.Menu!;
      const alpha = parseInt(menu.itemSelectedBg!.slice(7), 16) / 255;
      const tint = mixColors(menu.itemSelectedColor!, '#ffffff', 1 - alpha);
      expect(contrastRatio(menu.itemSelectedColor!, tint)).toBeGreaterThanOrEqual(4.5);
      // Secondary text on white and on the table header's grey; placeholders on white.
      expect(contrastRatio(blackOnWhite(token.colorTextDescription), '#fafafa')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(blackOnWhite(token.colorTextPlaceholder), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('status and preset tags (styles.css) read on their light backgrounds', () => {
    const token = theme.getDesignToken(themeOf(PLATFORMS.dtrack)) as unknown as Record<string, string>;
    const vars = tagVariables();
    for (const status of ['Success', 'Warning', 'Error', 'Info']) {
      const name = `--ant-color-${status.toLowerCase()}`;
      expect(vars[name], name).toBe(`var(${name}-text)`);
      expect(contrastRatio(token[`color${status}Text`], token[`color${status}Bg`]), status).toBeGreaterThanOrEqual(4.5);
    }
    for (const preset of PRESETS) {
      // The 7th shade antd uses, or the one styles.css sets instead.
      const text = vars[`--ant-${preset}-7`] ?? token[`${preset}7`];
      expect(contrastRatio(text, token[`${preset}1`]), preset).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('motion', () => {
  it('a device asking for less motion gets no animation; others keep antd’s', () => {
    const still = theme.getDesignToken(themeOf(PLATFORMS.agrihub, { reducedMotion: true }));
    expect([still.motionDurationFast, still.motionDurationMid, still.motionDurationSlow]).toEqual(['0s', '0s', '0s']);
    const moving = theme.getDesignToken(themeOf(PLATFORMS.agrihub));
    expect(moving.motion).toBe(true);
    expect(moving.motionDurationMid).not.toBe('0s');
  });
});
