import { demo, expect, registerAccount, signIn, test } from '../support/fixtures';

const NEWUSER_PRODUCER = 'Hộ kinh doanh Trần Thị Bình';

test('admin approves a pending producer; the producer’s dashboard then shows approved', async ({ page, request }) => {
  // Three sign-ins and two admin pages: a long story, given three times the usual budget.
  test.slow();
  // A producer of this test's own (approving changes it), signed up and waiting for approval.
  const { email, producer } = await registerAccount(request, 'agrihub', {
    producer: `Hộ kinh doanh Chờ Duyệt E2E ${Date.now().toString(36)}`,
  });
  await signIn(page, 'agrihub', email);
  await expect(page.getByTestId('producer-status')).toHaveAttribute('data-status', 'pending');

  await signIn(page, 'agrihub', demo('admin', 'agrihub'), '/admin/producers');
  await expect(page.getByTestId('admin-producers')).toBeVisible();

  // Filter to the pending ones: the new user's producer is there, with its approve button.
  await page.getByTestId('producer-status-filter').click();
  await page.getByTitle('Chờ duyệt').click();
  await expect(page).toHaveURL(/status=pending/);
  // The pending list has replaced the unfiltered one before a row is picked.
  await expect(page.getByTestId('admin-producers-card')).toHaveAttribute('aria-busy', 'false');
  const row = page.getByTestId('admin-producer-row').filter({ hasText: producer });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('producer-status')).toHaveAttribute('data-status', 'pending');

  await row.getByTestId('approve-producer').click();
  await expect(page.getByTestId('confirm-approve')).toBeVisible();
  await page.getByTestId('confirm-approve').click();
  await expect(page.getByText('Đã duyệt đơn vị sản xuất.')).toBeVisible();
  // Approved producers leave the "pending" list.
  await expect(row).toHaveCount(0);

  // The detail page tells the same.
  await page.getByTestId('producer-status-filter').locator('.ant-select-clear').click();
  await page.getByTestId('admin-producer-row').filter({ hasText: producer }).getByTestId('admin-producer-link').click();
  const detail = page.getByTestId('admin-producer-page');
  await expect(detail.getByTestId('producer-status')).toHaveAttribute('data-status', 'approved');
  await expect(detail.getByTestId('producer-users')).toContainText(email);
  await expect(detail.getByTestId('approve-producer')).toHaveCount(0);
  await expect(detail.getByTestId('close-producer')).toBeVisible();

  await signIn(page, 'agrihub', email);
  await expect(page.getByTestId('producer-status')).toHaveAttribute('data-status', 'approved');
});

test('support (read producer only) sees the list and can export, but has no approve or close buttons', async ({
  page,
}) => {
  await signIn(page, 'dtrack', demo('support', 'dtrack'), '/admin/producers');
  await expect(page.getByTestId('admin-producers')).toBeVisible();
  const row = page.getByTestId('admin-producer-row').filter({ hasText: NEWUSER_PRODUCER });
  await expect(row.getByTestId('producer-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('admin-producer-row').first()).toBeVisible();
  await expect(page.getByTestId('approve-producer')).toHaveCount(0);
  await expect(page.getByTestId('bulk-approve')).toHaveCount(0);
  await expect(page.getByTestId('bulk-close')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-all').click();
  expect((await download).suggestedFilename()).toMatch(/^don-vi-san-xuat-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await row.getByTestId('admin-producer-link').click();
  await expect(page.getByTestId('admin-producer-page')).toBeVisible();
  for (const id of ['approve-producer', 'close-producer', 'reopen-producer']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
});
