import fs from 'node:fs';
import { demo, expect, signIn, test } from '../support/fixtures';

test('Foodmap admin edits the service catalogue from the settings submenu: availability, price, target days, pricing export', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'foodmap', demo('admin', 'foodmap'));
  await page.getByTestId('side-menu').getByText('Cài đặt', { exact: true }).click();
  await page.getByTestId('side-menu').getByText('Cài đặt dịch vụ').click();
  await expect(page).toHaveURL(/\/admin\/services-setting$/);
  const table = page.getByTestId('services-setting-table');
  await expect(table.getByText('Đăng ký gian hàng trưng bày')).toBeVisible();
  await expect(table.getByText('Đăng ký mã số mã vạch GS1')).toBeVisible();

  // Pause a service straight from the table.
  await page.getByTestId('service-available-advertising').click();
  await expect(page.getByText('Đã tạm ngừng dịch vụ "Quảng cáo".')).toBeVisible();
  await expect(page.getByTestId('service-available-advertising')).toHaveAttribute('aria-checked', 'false');

  // Edit a quoted service: a "from" price, a target day and one pricing row.
  await page.getByTestId('service-edit-kol-review').click();
  const drawer = page.getByTestId('service-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('service-price-from').fill('2000000');
  await drawer.getByLabel('Đang thực hiện').fill('15');
  await drawer.getByTestId('pricing-add-row').click();
  await drawer.getByTestId('service-save').click();
  // An empty row is refused by the contract rules before anything is sent.
  await expect(drawer.getByText('Vui lòng nhập tên hạng mục.').first()).toBeVisible();
  const row = drawer.getByTestId('pricing-row-0');
  await row.getByLabel('Hạng mục (tiếng Việt)').fill('Video đánh giá 60 giây');
  await row.getByLabel('Hạng mục (tiếng Anh)').fill('60-second review video');
  await row.getByLabel('Giá (VNĐ)').fill('2000000');
  await drawer.getByTestId('service-save').click();
  await expect(page.getByText('Đã lưu dịch vụ.')).toBeVisible();
  await expect(drawer).toBeHidden();
  const kolRow = table.locator('tr', { hasText: 'KOL đánh giá sản phẩm' });
  await expect(kolRow).toContainText('2.000.000');

  // Export the pricing: an xlsx named after the service.
  const download = page.waitForEvent('download');
  await page.getByTestId('pricing-export-kol-review').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bang-gia-kol-review-.*\.xlsx$/);
  expect(fs.statSync(await file.path()).size).toBeGreaterThan(1000);

  // A file that is not a workbook is refused with the server's message; nothing changes.
  await page.getByTestId('pricing-file-kol-review').setInputFiles({
    name: 'bang-gia.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('not a workbook'),
  });
  await expect(page.getByText('Tệp không phải là bảng tính Excel (.xlsx) đọc được.')).toBeVisible();

  // Put the shared demo data back as seeded.
  await page.getByTestId('service-available-advertising').click();
  await expect(page.getByTestId('service-available-advertising')).toHaveAttribute('aria-checked', 'true');
});
