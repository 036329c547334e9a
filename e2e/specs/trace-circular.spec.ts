import { expect, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

const PHONE = { ...VIETNAM_DEVICE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * Circular 02/2024/TT-BKHCN (ADR 043): the demo batch's public page (seed batches.ts, the README's
 * link) shows the consumer information the circular lists, on a 360 px phone without scrolling
 * sideways: product name and image, producer name and address, the trace code, brand, trademark,
 * product code, dates and shelf life, the standards applied and the stages with their times.
 */
test('the demo batch’s public page shows the Circular 02/2024 consumer information at 360 px', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(urlFor('dtrack', '/trace/DEMOTRACE0000001'));
  const product = page.getByTestId('trace-product');
  await expect(page.getByTestId('trace-product-name')).toContainText('Chè Shan Tuyết Mộc Châu');
  await expect(product.locator('img.cover')).toBeVisible();
  await expect(page.getByTestId('trace-producer')).not.toBeEmpty();
  await expect(page.getByTestId('trace-producer-address')).toContainText('Mộc Châu');
  await expect(page.getByTestId('trace-code')).toHaveText('DEMOTRACE0000001');
  await expect(page.getByTestId('trace-brand')).toHaveText('Tà Phình Shan Tuyết');
  await expect(page.getByTestId('trace-trademark')).toContainText('Tà Phình');
  await expect(page.getByTestId('trace-sku')).not.toBeEmpty();
  await expect(page.getByTestId('trace-production-date')).not.toBeEmpty();
  await expect(page.getByTestId('trace-shelf-life')).toHaveText('540 ngày kể từ ngày sản xuất');
  const standards = page.getByTestId('trace-standards');
  await expect(standards).toContainText('VietGAP');
  await expect(standards).toContainText('QCVN 8-2:2011/BYT');
  // The stages with their times.
  await expect(page.getByRole('heading', { name: 'Hành trình sản phẩm' })).toBeVisible();
  const events = page.getByTestId('trace-event');
  expect(await events.count()).toBeGreaterThan(0);
  await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors, 'console errors on the phone').toEqual([]);
  await context.close();
});

test('the demo roasted lot shows its declared standards and those of the farms’ VietGAP plots, and its shelf life', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(urlFor('dtrack', '/trace/DEMOCHAIN1000001'));
  await expect(page.getByTestId('trace-brand')).toHaveText('Cư M’gar Robusta');
  await expect(page.getByTestId('trace-standards')).toContainText('TCVN 5251:2015');
  await expect(page.getByTestId('trace-shelf-life')).toHaveText('365 ngày kể từ ngày sản xuất');
  await expect(page.getByTestId('trace-producer-address')).toContainText('Cư M’gar');
  // Chain stages: the steps of the lots it was made from.
  expect(await page.getByTestId('trace-origin-step').count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
