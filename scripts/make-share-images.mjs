// Draws each platform's default share card (1200×630 PNG, what Zalo and Facebook show for a page
// without its own image: they do not show SVG) from its icon, name and tagline, in Debian's
// Chromium. Run after changing a logo or tagline: node scripts/make-share-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const brand = path.join(root, 'apps/web/public/brand');
const taglines = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/public/locales/vi/common.json'), 'utf8')).platform;
const platforms = {
  dtrack: { name: 'DTrack', color: '#029147' },
  agrihub: { name: 'AgriHub', color: '#145da0' },
  foodmap: { name: 'Foodmap', color: '#029147' },
};

const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const [key, p] of Object.entries(platforms)) {
  const icon = fs.readFileSync(path.join(brand, `${key}-icon.svg`), 'utf8');
  await page.setContent(`<!doctype html><html><body style="margin:0">
    <div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;display:flex;flex-direction:column;
      justify-content:center;gap:40px;background:linear-gradient(135deg,#fff 55%,${p.color}22);
      font-family:'Noto Sans',sans-serif;border-bottom:24px solid ${p.color}">
      <div style="display:flex;align-items:center;gap:36px">
        <div style="width:176px;height:176px">${icon.replace(/width="48" height="48"/, 'width="176" height="176"')}</div>
        <div style="font-size:112px;font-weight:700;color:${p.color}">${escape(p.name)}</div>
      </div>
      <div style="font-size:52px;line-height:1.3;color:#1f2937">${escape(taglines[key].tagline)}</div>
    </div></body></html>`);
  await page.screenshot({ path: path.join(brand, `${key}-share.png`) });
  console.log(`${key}-share.png`);
}
await browser.close();
