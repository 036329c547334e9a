import { request, type Locator, type Page } from '@playwright/test';
import { demo, expect as baseExpect, port, signIn, test, urlFor } from '../support/fixtures';

// Issue 9, Foodmap's department registration: a visitor registers a business with a document and
// a room and sees the success screen; the request is then in the admin's services approval list
// with its booking. The producer menu on Foodmap offers the page.

const expect = baseExpect.configure({ timeout: 20_000 });
const stamp = Date.now().toString(36);
const business = `Công ty TNHH Đặc sản Tây Bắc ${stamp}`;
const email = `gian-hang-${stamp}@example.vn`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Opens an antd Select or TreeSelect and picks `option` until the field shows `shown` (the popup moves while opening). */
async function pickFrom(page: Page, testId: string, option: Locator, shown: string, search?: string) {
  const select = page.getByTestId(testId);
  const moving = page.locator('.ant-select-dropdown:visible[class*="-enter"], .ant-select-dropdown:visible[class*="-appear"]');
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (search) await select.locator('input').fill(search);
    }
    await expect(moving).toHaveCount(0, { timeout: 2_000 });
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(shown, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a visitor registers a department with a document and a room; the admin finds it with its booking', async ({ page }) => {
  test.slow();
  await page.goto(urlFor('foodmap', '/register-department'));
  await expect(page.getByTestId('register-department')).toBeVisible();

  await page.getByTestId('dept-business-name').fill(business);
  await page.getByTestId('dept-tax-code').fill('0312345678');
  await page.getByTestId('dept-representative').fill('Lò Thị Mai');
  const group = page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: /^Nông sản tươi$/ });
  await pickFrom(page, 'dept-category', group, 'Nông sản tươi');
  await page.getByTestId('dept-phone').fill('0912345678');
  await page.getByTestId('dept-email').fill(email);
  const province = page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Sơn La"]');
  await pickFrom(page, 'dept-province', province, 'Sơn La', 'Sơn La');
  const room = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Gian hàng góc A5' });
  await pickFrom(page, 'dept-room', room, 'Gian hàng góc A5');
  await expect(page.getByTestId('dept-room-details')).toContainText('12 m²');
  await page.getByTestId('dept-months').fill('3');
  await page.locator('[data-testid="dept-documents"] input[type="file"], input[type="file"]').first().setInputFiles({
    name: 'giấy phép kinh doanh.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('giấy phép kinh doanh.pdf')).toBeVisible();
  await page.getByTestId('dept-submit').click();

  const done = page.getByTestId('register-department-done');
  await expect(done).toBeVisible();
  await expect(done).toContainText('Đã gửi đăng ký gian hàng');
  await expect(done).toContainText('Gian hàng góc A5');

  // The back office sees the request, submitted for advice, with the booking.
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders: { Platform: 'foodmap' } });
  const token = await api.post('/oauth/token', {
    form: { grant_type: 'password', username: demo('admin', 'foodmap'), password: 'Demo@123' },
  });
  const auth = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const list = await api.get(`/api/v1/admin/user_register_services?slug=department-registration&q=${encodeURIComponent(stamp)}`, {
    headers: auth,
  });
  expect(list.status()).toBe(200);
  type Booking = { room_name: string; months: number; start_date: string };
  const urss = ((await list.json()) as { data: { urss: { step: string; booking: Booking }[] } }).data.urss;
  expect(urss).toEqual([expect.objectContaining({ step: 'advice', booking: expect.objectContaining({ room_name: 'Gian hàng góc A5', months: 3 }) })]);
  await api.dispose();

  // The admin finds it on the approval page by the business name and opens it: the booking, labelled.
  await signIn(page, 'foodmap', demo('admin', 'foodmap'), '/admin/services-approval');
  await expect(page.getByTestId('services-approval')).toBeVisible();
  const search = page.getByTestId('request-search').locator('xpath=descendant-or-self::input');
  await search.fill(business);
  await search.press('Enter');
  const row = page.getByTestId('request-row').filter({ hasText: business });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('request-row')).toHaveCount(1);
  await expect(row.getByTestId('request-progress')).toHaveAttribute('data-step', 'advice');
  await row.getByTestId('request-link').click();
  const detail = page.getByTestId('service-request-page');
  await expect(detail).toHaveAttribute('data-step', 'advice');
  await expect(detail.getByTestId('request-details')).toContainText(business);
  const day = { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const start = new Intl.DateTimeFormat('vi-VN', day).format(new Date(urss[0].booking.start_date));
  const booking = detail.getByTestId('request-booking');
  await expect(booking).toContainText('Gian hàng góc A5');
  await expect(booking).toContainText(`3 tháng, từ ${start}`);
  await expect(detail.getByTestId('request-files')).toContainText('giấy phép kinh doanh.pdf');
});

test("Foodmap's producer menu offers the department registration", async ({ page }) => {
  await signIn(page, 'foodmap', demo('producer', 'foodmap'));
  await page.getByTestId('side-menu').getByText('Đăng ký gian hàng').click();
  await expect(page).toHaveURL(/\/register-department$/);
  await expect(page.getByTestId('register-department')).toBeVisible();
  // Signed in, the form starts from the account's e-mail, so the request joins its producer.
  await expect(page.getByTestId('dept-email')).toHaveValue(demo('producer', 'foodmap'));
});
