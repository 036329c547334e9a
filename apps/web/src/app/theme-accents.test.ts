import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS, PLATFORMS } from '@agrihub/contract/platforms';
import { themeOf } from './theme';

describe('accents in the platform colour (issue 13)', () => {
  it.each(PLATFORM_KEYS)("%s: progress bars and rings use the theme primary, not antd's info blue", (key) => {
    const theme = themeOf(PLATFORMS[key]);
    expect(theme.components?.Progress?.defaultColor).toBe(theme.token?.colorPrimary);
  });
});
