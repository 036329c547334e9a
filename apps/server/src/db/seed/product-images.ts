import { escapeXml } from '../../lib/file-text.js';

/** Generated product pictures (no stock images in the repo): a gradient, a simple emblem and the name. */
const PALETTES = [
  ['#2e7d32', '#a5d6a7'],
  ['#00695c', '#80cbc4'],
  ['#ef6c00', '#ffcc80'],
  ['#1565c0', '#90caf9'],
  ['#6d4c41', '#d7ccc8'],
  ['#ad1457', '#f48fb1'],
  ['#558b2f', '#dcedc8'],
] as const;

/** Splits a name into at most two lines of ~16 characters. */
function lines(name: string): string[] {
  const words = name.split(' ');
  const out: string[] = [''];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && (cur + ' ' + w).length > 16 && out.length < 2) out.push(w);
    else out[out.length - 1] = cur ? `${cur} ${w}` : w;
  }
  return out;
}

export function productSvg(name: string, subtitle: string, palette: number, view = 0): string {
  const [dark, light] = PALETTES[palette % PALETTES.length];
  const text = lines(name)
    .map(
      (l, i) =>
        `<text x="400" y="${560 + i * 64}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  const leaves = Array.from({ length: 5 }, (_, i) => {
    const angle = -60 + i * 30 + view * 12;
    return `<ellipse cx="400" cy="250" rx="34" ry="110" fill="${light}" opacity="0.9" transform="rotate(${angle} 400 360)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="400" cy="330" r="${190 - view * 10}" fill="#ffffff" opacity="0.25"/>
  ${leaves}
  <circle cx="400" cy="360" r="46" fill="${dark}"/>
  <rect x="0" y="480" width="800" height="320" fill="${dark}" opacity="0.55"/>
  ${text}
  <text x="400" y="740" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ffffff" opacity="0.9">${escapeXml(subtitle)}</text>
</svg>`;
}

/** An 800×800 WebP and a 320 px WebP thumbnail. */
export async function productImage(
  name: string,
  subtitle: string,
  palette: number,
  view = 0,
): Promise<{ main: Buffer; thumb: Buffer }> {
  const svg = Buffer.from(productSvg(name, subtitle, palette, view));
  const { default: sharp } = await import('sharp');
  const main = await sharp(svg).webp({ quality: 82 }).toBuffer();
  const thumb = await sharp(svg).resize({ width: 320 }).webp({ quality: 78 }).toBuffer();
  return { main, thumb };
}
