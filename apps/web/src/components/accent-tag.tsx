import type { ReactNode } from 'react';
import { Tag, theme, type TagProps } from 'antd';

/**
 * A tag in the platform's colour (DTrack's and Foodmap's green, AgriHub's blue), for labels that mark
 * rather than judge — the role "Nhà sản xuất", "you", a cover photo, a trace step — where a fixed
 * antd colour ("green", "blue") would ignore the platform. Statuses keep their own colours.
 */
export function AccentTag({ children, style, ...rest }: Omit<TagProps, 'color'> & { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Tag
      {...rest}
      style={{
        color: token.colorPrimary,
        background: token.colorPrimaryBg,
        borderColor: token.colorPrimaryBorder,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
