import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS, PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// Issue 28: each platform's host is its own installable producer app — its web app manifest (name,
// colours, icons that exist at their stated sizes), the diary page with the platform's title and
// nothing of an account, and the service worker sent fresh on every check, at the root scope.

const ICONS = path.resolve(import.meta.dirname, '../../../../web/public/icons');

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-pwa-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  fs.writeFileSync(
    path.join(dist, 'diary.html'),
    '<!doctype html><html lang="vi"><head><link rel="manifest" href="/manifest.webmanifest" /><!--seo: here--><title>diary</title></head><body><div id="root"></div></body></html>',
  );
  // Bigger than the compression threshold, as the real worker is (~25 KB).
  fs.writeFileSync(
    path.join(dist, 'sw.js'),
    `self.addEventListener("fetch", () => {});\n${'// workbox\n'.repeat(400)}`,
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (platform: PlatformKey, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: `${platform}.localhost:3000` } });

/** A PNG's width and height (its IHDR chunk). */
function pngSize(file: string): [number, number] {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [head.readUInt32BE(16), head.readUInt32BE(20)];
}

describe('the web app manifest of each platform', () => {
  it.each(PLATFORM_KEYS)('%s: its name, Vietnamese, opens the diary standalone, its colours and icons', async (key) => {
    const res = await get(key, '/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json(;|$)/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = res.json();
    const name = PLATFORMS[key].name;
    expect(m).toMatchObject({
      id: '/diary',
      name: `${name} – Nhật ký đồng ruộng`,
      short_name: name,
      lang: 'vi',
      start_url: '/diary',
      scope: '/',
      display: 'standalone',
      theme_color: PLATFORMS[key].primaryColor,
    });
    expect(m.description).toContain(name);
    expect(m.description).toContain('kể cả khi không có sóng');
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.icons).toEqual([
      { src: `/icons/${key}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/icons/${key}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/icons/${key}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    // Each icon is in the web app's public files (copied to the build) at the size it states.
    for (const icon of m.icons as { src: string; sizes: string }[]) {
      const [w, h] = pngSize(path.join(ICONS, path.basename(icon.src)));
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
  });

  it('needs no sign-in nor Platform header; another platform host gets its own app', async () => {
    const [dtrack, agrihub] = [
      await get('dtrack', '/manifest.webmanifest'),
      await get('agrihub', '/manifest.webmanifest'),
    ];
    expect(dtrack.json().theme_color).not.toBe(agrihub.json().theme_color);
    expect(agrihub.json().icons[0].src).toBe('/icons/agrihub-192.png');
  });
});

describe('the diary page and the service worker', () => {
  it("/diary and /diary/… send diary.html with the platform's title, fresh on every visit, nothing of an account", async () => {
    for (const [key, url] of [
      ['dtrack', '/diary'],
      ['agrihub', '/diary/'],
      ['foodmap', '/diary/plots/12'],
    ] as const) {
      const res = await get(key, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(res.body).toContain(`<title>Nhật ký đồng ruộng · ${PLATFORMS[key].name}</title>`);
      expect(res.body).not.toContain('og:');
    }
    // Not a diary path: the app.
    expect((await get('dtrack', '/diaryx')).body).toContain('<title>spa</title>');
  });

  it('sends /sw.js never cached (an update is found at once), at the root, and lets pages use it and the manifest', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { host: 'dtrack.localhost:3000', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Written after the build's compression: compressed as it is sent.
    expect(res.headers['content-encoding']).toBe('br');
    const policy = String((await get('dtrack', '/diary')).headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});
