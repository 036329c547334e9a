import type { TraceStep } from '@agrihub/contract';
import { escapeXml } from '../../lib/file-text.js';

/** Colours and a simple scene per stage for generated demo photos (no stock images in the repo). */
const SCENES: Record<TraceStep, { sky: string; ground: string; accent: string }> = {
  planting: { sky: '#bfe3ff', ground: '#7a5230', accent: '#3fa34d' },
  caring: { sky: '#d7f0ff', ground: '#4f8f3a', accent: '#2f6f2a' },
  harvesting: { sky: '#ffe9b3', ground: '#6b8e23', accent: '#e0a800' },
  processing: { sky: '#eef1f4', ground: '#9aa5b1', accent: '#029147' },
  packing: { sky: '#f6efe6', ground: '#c8a27a', accent: '#8b5a2b' },
  storing: { sky: '#e8eef7', ground: '#6c7a89', accent: '#145da0' },
  shipping: { sky: '#cfe8ff', ground: '#55606e', accent: '#f07f13' },
  receiving: { sky: '#e9f7ef', ground: '#7d8b99', accent: '#029147' },
  other: { sky: '#f2f2f2', ground: '#9e9e9e', accent: '#555555' },
};

/** An 800×600 landscape: sky, sun, hills, rows of plants (or crates), and a caption band. */
export function sceneSvg(step: TraceStep, caption: string, variant = 0): string {
  const s = SCENES[step];
  const rows = Array.from({ length: 7 }, (_, i) => {
    const y = 380 + i * 30;
    const shapes = Array.from({ length: 12 }, (_, j) => {
      const x = 30 + j * 66 + ((i + variant) % 2) * 33;
      return step === 'packing' || step === 'storing' || step === 'shipping' || step === 'receiving'
        ? `<rect x="${x}" y="${y - 14}" width="40" height="24" rx="3" fill="${s.accent}" opacity="0.85"/>`
        : `<ellipse cx="${x + 16}" cy="${y}" rx="${14 + (j % 3) * 2}" ry="10" fill="${s.accent}" opacity="0.9"/>`;
    });
    return shapes.join('');
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#sky)"/>
  <circle cx="${640 - variant * 90}" cy="110" r="52" fill="#ffd54f"/>
  <path d="M0 360 Q 160 ${250 + variant * 10} 330 330 T 800 ${300 - variant * 8} V 600 H 0 Z" fill="${s.ground}" opacity="0.55"/>
  <path d="M0 400 Q 220 330 460 390 T 800 370 V 600 H 0 Z" fill="${s.ground}"/>
  ${rows}
  <rect y="540" width="800" height="60" fill="#000000" opacity="0.45"/>
  <text x="24" y="580" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#ffffff">${escapeXml(caption)}</text>
</svg>`;
}

/** JPEG photo and 320 px WebP thumbnail of a generated scene. */
export async function scenePhoto(
  step: TraceStep,
  caption: string,
  variant = 0,
): Promise<{ main: Buffer; thumb: Buffer }> {
  const svg = Buffer.from(sceneSvg(step, caption, variant));
  const { default: sharp } = await import('sharp');
  const main = await sharp(svg).jpeg({ quality: 82 }).toBuffer();
  const thumb = await sharp(svg).resize({ width: 320 }).webp({ quality: 78 }).toBuffer();
  return { main, thumb };
}
