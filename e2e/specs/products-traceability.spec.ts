import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { withCheckDigit } from '@agrihub/contract/gtin';
import { pickFrom, pickOption } from '../support/antd';
import { confirmPopover, demo, expect as baseExpect, signIn, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';
import { png, PNG_SIGNATURE } from '../support/png';

// The story: a producer adds a product with 2×3 variants, renames an option value and keeps
// the prices, submits it; the admin approves it; the producer records a batch with three events and
// photos, publishes it and downloads its QR code; a phone opens the QR URL and sees the timeline;
// the scan counts once per phone; a recall shows the banner.

// Every step waits on the server and lazy chunks; on a busy machine 10 s is not always enough.
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { ...VIETNAM_DEVICE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Local wall-clock parts in Vietnam (UTC+7, no DST), `days` from now: what the pickers expect. */
function vnDate(days: number, hour?: number, minute = 0): string {
  const d = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  return hour === undefined ? date : `${date} ${two(hour)}:${two(minute)}`;
}

/** Types a date (or date and time) into an antd DatePicker and confirms with Enter. */
async function typeDate(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/** Variant prices as the table shows them, digits only ("120.000 ₫" → 120000). */
async function variantPrices(page: Page): Promise<number[]> {
  const values = await page
    .getByTestId('variant-price')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  return values.map((v) => Number(v.replace(/\D/g, '')));
}

const stamp = Date.now().toString(36).toUpperCase();
const productName = `Gạo ST25 hữu cơ E2E ${stamp}`;
const gtin = withCheckDigit(`893${String(Date.now()).slice(-9)}`); // a valid GTIN-13 (GS1 Vietnam prefix)
const lot = `E2E-${stamp}`;
const recallReason = `Phát hiện bao bì lô ${lot} bị rách, thu hồi để kiểm tra.`;
const weights = ['1kg', '2kg']; // 2 × 3 values = 6 variants
const packs = ['Túi', 'Hộp', 'Bao'];
const events = [
  {
    step: 'planting',
    label: 'Gieo trồng',
    time: vnDate(-120, 7, 30),
    place: 'Cánh đồng Mỹ Xuyên',
    text: 'Gieo sạ giống ST25 xác nhận.',
  },
  {
    step: 'harvesting',
    label: 'Thu hoạch',
    time: vnDate(-10, 6, 0),
    place: 'Cánh đồng Mỹ Xuyên',
    text: 'Thu hoạch bằng máy gặt đập liên hợp.',
  },
  {
    step: 'packing',
    label: 'Đóng gói',
    time: vnDate(-3, 14, 15),
    place: 'Xưởng đóng gói HTX',
    text: 'Xay xát, đóng túi hút chân không.',
  },
] as const;

test.describe('products and traceability, end to end (dtrack)', () => {
  // Long stories: each step gets three minutes.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let productUrl = '';
  let batchUrl = '';
  let publicLink = '';
  let traceUrl = '';
  let phone: BrowserContext | null = null;
  let phonePage: Page | null = null;
  const phoneErrors: string[] = [];

  test.afterAll(async () => {
    await phone?.close();
  });

  test('a producer adds a product with 2×3 variants, renames an option value, keeps the prices and submits it', async ({
    page,
  }) => {
    await signIn(page, 'dtrack', demo('producer', 'dtrack'));
    await page.goto(urlFor('dtrack', '/add-product'));

    await page.getByTestId('product-name').fill(productName);
    // Category: a leaf, found by typing in the tree's search; the field shows the full path.
    const leaf = page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: /^Gạo hữu cơ$/ });
    await pickFrom(page, 'product-category', leaf, 'Sản phẩm OCOP và hữu cơ > Gạo hữu cơ', 'Gạo hữu cơ');
    await pickOption(page, 'product-unit', 'Kg');
    await page.getByTestId('product-price').fill('150000');
    await page.getByTestId('product-gtin').fill(gtin);

    // Two option groups (two and three values) → 6 variants.
    await page.getByTestId('add-option-group').click();
    await page.getByTestId('option-title-0').fill('Khối lượng');
    await page.getByTestId('option-title-0').press('Enter');
    await page.getByTestId('option-values-0').fill(weights.join(', '));
    await page.getByTestId('option-values-0').press('Enter');
    await page.getByTestId('add-option-group').click();
    await page.getByTestId('option-title-1').fill('Đóng gói');
    await page.getByTestId('option-title-1').press('Enter');
    await page.getByTestId('option-values-1').fill(packs.join(', '));
    await page.getByTestId('option-values-1').press('Enter');
    await expect(page.getByTestId('variant-row')).toHaveCount(6);
    await expect(page.getByTestId('variant-label')).toHaveText(weights.flatMap((w) => packs.map((p) => `${w} / ${p}`)));

    // Prices: one for all, then "1kg / Hộp" differs (a row whose value is renamed below).
    await page.getByTestId('apply-price-value').fill('120000');
    await page.getByTestId('apply-price-all').click();
    const special = page.getByTestId('variant-row').filter({ hasText: '1kg / Hộp' }).getByTestId('variant-price');
    await special.fill('99000');
    await special.blur();
    const prices = [120000, 99000, 120000, 120000, 120000, 120000];
    await expect.poll(() => variantPrices(page)).toEqual(prices);

    await page.getByTestId('save-product').click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    productUrl = page.url();
    await expect(page.getByTestId('review-status').getByTestId('product-status')).toHaveAttribute(
      'data-status',
      'draft',
    );
    await expect.poll(() => variantPrices(page)).toEqual(prices);

    // Rename '1kg' → '1 kg': the three variants of that value keep their prices.
    const value = page.getByTestId('option-value-0-0');
    await value.fill('1 kg');
    await value.press('Enter');
    await expect(page.getByTestId('variant-label').first()).toHaveText('1 kg / Túi');
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/products/') && r.request().method() === 'PUT');
    await page.getByTestId('save-product').click();
    expect((await saved).status()).toBe(200);

    // What the server kept, after a reload.
    await page.reload();
    const renamed = ['1 kg', '2kg'].flatMap((w) => packs.map((p) => `${w} / ${p}`));
    await expect(page.getByTestId('variant-label')).toHaveText(renamed);
    await expect(page.getByTestId('variant-row')).toHaveCount(6);
    await expect.poll(() => variantPrices(page)).toEqual(prices);
    await expect(page.getByTestId('option-value-0-0')).toHaveValue('1 kg');

    // Submit for approval (confirmed); the product is pending and locked.
    await page.getByTestId('submit-product').click();
    await confirmPopover(
      page,
      'Gửi duyệt',
      (r) => r.method() === 'POST' && /\/api\/v1\/products\/\d+\/register$/.test(r.url()),
    );
    await expect(page.getByTestId('review-status').getByTestId('product-status')).toHaveAttribute(
      'data-status',
      'pending',
    );
    await expect(page.getByTestId('save-product')).toBeDisabled();
  });

  test('the administrator finds the pending product and approves it', async ({ page }) => {
    await signIn(page, 'dtrack', demo('admin', 'dtrack'));
    await page.goto(urlFor('dtrack', '/admin/products'));
    await expect(page.getByTestId('admin-products-page')).toBeVisible();
    const search = page.getByTestId('product-search').locator('input');
    await search.fill(productName);
    await search.press('Enter');
    await pickOption(page, 'product-status-filter', 'Chờ duyệt');
    const row = page.getByTestId('product-row').filter({ hasText: productName });
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(row.getByTestId('product-status')).toHaveAttribute('data-status', 'pending');
    await row.getByTestId('product-link').click();

    await expect(page.getByTestId('admin-product-page')).toBeVisible();
    await expect(page.getByTestId('admin-product-page').getByTestId('variant-row')).toHaveCount(6);
    await page.getByTestId('approve-product').click();
    await page.getByTestId('confirm-approve').click();
    await expect(page.getByTestId('admin-product-page').getByTestId('product-status').first()).toHaveAttribute(
      'data-status',
      'approved',
    );
    await expect(page.getByTestId('approve-product')).toHaveCount(0);

    // The producer sees the approval.
    await signIn(page, 'dtrack', demo('producer', 'dtrack'));
    await page.goto(productUrl);
    await expect(page.getByTestId('review-status').getByTestId('product-status')).toHaveAttribute(
      'data-status',
      'approved',
    );
  });

  test('the producer records a batch with three events and photos, publishes it and downloads its QR code', async ({
    page,
  }) => {
    await signIn(page, 'dtrack', demo('producer', 'dtrack'));
    await page.goto(urlFor('dtrack', '/add-batch'));
    await pickOption(page, 'batch-product', productName, productName);
    await pickOption(page, 'batch-variant', '1 kg / Túi');
    await expect(page.getByTestId('batch-unit')).toContainText('Kg'); // proposed from the product
    await page.getByTestId('batch-lot').fill(lot);
    await typeDate(page.getByTestId('batch-production-date'), vnDate(-3));
    await typeDate(page.getByTestId('batch-expiry-date'), vnDate(180));
    await page.getByTestId('batch-quantity').fill('500');
    await page.getByTestId('save-batch').click();
    await expect(page).toHaveURL(/\/product-batches\/\d+$/);
    batchUrl = page.url();
    await expect(page.getByTestId('batch-page')).toHaveAttribute('data-state', 'draft');

    const colours: [number, number, number][] = [
      [46, 125, 50],
      [251, 192, 45],
      [121, 85, 72],
    ];
    for (const [i, event] of events.entries()) {
      await page.getByTestId('add-event').click();
      const modal = page.locator('.ant-modal:visible');
      await pickOption(page, 'event-step', event.label);
      await typeDate(modal.getByTestId('event-time'), event.time);
      await modal.getByTestId('event-place').fill(event.place);
      await modal.getByTestId('event-description').fill(event.text);
      await modal.getByTestId('event-photos').setInputFiles([
        { name: `${event.step}-1.png`, mimeType: 'image/png', buffer: png(colours[i]) },
        { name: `${event.step}-2.png`, mimeType: 'image/png', buffer: png([200, 230, 201]) },
      ]);
      await expect(modal.getByTestId('event-photo')).toHaveCount(2);
      await modal.getByTestId('save-event').click();
      await expect(page.getByTestId('batch-event')).toHaveCount(i + 1);
      await expect(modal).toBeHidden();
    }
    await expect(page.getByTestId('batch-event')).toHaveCount(3);
    for (const [i, event] of events.entries()) {
      const shown = page.getByTestId('batch-event').nth(i);
      await expect(shown).toHaveAttribute('data-step', event.step);
      await expect(shown.locator('img')).toHaveCount(2);
    }

    await page.getByTestId('publish-batch').click();
    await page.getByTestId('publish-confirm').click();
    await expect(page.getByTestId('batch-page')).toHaveAttribute('data-state', 'published');

    // The QR code: a PNG named qrcode.png; the product has a GTIN, so it encodes the Digital Link.
    await expect(page.getByTestId('qr-image')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-download').click()]);
    expect(download.suggestedFilename()).toBe('qrcode.png');
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    publicLink = await page.getByTestId('public-link').inputValue();
    expect(publicLink).toMatch(/^http:\/\/dtrack\.localhost:\d+\/trace\/[A-Z0-9]{16}$/);
    expect(await page.getByTestId('open-public-link').getAttribute('href')).toBe(publicLink);
    traceUrl = `${new URL(publicLink).origin}/01/${gtin.padStart(14, '0')}/10/${lot}`;
    await expect(page.getByTestId('share-panel')).toContainText(traceUrl);
  });

  test('a phone opens the QR URL: timeline, photos, one scan per phone', async ({ browser }) => {
    phone = await browser.newContext(PHONE);
    phonePage = await phone.newPage();
    phonePage.on('console', (m) => m.type() === 'error' && phoneErrors.push(m.text()));
    phonePage.on('pageerror', (e) => phoneErrors.push(String(e)));

    // The QR's GS1 Digital Link answers 307 (GS1's recommended redirect) to the public page of the batch.
    const response = await phonePage.goto(traceUrl);
    expect(phonePage.url()).toBe(publicLink);
    const hop = response!.request().redirectedFrom();
    expect(hop?.url()).toBe(traceUrl);
    expect((await hop!.response())!.status()).toBe(307);

    const timeline = phonePage.getByTestId('trace-timeline');
    await expect(timeline).toBeVisible();
    await expect(phonePage.getByTestId('trace-product-name')).toContainText(productName);
    await expect(phonePage.getByTestId('trace-product-name')).toContainText('1 kg / Túi');
    const shown = timeline.getByTestId('trace-event');
    await expect(shown).toHaveCount(3);
    for (const [i, event] of events.entries()) {
      await expect(shown.nth(i)).toHaveAttribute('data-step', event.step);
      await expect(shown.nth(i)).toContainText(event.text);
      const photos = shown.nth(i).locator('.photos img');
      await expect(photos).toHaveCount(2);
      await photos.first().scrollIntoViewIfNeeded();
      await expect
        .poll(() => photos.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await phonePage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

    const scans = phonePage.getByTestId('trace-scan-count');
    const before = Number(await scans.getAttribute('data-count'));
    expect(before).toBeGreaterThanOrEqual(1);
    // The same phone (network) counts one scan per batch per 30 minutes: a reload adds none.
    await phonePage.reload();
    await expect(timeline).toBeVisible();
    expect(Number(await scans.getAttribute('data-count'))).toBe(before);
    expect(phoneErrors, 'console errors on the phone').toEqual([]);
  });

  test('the producer recalls the batch: the phone shows the recall banner with the reason', async ({ page }) => {
    await signIn(page, 'dtrack', demo('producer', 'dtrack'));
    await page.goto(batchUrl);
    await expect(page.getByTestId('batch-page')).toHaveAttribute('data-state', 'published');
    await page.getByTestId('recall-batch').click();
    await page.getByTestId('recall-reason').fill(recallReason);
    await expect(page.getByTestId('recall-submit')).toBeDisabled(); // the lot code must be typed first
    await page.getByTestId('recall-confirm').fill(lot);
    await page.getByTestId('recall-submit').click();
    await expect(page.getByTestId('batch-page')).toHaveAttribute('data-state', 'recalled');
    await expect(page.getByTestId('batch-recalled-alert')).toContainText(recallReason);

    await phonePage!.reload();
    await expect(phonePage!.getByTestId('trace-recall-banner')).toBeVisible();
    await expect(phonePage!.getByTestId('trace-recall-reason')).toContainText(recallReason);
    await expect(phonePage!.getByTestId('trace-timeline').getByTestId('trace-event')).toHaveCount(3);
    expect(phoneErrors, 'console errors on the phone').toEqual([]);
  });
});

test('the seeded demo page fits a 360 px phone without horizontal scrolling', async ({ browser }) => {
  const phoneContext = await browser.newContext(PHONE);
  const phonePage = await phoneContext.newPage();
  const errors: string[] = [];
  phonePage.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  phonePage.on('pageerror', (e) => errors.push(String(e)));
  await phonePage.goto(urlFor('dtrack', '/trace/DEMOTRACE0000001'));
  await expect(phonePage.getByTestId('trace-timeline')).toBeVisible();
  expect(await phonePage.getByTestId('trace-event').count()).toBeGreaterThan(0);
  await expect(phonePage.getByTestId('trace-product-name')).not.toBeEmpty();
  expect(await phonePage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors, 'console errors on the phone').toEqual([]);
  await phoneContext.close();
});

test('the producer exports the batch list as XLSX, all and as filtered', async ({ page }) => {
  await signIn(page, 'dtrack', demo('producer', 'dtrack'));
  await page.goto(urlFor('dtrack', '/product-batches'));
  await expect(page.getByTestId('batch-row').first()).toBeVisible();
  for (const button of ['export-all', 'export-filtered']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  }
});
