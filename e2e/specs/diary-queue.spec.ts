import { adminClient, apiClient, approvedProducer } from '../support/api';
import { expect, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';
import { png } from '../support/png';

/**
 * The diary's queue on a phone against a scripted server (the diary routes answered by the test,
 * photos by the real uploads API): entries made offline wait, are still there after a reload with no network, and go in the order
 * they were made; one the server refuses (a closed lot) is listed as failed with the server's
 * words, and, corrected, goes again under a NEW key with the SAME photo upload (never uploaded
 * twice). Signing out clears the phone's diary store. The real server's side is diary-offline.spec.ts.
 */
const PHONE = { ...VIETNAM_DEVICE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DAY = 86_400_000;
const localInput = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 16);

test('the diary queue: waiting, a refusal listed with the server’s words, corrected and sent again under a new key', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  const account = {
    email: `hang-doi-${stamp}@example.vn`,
    password: 'Demo@123',
    name: 'Nông dân Hàng Đợi',
    producer: `HTX Hàng đợi ${stamp}`,
  };
  await approvedProducer('dtrack', anon, admin, account);
  const context = await browser.newContext(PHONE);
  const posts: unknown[] = [];
  await context.route('**/api/v1/diary/context', (route) =>
    route.fulfill({
      json: {
        data: {
          plots: [
            {
              id: 5,
              name: 'Lô A',
              kind: 'farm_plot',
              area_ha: 1.2,
              crop: 'Cà phê',
              safe_from: null,
              last_spraying: null,
            },
          ],
          lots: [
            {
              id: 9,
              lot_code: 'LOT-9',
              product_name: 'Cà phê',
              status: 'published',
              unit: 'Kg',
              quantity: 10,
              location_ids: [5],
            },
          ],
          products: [{ id: 1, name: 'Cà phê' }],
          sprayings: [],
        },
      },
    }),
  );
  await context.route('**/api/v1/diary/entries', async (route) => {
    posts.push(route.request().postDataJSON());
    if (posts.length === 2)
      return route.fulfill({
        status: 422,
        json: { meta: { code: 'diary_batch_closed', message: 'Lô hàng đã tạm dừng hoặc thu hồi.' } },
      });
    await route.fulfill({ status: 201, json: { data: { entry: { id: posts.length } } } });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(urlFor('dtrack', '/login?next=/diary'));
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/diary$/);
  await expect(page.getByTestId('diary-lot-9')).toBeVisible({ timeout: 30_000 });
  // The service worker keeps the diary's page and files before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await expect(page.getByTestId('diary-network')).toContainText('Không có mạng');
  const sprayedAt = new Date(Date.now() - 10 * DAY);
  await page.getByTestId('diary-plot-5').click();
  await page.getByTestId('diary-type-spraying').click();
  await page.getByTestId('diary-field-product').fill('Abamectin 3.6EC');
  await page.getByTestId('diary-field-active_ingredient').fill('Abamectin');
  await page.getByTestId('diary-field-dose').fill('20 ml/16 l');
  await page.getByTestId('diary-field-phi_days').fill('7');
  await page.getByTestId('diary-when').fill(localInput(sprayedAt));
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('1 ghi chép đang chờ gửi');
  await expect(page.getByTestId('diary-plot-safe-5')).toContainText('Có thể thu hoạch');
  await page.getByTestId('diary-plot-5').click();
  await page.getByTestId('diary-type-harvesting').click();
  await page.getByTestId('diary-lot-select').selectOption('9');
  await page.getByTestId('diary-field-quantity').fill('250,5');
  await page.getByTestId('diary-when').fill(localInput(new Date(Date.now() - 5 * DAY)));
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-harvest-refused')).toContainText('an toàn để thu hoạch từ ngày');
  await page.getByTestId('diary-when').fill(localInput(new Date(Date.now() - 60_000)));
  await page
    .getByTestId('diary-photo-input')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png([120, 80, 40], 2400) });
  await expect(page.getByTestId('diary-photos').locator('img')).toHaveCount(1);
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('2 ghi chép đang chờ gửi');
  // Closed and opened again with no network: the diary opens from the phone, the entries still wait.
  await page.reload();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('2 ghi chép đang chờ gửi', { timeout: 20_000 });
  expect(posts).toHaveLength(0);
  await context.setOffline(false);
  await page.getByTestId('diary-open-queue').click();
  await expect(page.getByTestId('diary-entry-sent')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('diary-entry-error')).toHaveText('Lô hàng đã tạm dừng hoặc thu hồi.');
  await page.getByTestId('diary-entry-edit').click();
  await expect(page.getByTestId('diary-photos').locator('img')).toHaveCount(1);
  await page.getByTestId('diary-field-quantity').fill('200');
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-entry-sent')).toHaveCount(2, { timeout: 30_000 });
  expect(posts).toHaveLength(3);
  const [, failed, resent] = posts as { idempotency_key: string; photo_ids: number[]; type: string }[];
  expect(resent.idempotency_key).not.toBe(failed.idempotency_key);
  expect(resent.photo_ids).toEqual(failed.photo_ids);
  expect((posts[0] as { type: string }).type).toBe('spraying');

  // Signing out of the diary clears the phone's diary store (and the session): the next account starts empty.
  await page.getByTestId('diary-back').click();
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('diary-sign-out').click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdiary/);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases).not.toContain('agrihub-diary');
  expect(await page.evaluate(() => localStorage.getItem('agrihub.diary-account'))).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});
