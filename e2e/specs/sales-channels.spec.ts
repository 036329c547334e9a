import type { Page } from '@playwright/test';
import { withCheckDigit } from '@agrihub/contract/gtin';
import {
  adminClient,
  apiClient,
  approvedProduct,
  approvedProducer,
  leafCategoryId,
  uploadImages,
} from '../support/api';
import {
  confirmPopover,
  demo,
  expect as baseExpect,
  port,
  signIn,
  test,
  urlFor,
  VIETNAM_DEVICE,
} from '../support/fixtures';
import { png } from '../support/png';

// Issue 10, the story of a sales channel listing on AgriHub: a producer (approved, with an approved
// product that has two photos) wants it on Shopee; /sales-channels shows the product cannot be
// picked and why (Shopee asks for 3 photos); the producer adds a photo on the product page, sends it
// for review again and, once approved, registers it; the admin approves the registration on
// /admin/product-sales-approval; the producer syncs it (its detail drawer shows the sync in its log
// and the approval in its history); the channel's feed (its URL from the admin's
// channel list) lists the product with its title, price, GTIN and link; the producer changes the
// price and the listing shows "Cần đồng bộ lại". The producer and its product are created for this
// story (the demo accounts stay as they are).

const expect = baseExpect.configure({ timeout: 30_000 });
const PLATFORM = 'agrihub';
const stamp = Date.now().toString(36);
const PASSWORD = 'KenhBan@2026';
const producerEmail = `kenh-ban-${stamp}@example.vn`;
const productName = `Bưởi da xanh Bến Tre ${stamp}`;
const DESCRIPTION =
  'Bưởi da xanh trồng trên đất cù lao Bến Tre, múi hồng, mọng nước, vị ngọt thanh không the đắng; ' +
  'thu hái khi đủ 8 tháng, bọc túi từ khi trái non, không dùng thuốc kích thích.';
const GTIN = withCheckDigit(`8936099${String(Date.now()).slice(-5)}`);
const PRICE = 185_000;
const NEW_PRICE = 199_000;

/**
 * A new producer, approved by the admin, with an approved product that meets Shopee's rules but
 * one: two photos where Shopee asks for three. Returns the product id.
 */
async function producerWithApprovedProduct(): Promise<number> {
  const anon = await apiClient(PLATFORM);
  const admin = await adminClient(PLATFORM, anon);
  const producer = await approvedProducer(PLATFORM, anon, admin, {
    email: producerEmail,
    password: PASSWORD,
    name: 'Trần Văn Kênh',
    producer: `HTX Bưởi ${stamp}`,
  });
  const imageIds = await uploadImages(
    producer,
    [
      [230, 160, 40],
      [90, 170, 60],
    ],
    'buoi',
    64,
  );
  const id = await approvedProduct(producer, admin, {
    name: productName,
    description: DESCRIPTION,
    category_id: await leafCategoryId(anon),
    unit: 'Kg',
    price: { cents: PRICE },
    gtin: GTIN,
    image_ids: imageIds,
  });
  await Promise.all([anon.dispose(), admin.dispose(), producer.dispose()]);
  return id;
}

/** /sales-channels with Shopee's products open; returns Shopee's product list. */
async function shopeeProducts(page: Page) {
  await page.goto(urlFor(PLATFORM, '/sales-channels'));
  const card = page.locator('[data-testid="sale-channel-card"][data-channel="shopee"]');
  await expect(card.getByTestId('sale-channel-requirements')).toContainText('3');
  await card.getByTestId('sale-channel-show-products').click();
  const list = page.locator('[data-testid="channel-products"][data-channel="shopee"]');
  await expect(list).toBeVisible();
  return list;
}

test('a producer lists a product on Shopee: missing photo fixed, approved, synced into the feed, then out of date after a price change', async ({
  page,
  browser,
}) => {
  // A long story across two browsers (and several page loads each) on a shared, loaded machine.
  test.setTimeout(360_000);
  const productId = await producerWithApprovedProduct();

  // The producer, in a browser of its own.
  const producerContext = await browser.newContext(VIETNAM_DEVICE);
  const producerPage = await producerContext.newPage();
  const producerErrors: string[] = [];
  producerPage.on('pageerror', (err) => producerErrors.push(String(err)));
  producerPage.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) producerErrors.push(msg.text());
  });
  await signIn(producerPage, PLATFORM, producerEmail, '/sales-channels', PASSWORD);

  // Shopee: the product cannot be picked, and the modal says why (3 photos, 2 now).
  let products = await shopeeProducts(producerPage);
  await products.getByTestId('register-products').click();
  let modal = producerPage.getByTestId('register-products-modal');
  let row = modal.locator(`[data-testid="register-product-row"][data-product="${productId}"]`);
  await expect(row).toContainText(productName);
  const warning = row.locator('[data-testid="sale-channel-missing"] [data-missing="too_few_images"]');
  await expect(warning).toHaveText('Cần ít nhất 3 ảnh (hiện có 2)');
  await expect(row.getByTestId('product-ready')).toHaveCount(0);
  await expect(modal.getByTestId(`register-pick-${productId}`)).toBeDisabled();
  await expect(modal.getByTestId('register-products-submit')).toBeDisabled();

  // The fix: a third photo on the product page, saved (back to draft) and sent for review.
  await row.getByTestId('product-edit-link').click();
  await expect(producerPage).toHaveURL(urlFor(PLATFORM, `/products/${productId}`));
  await expect(producerPage.getByTestId('product-image')).toHaveCount(2);
  await producerPage
    .getByTestId('product-image-upload')
    .setInputFiles({ name: 'buoi-3.png', mimeType: 'image/png', buffer: png([40, 120, 200], 64) });
  await expect(producerPage.getByTestId('product-image')).toHaveCount(3);
  const saved = producerPage.waitForResponse(
    (r) => r.url().includes(`/api/v1/products/${productId}`) && r.request().method() === 'PUT',
  );
  await producerPage.getByTestId('save-product').click();
  expect((await saved).status()).toBe(200);
  const status = producerPage.getByTestId('review-status').getByTestId('product-status');
  await expect(status).toHaveAttribute('data-status', 'draft');
  await producerPage.getByTestId('submit-product').click();
  await confirmPopover(
    producerPage,
    'Gửi duyệt',
    (r) => r.method() === 'POST' && /\/api\/v1\/products\/\d+\/register$/.test(r.url()),
  );
  await expect(status).toHaveAttribute('data-status', 'pending');

  // The admin approves the product's new version.
  await signIn(page, PLATFORM, demo('admin', PLATFORM), `/admin/products/${productId}`);
  await page.getByTestId('approve-product').click();
  await page.getByTestId('confirm-approve').click();
  await expect(page.getByTestId('admin-product-page').getByTestId('product-status').first()).toHaveAttribute(
    'data-status',
    'approved',
  );

  // Now ready for Shopee: picked and sent.
  products = await shopeeProducts(producerPage);
  await products.getByTestId('register-products').click();
  modal = producerPage.getByTestId('register-products-modal');
  row = modal.locator(`[data-testid="register-product-row"][data-product="${productId}"]`);
  await expect(row.getByTestId('product-ready')).toBeVisible();
  await expect(row.getByTestId('sale-channel-missing')).toHaveCount(0);
  await modal.getByTestId(`register-pick-${productId}`).check();
  await modal.getByTestId('register-products-submit').click();
  await expect(modal).toBeHidden();
  let reference = products.getByTestId('sale-channel-reference').filter({ hasText: productName });
  await expect(reference.getByTestId('sale-channel-register-status')).toHaveAttribute('data-status', 'pending');

  // The admin approves the registration on the product sales approval list.
  await page.goto(urlFor(PLATFORM, '/admin/product-sales-approval'));
  const search = page.getByTestId('reference-search').locator('input');
  await search.fill(stamp);
  await search.press('Enter');
  const adminRow = page.getByTestId('reference-row').filter({ hasText: productName });
  await expect(page.getByTestId('reference-row')).toHaveCount(1);
  await expect(adminRow.getByTestId('channel-name')).toHaveAttribute('data-code', 'shopee');
  await expect(adminRow).toHaveAttribute('data-status', 'pending');
  await adminRow.getByTestId('move-approved').click();
  await page.getByTestId('confirm-approve').click();
  await expect(adminRow).toHaveAttribute('data-status', 'approved');
  await expect(adminRow.getByTestId('row-sync-status')).toHaveAttribute('data-status', 'not_synced');

  // The producer sees it approved and syncs it.
  products = await shopeeProducts(producerPage);
  reference = products.getByTestId('sale-channel-reference').filter({ hasText: productName });
  await expect(reference.getByTestId('sale-channel-register-status')).toHaveAttribute('data-status', 'approved');
  await reference.getByTestId('sale-channel-sync').click();
  await expect(reference.getByTestId('sale-channel-sync-status')).toHaveAttribute('data-status', 'synced');
  await expect(reference.getByTestId('sale-channel-sync-status')).toHaveText('Đã đồng bộ');
  // Its detail: the sync in its log, the registration and the admin's approval in its history.
  await reference.getByTestId('sale-channel-reference-open').click();
  const drawer = producerPage.getByTestId('sale-channel-reference-drawer');
  const detail = drawer.getByTestId('reference-detail');
  await expect(detail).toHaveAttribute('data-sync', 'synced');
  await expect(detail.getByTestId('detail-product')).toHaveText(productName);
  await expect(detail.getByTestId('sync-log-row')).toHaveCount(1);
  await expect(detail.getByTestId('sync-log-row')).toHaveAttribute('data-status', 'synced');
  const history = detail.getByTestId('reference-history').getByTestId('history-action');
  await expect(history.and(producerPage.locator('[data-action="approve"]'))).toHaveText(/Duyệt/);
  await expect(history.and(producerPage.locator('[data-action="register"]'))).toHaveCount(1);
  await drawer.locator('.ant-drawer-close').click();
  await expect(detail).toBeHidden();

  // The feed: its URL from the admin's channel list; the product with its title, price, GTIN and link.
  const anon = await apiClient(PLATFORM);
  const adminApi = await adminClient(PLATFORM, anon);
  const channels = (await (await adminApi.get('/api/v1/admin/sale_channels')).json()) as {
    data: { sale_channels: { code: string; feed_xml_url: string }[] };
  };
  await Promise.all([anon.dispose(), adminApi.dispose()]);
  const feedUrl = channels.data.sale_channels.find((c) => c.code === 'shopee')!.feed_xml_url;
  expect(feedUrl).toMatch(new RegExp(`^http://agrihub\\.localhost:${port}/feeds/[^/]+\\.xml$`));
  // Opened at that very URL by a browser (a channel's crawler would do the same), without signing in.
  const crawler = await browser.newContext();
  const feedPage = await crawler.newPage();
  const feed = (await feedPage.goto(feedUrl))!;
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/xml/);
  const xml = await feed.text();
  // Parsed by the browser's XML parser, field by field.
  const item = await feedPage.evaluate(
    ({ text, id }) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) return null;
      const G = 'http://base.google.com/ns/1.0';
      const items = Array.from(doc.getElementsByTagName('item'));
      const field = (el: Element, name: string) => el.getElementsByTagNameNS(G, name)[0]?.textContent ?? null;
      const mine = items.find((el) => field(el, 'title') === id);
      return mine
        ? {
            title: field(mine, 'title'),
            price: field(mine, 'price'),
            gtin: field(mine, 'gtin'),
            link: field(mine, 'link'),
            images: [
              field(mine, 'image_link'),
              ...Array.from(mine.getElementsByTagNameNS(G, 'additional_image_link')).map((e) => e.textContent),
            ],
          }
        : null;
    },
    { text: xml, id: productName },
  );
  expect(item, xml).not.toBeNull();
  expect(item!.title).toBe(productName);
  expect(item!.price).toBe(`${PRICE} VND`);
  expect(item!.gtin).toBe(GTIN);
  expect(item!.link).toMatch(new RegExp(`^http://agrihub\\.localhost:${port}/trace/p/[^/]+$`));
  expect(item!.images).toHaveLength(3);
  // The link is the product's public page.
  await producerPage.goto(item!.link);
  await expect(producerPage.locator('body')).toContainText(productName);

  // The producer changes the price: the listing is out of date ("Cần đồng bộ lại"), the feed keeps the synced price.
  await producerPage.goto(urlFor(PLATFORM, `/products/${productId}`));
  const price = producerPage.getByTestId('product-price');
  await price.fill(String(NEW_PRICE));
  const repriced = producerPage.waitForResponse(
    (r) => r.url().includes(`/api/v1/products/${productId}`) && r.request().method() === 'PUT',
  );
  await producerPage.getByTestId('save-product').click();
  expect((await repriced).status()).toBe(200);
  const panel = producerPage.locator('[data-testid="product-sale-channel"][data-channel="shopee"]');
  await expect(panel.getByTestId('sale-channel-sync-status')).toHaveText('Cần đồng bộ lại');
  products = await shopeeProducts(producerPage);
  reference = products.getByTestId('sale-channel-reference').filter({ hasText: productName });
  await expect(reference.getByTestId('sale-channel-sync-status')).toHaveAttribute('data-status', 'out_of_date');
  await expect(reference.getByTestId('sale-channel-sync-status')).toHaveText('Cần đồng bộ lại');
  const stale = await feedPage.goto(feedUrl);
  expect(await stale?.text()).toContain(`<g:price>${PRICE} VND</g:price>`);
  await crawler.close();

  expect(producerErrors).toEqual([]);
  await producerContext.close();
});
