/**
 * Colour contrast (WCAG 2.1, 1.4.3): a platform's brand colour as text, or as the background of
 * white text, must reach 4.5:1. DTrack's and Foodmap's green (#029147) reaches 4.1:1 on white, so
 * the interface writes and fills with a darker shade of it; the logo, the favicon and the theme
 * colour keep the brand colour itself.
 */

/** The WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` mixed with `b`, `t` of the way (0 = a, 1 = b), as `#rrggbb`. */
export function mixColors(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The brand colour, darkened only as much as needed (steps of 2 % towards black) to read at 4.5:1
 * on white and on the light tint of itself the pages use behind it (up to 15 % of it on white: the selected
 * menu entry, highlighted links):
 * text, links, primary buttons with white text, the selected menu entry.
 */
export function readableBrandColor(hex: string, minRatio = 4.5): string {
  for (let step = 0; step <= 50; step++) {
    const shade = mixColors(hex, '#000000', step / 50);
    const tint = mixColors(shade, '#ffffff', 0.85);
    if (contrastRatio(shade, '#ffffff') >= minRatio && contrastRatio(shade, tint) >= minRatio) return shade;
  }
  return '#000000';
}
