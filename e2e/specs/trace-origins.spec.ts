import { expect, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

const PHONE = { ...VIETNAM_DEVICE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * The public page of DTrack's demo roasted lot (seed supply-chain.ts, README) shows its origins on
 * a 360 px phone: the three member farms with their plot outlines, then the steps on the way —
 * and never a quantity of the chain.
 */
test('the demo roasted lot’s public page shows its origin farms and their plots at 360 px', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(urlFor('dtrack', '/trace/DEMOCHAIN1000001'));
  const origins = page.getByTestId('trace-origins');
  await expect(origins).toBeVisible();
  await expect(origins.getByRole('heading', { name: 'Nguồn gốc' })).toBeVisible();
  expect(await origins.getByTestId('trace-origin').count()).toBe(3);
  // Each farm's plot is drawn from its outline (an SVG path, no map tiles).
  await expect(origins.getByTestId('location-outline')).toHaveCount(3);
  await expect(origins.getByTestId('location-outline').first().locator('path')).toHaveAttribute('d', /^M[\d. LZM-]+Z$/);
  await expect(origins.getByTestId('trace-origin-place').first()).toContainText('ha');
  expect(await origins.getByTestId('trace-origin-step').count()).toBeGreaterThan(0);
  await expect(origins).not.toContainText('kg');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors, 'console errors on the phone').toEqual([]);
  await context.close();
});
