// Draws each platform's app icons (the installable producer app, issue 28) from its icon SVG
// (apps/web/public/brand/{platform}-icon.svg) with sharp: 192 and 512 px as drawn, and a maskable
// 512 px (the platform colour to every edge, the icon inside the central 80 % circle a launcher may
// cut out). Names and sizes: packages/contract/src/pwa.ts. Run after changing a logo:
//   node scripts/make-pwa-icons.mjs
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
// sharp is the server's dependency (thumbnails): resolved from there.
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
const brand = path.join(root, 'apps/web/public/brand');
const out = path.join(root, 'apps/web/public/icons');
fs.mkdirSync(out, { recursive: true });

/** The SVG drawn at `size` px (rendered at its own scale, never an upscaled bitmap). */
const render = (svg, size) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();

for (const key of ['dtrack', 'agrihub', 'foodmap']) {
  const svg = fs.readFileSync(path.join(brand, `${key}-icon.svg`), 'utf8');
  const colour = /<rect width="48" height="48"[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  if (!colour) throw new Error(`${key}-icon.svg: no background colour found`);
  for (const size of [192, 512]) {
    fs.writeFileSync(path.join(out, `${key}-${size}.png`), await render(svg, size));
  }
  // The glyph at 72 % of the side: its corners stay inside the 40 %-radius safe circle.
  const inner = Math.round(512 * 0.72);
  const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: colour } })
    .composite([{ input: await render(svg, inner), gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  fs.writeFileSync(path.join(out, `${key}-maskable-512.png`), maskable);
  console.log(`${key}: ${key}-192.png, ${key}-512.png, ${key}-maskable-512.png`);
}
