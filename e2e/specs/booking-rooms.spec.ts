import { request, type APIRequestContext, type Page } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { DEMO_PASSWORD, demo, expect as baseExpect, port, test, urlFor } from '../support/fixtures';

// A loaded machine (several runs at once) answers slowly: web-first waits of 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs in as `email` through the login form and opens `p`, waiting as long as this spec's expect. */
async function openAs(page: Page, platform: PlatformKey, email: string, p: string) {
  await page.goto(urlFor(platform, '/login'));
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.goto(urlFor(platform, p));
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

// Foodmap's rooms admin (/admin/booking-rooms): the admin adds a room (a field error first, then
// valid), edits its price and sees it in the table; a room with a future booking (made here through
// the public register_department API) cannot be deleted — the refusal says why — while an
// unbooked one is deleted after confirmation. A visitor choosing a period that overlaps the
// booking sees the booked room disabled, "đã được đặt đến …".

const stamp = Date.now().toString(36);
const bookedRoom = `Gian hàng đã đặt ${stamp}`;
const newRoom = `Phòng trưng bày ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** YYYY-MM-DD in Vietnam, `days` from today. */
function vnDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const vn = (d: string) => d.split('-').reverse().join('/');

async function foodmapApi(): Promise<{ api: APIRequestContext; auth: Record<string, string> }> {
  // Node resolves no *.localhost name: the API takes its platform from the Platform header.
  const api = await request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: 'foodmap', Locale: 'vi' },
  });
  const token = await api.post('/oauth/token', {
    form: { grant_type: 'password', username: demo('admin', 'foodmap'), password: DEMO_PASSWORD },
  });
  expect(token.status()).toBe(200);
  return { api, auth: { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` } };
}

test('rooms admin: add (field error, then valid), edit the price, a booked room refuses deletion, an unbooked one is deleted; a visitor sees the booked room disabled', async ({
  page,
}) => {
  // Many page loads on a shared, loaded machine.
  test.setTimeout(300_000);
  const start = vnDate(14);
  const { api, auth } = await foodmapApi();

  // A room of the test's own, booked for two months from `start` by a visitor's registration.
  const created = await api.post('/api/v1/admin/booking_rooms', {
    headers: auth,
    data: { name: bookedRoom, name_en: `Booked booth ${stamp}`, location: 'Tầng 2, khu B', size_m2: 20, price_per_month: 4_000_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bookedId = ((await created.json()) as { data: { booking_room: { id: number } } }).data.booking_room.id;
  const categories = await api.get('/api/v1/categories');
  expect(categories.status()).toBe(200);
  const categoryId = ((await categories.json()) as { data: { categories: { id: number }[] } }).data.categories[0].id;
  const registered = await api.post('/api/v1/registrations/register_department', {
    multipart: {
      business_name: `Công ty TNHH Thực phẩm sạch ${stamp}`,
      tax_code: '0312345678',
      representative: 'Nguyễn Thị Hoa',
      phone: '0912345678',
      email: `dat-phong-${stamp}@example.vn`,
      province_code: '79',
      category_id: String(categoryId),
      room_id: String(bookedId),
      months: '2',
      start_date: start,
      documents: { name: 'giay-phep.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const booking = ((await registered.json()) as { data: { booking: { end_date: string } } }).data.booking;
  await api.dispose();

  // A visitor asking for a month starting inside the booking: the room is there, disabled, booked until its end.
  await page.goto(urlFor('foodmap', '/register-department'));
  // The first page of a fresh server on a loaded machine may take long (cold chunks and locales).
  await expect(page.getByTestId('register-department')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('dept-start-date').fill(vnDate(30));
  await page.getByTestId('dept-months').fill('1');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: bookedRoom });
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByTestId('dept-room').click();
    await expect(option).toContainText(`đã được đặt đến ${vn(booking.end_date)}`, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(option).toHaveClass(/ant-select-item-option-disabled/);
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  // A period after the booking frees it.
  await page.keyboard.press('Escape');
  await page.getByTestId('dept-start-date').fill(vnDate(120));
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByTestId('dept-room').click();
    await expect(option).not.toContainText('đã được đặt', { timeout: 2_000 });
    await expect(option).not.toHaveClass(/ant-select-item-option-disabled/, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.press('Escape');

  // The admin adds a room: the missing place is refused on its field, the typing kept; then saved.
  await openAs(page, 'foodmap', demo('admin', 'foodmap'), '/admin/booking-rooms');
  await expect(page.getByTestId('booking-rooms-page')).toBeVisible();
  await page.getByTestId('room-add').click();
  const drawer = page.getByTestId('room-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('room-name').fill(newRoom);
  await drawer.getByTestId('room-name-en').fill(`Showroom ${stamp}`);
  await drawer.getByTestId('room-size').fill('15');
  await drawer.getByTestId('room-price').fill('2500000');
  await drawer.getByTestId('room-save').click();
  await expect(drawer.locator('.ant-form-item-explain-error')).toHaveText(['Vui lòng nhập vị trí gian hàng.']);
  await expect(drawer.getByTestId('room-name')).toHaveValue(newRoom);
  await drawer.getByTestId('room-location').fill('Tầng 1, sảnh chính');
  await drawer.getByTestId('room-save').click();
  await expect(page.locator('.ant-message')).toContainText('Đã thêm gian hàng.');
  await expect(page.getByTestId('room-drawer')).toBeHidden();

  const table = page.getByTestId('booking-rooms-table');
  const row = table.locator('tbody tr').filter({ hasText: newRoom });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tầng 1, sảnh chính');
  await expect(row).toContainText('15 m²');
  await expect(row).toContainText(/2\.500\.000\s*₫/);
  await expect(row).toContainText('Đang nhận đặt');

  // Its price edited.
  await row.getByRole('button', { name: `Sửa ${newRoom}` }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('room-name')).toHaveValue(newRoom);
  await drawer.getByTestId('room-price').fill('3200000');
  await drawer.getByTestId('room-save').click();
  await expect(page.locator('.ant-message')).toContainText('Đã cập nhật gian hàng.');
  await expect(page.getByTestId('room-drawer')).toBeHidden();
  await expect(row).toContainText(/3\.200\.000\s*₫/);

  // The booked room: its booking counted, and deleting it is refused with the reason.
  const booked = table.locator('tbody tr').filter({ hasText: bookedRoom });
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText(`${vn(start)} – ${vn(booking.end_date)}`);
  await booked.getByRole('button', { name: `Xóa ${bookedRoom}` }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(`Xóa gian hàng ${bookedRoom}?`);
  await expect(confirm).toContainText('Gian hàng đang có 1 lượt đặt hiện tại hoặc sắp tới');
  await page.locator(`#room-delete-confirm-${bookedId}`).click();
  await expect(page.locator('.ant-message')).toContainText(
    `Gian hàng ${bookedRoom} đang có 1 lượt đặt hiện tại hoặc sắp tới nên không thể xóa.`,
  );
  await expect(booked).toHaveCount(1);

  // The unbooked one is deleted after confirmation.
  const newId = (await row.locator('[data-testid^="room-edit-"]').getAttribute('data-testid'))!.replace('room-edit-', '');
  await row.getByRole('button', { name: `Xóa ${newRoom}` }).click();
  await expect(page.locator('.ant-popconfirm:visible').filter({ hasText: newRoom })).toContainText(
    'Gian hàng sẽ bị xóa khỏi danh sách đặt chỗ.',
  );
  await page.locator(`#room-delete-confirm-${newId}`).click();
  await expect(page.locator('.ant-message')).toContainText('Đã xóa gian hàng.');
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(table.locator('tbody tr').filter({ hasText: bookedRoom })).toHaveCount(1);
  await expect(table.locator('tbody tr').filter({ hasText: newRoom })).toHaveCount(0);
});
