import { request, type APIRequestContext } from '@playwright/test';
import { demo, expect as baseExpect, latestMail, login, port, signUpAddress, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

// Issue 8, notifications: an administrator rejects a pending product with a reason on the review
// page; the producer, signed in in another browser, sees the bell count rise without reloading,
// reads the reason, follows the notification to the product, and the mail is in the outbox.
// The producer and its product are created for this story (the demo accounts stay as they are).

const expect = baseExpect.configure({ timeout: 30_000 });
const PLATFORM = 'agrihub';
const stamp = Date.now().toString(36);
const producerEmail = `thong-bao-${stamp}@example.vn`;
const PASSWORD = 'ThongBao@2026';
const productName = `Cà phê Cầu Đất ${stamp}`;
const REASON = 'Ảnh nhãn mác bị mờ, vui lòng chụp lại rõ nét.';

/** API calls as a client of the platform (the Platform header names it: Node does not resolve *.localhost). */
async function api(token?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: PLATFORM, locale: 'vi', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/** A new producer account with a product waiting for review; returns the product id. */
async function producerWithPendingProduct(): Promise<number> {
  const anon = await api();
  const registered = await anon.post('/api/v1/registrations', {
    headers: signUpAddress(producerEmail),
    data: {
      email: producerEmail,
      password: PASSWORD,
      name: 'Nguyễn Thị Thông Báo',
      producer: { name: `HTX Cà phê ${stamp}`, producer_type: 'cooperative' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await anon.post('/oauth/token', {
    form: { grant_type: 'password', username: producerEmail, password: PASSWORD },
  });
  expect(token.status()).toBe(200);
  const categories = (await (await anon.get('/api/v1/categories')).json()) as {
    data: { categories: { id: number; is_leaf: boolean }[] };
  };
  const leaf = categories.data.categories.find((c) => c.is_leaf)!;
  const producer = await api(((await token.json()) as { access_token: string }).access_token);
  const created = await producer.post('/api/v1/products', {
    data: { name: productName, category_id: leaf.id, unit: 'Kg', price: { cents: 180000 } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { product: { id: number } } }).data.product.id;
  const submitted = await producer.post(`/api/v1/products/${id}/register`);
  expect(submitted.status(), await submitted.text()).toBe(200);
  await Promise.all([anon.dispose(), producer.dispose()]);
  return id;
}

test('a rejected product: the producer’s bell counts it, shows the reason and opens the product; the mail is sent', async ({
  page,
  browser,
}) => {
  test.slow();
  const productId = await producerWithPendingProduct();

  // The producer is signed in in a second browser and has nothing unread yet.
  const producerContext = await browser.newContext(VIETNAM_DEVICE);
  const producerPage = await producerContext.newPage();
  const producerErrors: string[] = [];
  producerPage.on('pageerror', (err) => producerErrors.push(String(err)));
  producerPage.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) producerErrors.push(msg.text());
  });
  await login(producerPage, PLATFORM, producerEmail, PASSWORD);
  const bell = producerPage.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', 'Thông báo');

  // The administrator rejects it with a reason on the review page.
  await login(page, PLATFORM, demo('admin', PLATFORM));
  await page.goto(urlFor(PLATFORM, `/admin/products/${productId}`));
  await expect(page.getByTestId('admin-product-page')).toBeVisible();
  await page.getByTestId('reject-product').click();
  await page.getByTestId('reject-reason-input').fill(REASON);
  await page.getByTestId('confirm-reject').click();
  await expect(page.getByTestId('admin-product-page').getByTestId('product-status').first()).toHaveAttribute(
    'data-status',
    'rejected',
  );

  // Without a reload the bell counts it: the producer comes back to its tab (refetch on focus;
  // the 30 s poll would bring it too).
  await producerPage.bringToFront();
  await producerPage.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(bell.locator('.ant-badge-count')).toHaveText('1');
  await expect(bell).toHaveAttribute('aria-label', 'Thông báo, 1 chưa đọc');

  // The list shows the title and the reason; opening it goes to the product and marks it read.
  await bell.click();
  const item = producerPage.getByTestId('notification-popover').getByTestId('notification-item').first();
  await expect(item).toContainText('Sản phẩm bị từ chối duyệt');
  await expect(item).toContainText(`Sản phẩm "${productName}" chưa được duyệt.`);
  await expect(item).toContainText(`Lý do: ${REASON}`);
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.click();
  await expect(producerPage).toHaveURL(urlFor(PLATFORM, `/products/${productId}`));
  await expect(producerPage.getByTestId('review-status').getByTestId('product-status')).toHaveAttribute(
    'data-status',
    'rejected',
  );
  await expect(bell.locator('.ant-badge-count')).toHaveCount(0);

  // The full page lists it as read; the unread filter is empty.
  await producerPage.goto(urlFor(PLATFORM, '/notifications'));
  await expect(producerPage.getByTestId('notifications-list').getByTestId('notification-item')).toHaveCount(1);
  await expect(producerPage.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true');
  await producerPage.getByTestId('notifications-filter').getByText('Chưa đọc').click();
  await expect(producerPage.getByTestId('notifications-empty')).toBeVisible();

  // The mail, in Vietnamese, plain text and HTML, with the reason and the link to the product.
  await expect
    .poll(() => {
      try {
        return latestMail();
      } catch {
        return '';
      }
    })
    .toContain(`To: ${producerEmail}`);
  const mail = latestMail();
  expect(mail).toContain('Content-Type: multipart/alternative');
  expect(mail).toContain('Xin chào Nguyễn Thị Thông Báo,');
  expect(mail).toContain(`Lý do: ${REASON}`);
  expect(mail).toContain(`Xem chi tiết: ${urlFor(PLATFORM, `/products/${productId}`)}`);
  expect(mail).toContain(`<a href="${urlFor(PLATFORM, `/products/${productId}`)}"`);

  expect(producerErrors).toEqual([]);
  await producerContext.close();
});
