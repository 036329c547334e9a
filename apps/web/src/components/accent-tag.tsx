import type { ReactNode } from 'react';
import { Tag, theme, type TagProps } from 'antd';
import { mixColors } from '@agrihub/contract/colors';

/**
 * A tag in the platform's colour (DTrack's and Foodmap's green, AgriHub's blue), for labels that mark
 * rather than judge — the role "Nhà sản xuất", "you", a cover photo, a trace step — where a fixed
 * antd colour ("green", "blue") would ignore the platform. Statuses keep their own colours. The text
 * is the theme's primary on its 85 % white tint, the pair `readableBrandColor` keeps at 4.5:1 (antd's
 * own colorPrimaryBg of a dark green is a grey that reads at 2.8:1).
 */
export function AccentTag({ children, style, ...rest }: Omit<TagProps, 'color'> & { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Tag
      {...rest}
      style={{
        color: token.colorPrimary,
        background: mixColors(token.colorPrimary, '#ffffff', 0.85),
        borderColor: mixColors(token.colorPrimary, '#ffffff', 0.6),
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
