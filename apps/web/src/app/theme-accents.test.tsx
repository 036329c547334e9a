import { renderToString } from 'react-dom/server';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors } from '@agrihub/contract/colors';
import { PLATFORM_KEYS, PLATFORMS } from '@agrihub/contract/platforms';
import { AccentTag } from '../components/accent-tag';
import { themeOf } from './theme';

describe('accents in the platform colour (issue 13)', () => {
  it.each(PLATFORM_KEYS)("%s: progress bars and rings use the theme primary, not antd's info blue", (key) => {
    const theme = themeOf(PLATFORMS[key]);
    expect(theme.components?.Progress?.defaultColor).toBe(theme.token?.colorPrimary);
  });

  it.each(PLATFORM_KEYS)('%s: an accent tag is the primary on its light tint, readable at 4.5:1', (key) => {
    const theme = themeOf(PLATFORMS[key]);
    const primary = theme.token!.colorPrimary!;
    const html = renderToString(
      <ConfigProvider theme={theme}>
        <AccentTag>Nhà sản xuất</AccentTag>
      </ConfigProvider>,
    );
    const tint = mixColors(primary, '#ffffff', 0.85);
    expect(html).toContain(`color:${primary}`);
    expect(html).toContain(`background:${tint}`);
    expect(contrastRatio(primary, tint)).toBeGreaterThanOrEqual(4.5);
  });
});
