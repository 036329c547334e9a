import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PLATFORMS, type PlatformKey } from '@agrihub/contract';
import { CHROMIUM_ARGS } from '../playwright.config';
import { demo, expect, login, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

/**
 * Issue 28: each platform's host is an installable producer app. Its web app manifest is valid
 * (fields, icons at their sizes), its service worker (scope /) controls the diary, Chromium finds
 * nothing against installing it, and once visited the diary opens with no network — while the API,
 * the public pages and the back office are never answered from the phone's caches.
 *
 * A browser profile of its own (a persistent context): Chromium never offers to install an app
 * from an incognito window, which every other context of the tests is.
 */

/** The diary's shell is drawn: its root has content, under the platform's title. */
async function expectDiaryShell(page: Page, platform: PlatformKey) {
  await expect(page.locator('#diary-root > *').first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle(new RegExp(PLATFORMS[platform].name));
}

/** Every URL in the page's caches (Cache Storage), as paths. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

/** A GET of `path` from the page: its status, or how it failed. */
const fetchFromPage = (page: Page, path: string, platform: PlatformKey) =>
  page.evaluate(
    ([p, key]) =>
      fetch(p, { headers: { platform: key, locale: 'vi' } }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    [path, platform] as const,
  );

for (const platform of ['dtrack', 'agrihub'] as const) {
  test(`${platform}: the producer app installs, and the diary opens offline once visited`, async ({ playwright }) => {
    test.setTimeout(120_000);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ...VIETNAM_DEVICE,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    try {
      await login(page, platform, demo('producer', platform));
      await page.goto(urlFor(platform, '/diary'));
      await expectDiaryShell(page, platform);

      // The manifest the page links: the platform's app, opening the diary standalone.
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
        const res = await fetch(href);
        return { href, status: res.status, type: res.headers.get('content-type'), body: await res.json() };
      });
      expect(manifest).toMatchObject({ href: '/manifest.webmanifest', status: 200 });
      expect(manifest.type).toMatch(/^application\/manifest\+json(;|$)/);
      expect(manifest.body).toMatchObject({
        short_name: PLATFORMS[platform].name,
        lang: 'vi',
        start_url: '/diary',
        scope: '/',
        display: 'standalone',
        theme_color: PLATFORMS[platform].primaryColor,
      });
      const icons = manifest.body.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
      // Each icon loads, at the size it states.
      for (const icon of icons) {
        const size = await page.evaluate(
          (src) =>
            new Promise<string>((resolve) => {
              const img = new Image();
              img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
              img.onerror = () => resolve('not loaded');
              img.src = src;
            }),
          icon.src,
        );
        expect(size, icon.src).toBe(icon.sizes);
      }
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
        'content',
        PLATFORMS[platform].primaryColor,
      );
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', `/icons/${platform}-192.png`);

      // The service worker: registered at the root, active, controlling the diary.
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return { scope: r.scope, script: r.active?.scriptURL };
      });
      expect(registration).toEqual({ scope: urlFor(platform, '/'), script: urlFor(platform, '/sw.js') });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      // Chromium's own checks (what Lighthouse's installability audit reads): nothing against it.
      const cdp = await context.newCDPSession(page);
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(parsed.url).toBe(urlFor(platform, '/manifest.webmanifest'));
      expect(parsed.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // An API answer fetched online under the worker…
      expect(await fetchFromPage(page, '/api/v1/register_services', platform)).toBe('answered 200');
      // …and the diary page kept (from this host: its platform's title) for the next open.
      await expect.poll(async () => (await cachedPaths(page)).includes('/diary'), { timeout: 20_000 }).toBe(true);

      await context.setOffline(true);
      // The worker itself has no network either: what it shows next comes from what it kept.
      const [worker] = context.serviceWorkers();
      expect(
        await worker.evaluate(() =>
          fetch('/api/health').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      await page.reload();
      await expectDiaryShell(page, platform);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // Any diary path opens the same page offline (the diary's router reads the path).
      await page.goto(urlFor(platform, '/diary/entries/new'));
      await expectDiaryShell(page, platform);

      // What the phone keeps: the diary page, its own files and the platform's icons and manifest;
      // no API, sign-in or upload answer, and none of the back office's scripts.
      const kept = await cachedPaths(page);
      expect(
        kept.filter(
          (p) =>
            !/^\/(diary|assets\/[\w.-]+\.(js|css|svg|png|webp|woff2)|icons\/[\w-]+\.png|brand\/[a-z]+-icon\.svg|manifest\.webmanifest)$/.test(
              p,
            ),
        ),
      ).toEqual([]);
      expect(kept.filter((p) => /^\/assets\/(main|antd|router|state)-/.test(p))).toEqual([]);
      // Offline, the API is never answered from a cache (an answer is the account's it was made for).
      expect(await fetchFromPage(page, '/api/v1/register_services', platform)).toBe('failed');
      expect(await fetchFromPage(page, '/oauth/token', platform)).toBe('failed');
      // The public pages and the back office are not made offline (each opened in a tab of its own).
      for (const path of ['/dashboard', '/faqs', '/']) {
        const tab = await context.newPage();
        await expect(tab.goto(urlFor(platform, path)), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
        await tab.close();
      }

      expect(errors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}
