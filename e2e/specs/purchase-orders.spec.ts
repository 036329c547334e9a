import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { pickOption } from '../support/antd';
import { demo, expect, signIn, test } from '../support/fixtures';

/** `YYYY-MM-DD` in Vietnam `days` from now, as the date picker shows it (`DD/MM/YYYY`). */
function vnDay(days: number) {
  const iso = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return iso.split('-').reverse().join('/');
}

interface Line {
  description: string;
  unit: string;
  quantity: string;
  price: string;
  vat: string;
  /** A percentage discount. */
  percent?: string;
}

/** Three lines at three VAT rates (8, 5 with 5 % off, 10): 104 197 500 đ in all. */
const LINES: Line[] = [
  { description: 'Bánh quy bơ hạt điều, hộp thiếc 400 g', unit: 'Hộp', quantity: '500', price: '96000', vat: '8%' },
  {
    description: 'Xoài sấy dẻo ít đường, túi 200 g',
    unit: 'Túi',
    quantity: '1200',
    price: '42500',
    vat: '5%',
    percent: '5',
  },
  { description: 'Dịch vụ in tem truy xuất nguồn gốc QR', unit: 'Cái', quantity: '3000', price: '450', vat: '10%' },
];

async function fillLine(page: Page, i: number, l: Line) {
  await page.getByTestId(`line-description-${i}`).fill(l.description);
  await pickOption(page, `line-unit-${i}`, l.unit);
  await page.getByTestId(`line-quantity-${i}`).fill(l.quantity);
  await page.getByTestId(`line-unit-price-${i}`).fill(l.price);
  if (l.percent) {
    await pickOption(page, `line-discount-type-${i}`, '%');
    await page.getByTestId(`line-discount-${i}`).fill(l.percent);
  }
  await pickOption(page, `line-vat-${i}`, l.vat);
}

/**
 * DTrack's purchase orders (DESIGN §5.5), the story of issue 12: purchasing@ writes an order to an
 * OEM with three lines at three VAT rates (the totals per rate shown live), saves it and sends it
 * for approval — it is offered no approval of its own order; purchase-approver@ reads it (read-only:
 * who may approve an order cannot edit it), approves it from the list (the order is then locked and
 * read-only) and downloads its PDF "Đơn đặt hàng".
 */
test('purchasing creates an order with three VAT rates, the approver approves it from the list, the PDF downloads', async ({
  page,
}) => {
  test.slow();
  let code = '';

  await test.step('purchasing writes the order: supplier, three lines, delivery; the totals per VAT rate follow', async () => {
    await signIn(page, 'dtrack', demo('purchasing', 'dtrack'), '/admin/add-purchase-order');
    await expect(page.getByTestId('order-editor')).toBeVisible();
    // The top bar names the account's role, not "Quản trị viên" (the role admin's label).
    await expect(page.getByTestId('role-label')).toHaveText('Thu mua');
    // Saving the empty form names every missing field of the line, its goods included.
    await page.getByTestId('order-save').click();
    const line = page.getByTestId('order-line-0');
    await expect(line.getByText('Vui lòng nhập tên hàng hóa hoặc chọn sản phẩm.')).toBeVisible();
    await expect(line.getByText('Vui lòng chọn đơn vị tính.')).toBeVisible();
    await pickOption(page, 'order-supplier', 'Công ty TNHH Thực phẩm Sao Mai', 'sao mai');
    await expect(page.getByTestId('order-supplier-details')).toContainText('kinhdoanh@saomaifood.vn');
    for (const [i, l] of LINES.entries()) {
      if (i > 0) await page.getByTestId('line-add').click();
      await fillLine(page, i, l);
    }
    await expect(page.getByTestId('line-amount-1')).toContainText('48.450.000');
    const totals = page.getByTestId('order-totals');
    await expect(totals.getByTestId('order-totals-tax-5')).toContainText('2.422.500');
    await expect(totals.getByTestId('order-totals-tax-8')).toContainText('3.840.000');
    await expect(totals.getByTestId('order-totals-tax-10')).toContainText('135.000');
    await expect(totals.getByTestId('order-totals-total')).toHaveAttribute('data-value', '104197500');
    await expect(totals.getByTestId('order-totals-words')).toHaveText(
      'Bằng chữ: Một trăm linh bốn triệu một trăm chín mươi bảy nghìn năm trăm đồng',
    );
    // Saving without the delivery says what is missing, under the fields.
    await page.getByTestId('order-save').click();
    await expect(page.getByText('Vui lòng chọn ngày giao hàng.')).toBeVisible();
    const delivery = page.getByTestId('order-delivery-date');
    await delivery.click();
    await delivery.fill(vnDay(14));
    await delivery.press('Enter');
    await page.getByTestId('order-delivery-place').fill('Kho DTrack Long Biên, Thành phố Hà Nội');
    await page.getByTestId('order-payment-terms').fill('Chuyển khoản 100% trong 30 ngày kể từ ngày nhận hàng.');
    await page.getByTestId('order-save').click();
    await expect(page).toHaveURL(/\/admin\/purchase-orders\/\d+$/);
    code = (await page.getByTestId('order-code').textContent()) ?? '';
    expect(code).toMatch(/^PO-\d{4}-\d{6}$/);
    await expect(page.getByTestId('purchase-order-status')).toHaveAttribute('data-status', 'pending');
  });

  await test.step('purchasing sends it for approval; it may not approve its own order', async () => {
    await page.getByTestId('move-processing').click();
    await page.getByTestId('move-processing-confirm').click();
    await expect(page.getByTestId('purchase-order-status')).toHaveAttribute('data-status', 'processing');
    await expect(page.getByTestId('move-approved')).toHaveCount(0);
    await expect(page.getByTestId('move-cancelled')).toBeVisible();
    // Cancelling asks for a reason: an empty one is refused under the field (no console error),
    // and going back leaves the order as it was.
    await page.getByTestId('move-cancelled').click();
    await page.getByTestId('move-reason-ok').click();
    await expect(page.getByTestId('move-reason-modal').getByText('Vui lòng nhập lý do.')).toBeVisible();
    await page.getByTestId('move-reason-modal').getByRole('button', { name: 'Quay lại' }).click();
    await expect(page.getByTestId('move-reason-modal')).toBeHidden();
    await expect(page.getByTestId('purchase-order-status')).toHaveAttribute('data-status', 'processing');
  });

  await test.step('the approver approves it from the list', async () => {
    await signIn(page, 'dtrack', demo('purchase-approver', 'dtrack'), '/admin/purchase-orders?status=processing');
    await expect(page.getByTestId('role-label')).toHaveText('Duyệt đơn đặt hàng');
    const row = page.locator(`[data-testid="order-row"][data-code="${code}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('order-total')).toHaveAttribute('data-value', '104197500');
    // Four-eyes (ADR 031): the order awaiting its approval opens read-only for it, though it may
    // edit orders; it approves what purchasing wrote.
    await row.getByTestId('order-link').click();
    await expect(page.getByTestId('purchase-order-page')).toHaveAttribute('data-status', 'processing');
    await expect(page.getByTestId('order-view-totals-total')).toHaveAttribute('data-value', '104197500');
    await expect(page.getByTestId('order-editor')).toHaveCount(0);
    await expect(page.getByTestId('move-approved')).toBeVisible();
    await page.goBack();
    await row.getByTestId('move-approved').click();
    await page.getByTestId('move-approved-confirm').click();
    await expect(page.getByText(`Đơn đặt hàng ${code} đã chuyển sang “Đã duyệt”.`)).toBeVisible();
    // Approved, it leaves the "processing" filter; the counter says so.
    await expect(row).toHaveCount(0);
    await page.getByTestId('status-count-approved').click();
    await expect(row.getByTestId('purchase-order-status')).toHaveAttribute('data-status', 'approved');
  });

  await test.step('the approved order is read-only and its PDF downloads', async () => {
    await page.locator(`[data-testid="order-row"][data-code="${code}"]`).getByTestId('order-link').click();
    await expect(page.getByTestId('purchase-order-page')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('order-editor')).toHaveCount(0);
    await expect(page.getByTestId('order-approved')).toContainText('Trưởng phòng mua hàng');
    await expect(page.getByTestId('order-view-totals-total')).toHaveAttribute('data-value', '104197500');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`Đơn-đặt-hàng-${code}.pdf`);
    const file = fs.readFileSync(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.length).toBeGreaterThan(10_000);
  });
});
