import { apiClient, adminClient } from '../support/api';
import { demo, expect, login, registerAccount, signIn, test } from '../support/fixtures';

// The admin dashboard (issue 12): DTrack's administrator sees the pending work with the server's
// counts, the 30-day chart of the demo batches and scans, and a card opens the list filtered to it.
// Then /general-setting, reached from the top bar: a producer switches a kind of e-mail off and
// finds it off after a reload.

test('admin dashboard: pending counts, the 30-day chart, a card opens the filtered list', async ({ page, request }) => {
  test.slow(); // the dashboard, then the list: two chunks on a loaded machine
  // A producer of this spec's own, waiting for approval.
  const account = await registerAccount(request, 'dtrack', {
    producer: `HTX Bảng điều khiển ${Date.now().toString(36)}`,
  });
  const admin = await adminClient('dtrack', await apiClient('dtrack'));
  const answer = await admin.get('/api/v1/admin/dashboard');
  expect(answer.status()).toBe(200);
  const figures = (await answer.json()) as {
    data: { dashboard: { pending: { key: string; count: number }[]; daily: { batches_published: number } } };
  };
  const pending = Object.fromEntries(figures.data.dashboard.pending.map((p) => [p.key, p.count]));
  expect(pending.producers).toBeGreaterThanOrEqual(1);

  // The back office's root is its dashboard.
  await signIn(page, 'dtrack', demo('admin', 'dtrack'), '/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('pending-card')).toBeVisible({ timeout: 30_000 });
  for (const key of ['producers', 'products', 'service_requests', 'purchase_orders', 'leads']) {
    await expect(page.getByTestId(`pending-${key}`).locator('.ant-statistic-content-value'), key).toHaveText(
      String(pending[key]),
    );
  }
  await expect(page.getByTestId('producers-by-status')).toBeVisible();
  // The demo batches were published and scanned over the last weeks: the chart, one slot a day.
  await expect(page.getByTestId('daily-chart')).toBeVisible();
  await expect(page.locator('[data-testid^="chart-day-"]')).toHaveCount(30);
  await expect(page.getByTestId('daily-totals')).toContainText(
    `${figures.data.dashboard.daily.batches_published} lô hàng`,
  );

  await page.getByTestId('pending-producers').click();
  await expect(page).toHaveURL(/\/admin\/producers\?status=pending$/);
  await expect(page.getByTestId('admin-producer-row').filter({ hasText: account.producer })).toBeVisible();
});

test('general settings from the top bar: a kind of e-mail switched off stays off', async ({ page, request }) => {
  const account = await registerAccount(request, 'agrihub');
  await login(page, 'agrihub', account.email, account.password);
  await page.getByTestId('settings-menu').click();
  await page.getByTestId('settings-general-setting').click();
  await expect(page).toHaveURL(/\/general-setting$/);
  await expect(page.getByTestId('mandatory-account_security')).toBeVisible();
  await expect(page.getByTestId('switch-account_security-email')).toBeDisabled();
  // No platform card for a producer.
  await expect(page.getByTestId('platform-settings')).toHaveCount(0);

  const email = page.getByTestId('switch-product_review-email');
  await expect(email).toHaveAttribute('aria-checked', 'true');
  await email.click();
  await page.getByTestId('personal-save').click();
  await expect(page.getByText('Đã lưu cài đặt của bạn.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('switch-product_review-email')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('switch-product_review-in_app')).toHaveAttribute('aria-checked', 'true');
});
