import { DEMO_PASSWORD, demo, expect, login, registerAccount, signIn, test, urlFor } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { apiClient, tokenOf } from '../support/api';

/**
 * Forms that help (issue 13): messages of the app's own under each field (never the browser's
 * English bubble), Vietnamese phone numbers in any writing, a website that must be one, a question
 * before edits are dropped, why a visitor is back at /login, and a rating summary that follows a vote.
 */

const fieldError = (page: Page, testId: string) =>
  page.locator('.ant-form-item', { has: page.getByTestId(testId) }).locator('.ant-form-item-explain-error');

/** The field's message is `text`, and only that (a replaced message fades out first). */
async function expectFieldError(page: Page, testId: string, text: string) {
  await expect(fieldError(page, testId).filter({ hasText: text })).toBeVisible();
  await expect(fieldError(page, testId).filter({ hasNotText: text })).toHaveCount(0);
}

test('sign-up with every field empty: a message under each field, no browser bubble; +84 912 345 678 is taken and shown 0912 345 678', async ({
  page,
}) => {
  await page.goto(urlFor('agrihub', '/register'));
  const form = page.locator('form', { has: page.getByTestId('register-email') });
  await expect(form).toHaveAttribute('novalidate', '');
  await page.getByTestId('register-submit').click();

  await expectFieldError(page, 'register-name', 'Vui lòng nhập tên.');
  await expectFieldError(page, 'register-email', 'Vui lòng nhập email.');
  await expectFieldError(page, 'register-password', 'Vui lòng nhập mật khẩu mới.');
  await expectFieldError(page, 'register-password-confirm', 'Vui lòng nhập lại mật khẩu mới.');
  await expectFieldError(page, 'register-producer-name', 'Vui lòng nhập tên đơn vị sản xuất.');
  await expectFieldError(page, 'register-producer-type', 'Vui lòng chọn loại hình đơn vị.');
  // Never the generic text under a field, nor a banner for what the fields say.
  await expect(page.getByText('Dữ liệu không hợp lệ')).toHaveCount(0);
  await expect(page.getByTestId('register-error')).toHaveCount(0);

  // A wrong e-mail and phone: the app's messages; the browser has nothing to say.
  await page.getByTestId('register-email').fill('abc');
  await page.getByTestId('register-phone').fill('0912 345 67');
  await page.getByTestId('register-submit').click();
  await expectFieldError(page, 'register-email', 'Email không hợp lệ.');
  await expectFieldError(page, 'register-phone', 'Số điện thoại không hợp lệ.');
  for (const id of ['register-email', 'register-phone', 'register-name']) {
    expect(await page.getByTestId(id).evaluate((e) => (e as HTMLInputElement).validationMessage), id).toBe('');
  }

  const email = `sdt-${Date.now().toString(36)}@example.vn`;
  await page.getByTestId('register-name').fill('Lê Thị Mai');
  await page.getByTestId('register-phone').fill('+84 912 345 678');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(DEMO_PASSWORD);
  await page.getByTestId('register-password-confirm').fill(DEMO_PASSWORD);
  await page.getByTestId('register-producer-name').fill('HTX Chè Shan Tuyết Mai');
  await page.getByTestId('register-producer-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Hợp tác xã' }).click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toBeVisible();

  // Stored in E.164, shown the Vietnamese way.
  const anon = await apiClient('agrihub');
  const me = await apiClient('agrihub', await tokenOf(anon, email, DEMO_PASSWORD));
  expect(
    ((await (await me.get('/api/v1/users/whoami')).json()) as { data: { user: { phone: string } } }).data.user.phone,
  ).toBe('+84912345678');
  await login(page, 'agrihub', email);
  await page.goto(urlFor('agrihub', '/account-setup'));
  await page.getByTestId('tab-account').click();
  await expect(page.getByTestId('account-phone')).toHaveValue('0912 345 678');
});

test('the business information: a website must be one, a landline in brackets is taken', async ({ page, request }) => {
  const account = await registerAccount(request, 'foodmap');
  await login(page, 'foodmap', account.email);
  await page.goto(urlFor('foodmap', '/account-setup'));
  await page.getByTestId('tab-business').click();
  await expect(page.getByTestId('business-form')).toHaveAttribute('novalidate', '');

  await page.getByTestId('business-website').fill('abc');
  await page.getByTestId('business-phone').fill('(028) 3823 4567');
  await page.getByTestId('business-submit').click();
  await expectFieldError(page, 'business-website', 'Website phải là một địa chỉ web, ví dụ https://tenmien.vn.');
  await expect(fieldError(page, 'business-phone')).toHaveCount(0);

  await page.getByTestId('business-website').fill('htx-mai.vn');
  await page.getByTestId('business-submit').click();
  await expect(page.getByText('Đã lưu thông tin doanh nghiệp.')).toBeVisible();
  // The saved values as they read back: the scheme added, the number the Vietnamese way.
  await expect(page.getByTestId('business-website')).toHaveValue('https://htx-mai.vn');
  await expect(page.getByTestId('business-phone')).toHaveValue('028 3823 4567');
});

test('leaving an edited product asks first; staying keeps the edit, leaving drops it', async ({ page }) => {
  await signIn(page, 'agrihub', demo('producer', 'agrihub'), '/products');
  await page.getByTestId('product-link').first().click();
  const name = page.getByTestId('product-name');
  await expect(name).toBeVisible();
  const saved = await name.inputValue();
  const productUrl = page.url();

  // Unchanged: the menu leaves at once.
  await page.getByTestId('menu-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(productUrl);
  await expect(name).toHaveValue(saved);

  await name.fill(`${saved} (sửa)`);
  await page.getByTestId('menu-dashboard').click();
  await expect(page.getByRole('dialog', { name: 'Rời trang khi chưa lưu?' })).toBeVisible();
  await page.getByTestId('leave-cancel').click();
  await expect(page).toHaveURL(productUrl);
  await expect(name).toHaveValue(`${saved} (sửa)`);

  await page.getByTestId('menu-dashboard').click();
  await page.getByTestId('leave-confirm').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(productUrl);
  await expect(page.getByTestId('product-name')).toHaveValue(saved);
});

test('a session revoked elsewhere: the next page is /login, which says why', async ({ page, request }) => {
  const account = await registerAccount(request, 'dtrack');
  await login(page, 'dtrack', account.email);
  // This tab's session (kept in sessionStorage, and in localStorage when "remember me" is on).
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('agrihub.session-token');
    if (raw) return (JSON.parse(raw) as { access_token: string }).access_token;
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as { user?: string };
    return root.user ? (JSON.parse(root.user) as { token?: { access_token?: string } }).token?.access_token : undefined;
  });
  expect(token).toBeTruthy();
  // Logged out on another device: this session (and its refresh token) is revoked.
  const other = await apiClient('dtrack', token);
  expect((await other.post('/api/v1/users/logout')).status()).toBe(200);

  await page.goto(urlFor('dtrack', '/account-setup'));
  await expect(page).toHaveURL(/\/login\?next=%2Faccount-setup/);
  await expect(page.getByTestId('login-notice')).toHaveText(
    'Phiên đăng nhập đã hết hạn hoặc không hợp lệ, vui lòng đăng nhập lại.',
  );
  // Signing in again comes back to the page.
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/account-setup$/);
});

test('the trace page: a vote updates the rating summary (average and count)', async ({ page }) => {
  await page.goto(urlFor('dtrack', '/trace/DEMOTRACE0000001'));
  const summary = page.getByTestId('trace-rating-summary');
  await expect(summary).toBeVisible();
  const before = (await summary.textContent()) ?? '';
  const countOf = (text: string) => Number(/(\d+) lượt đánh giá/.exec(text)?.[1] ?? 0);
  const n = countOf(before);

  await page.getByTestId('trace-rating').locator('label.star').nth(4).click();
  await page.getByTestId('trace-rating-submit').click();
  await expect(page.getByTestId('trace-rating-thanks')).toBeVisible();
  await expect(summary).toContainText(`${n + 1} lượt đánh giá`);
  await expect(summary).toHaveText(/^\d\.\d\/5 · \d+ lượt đánh giá$/);
  // What the page shows is what the server now says.
  await page.reload();
  await expect(page.getByTestId('trace-rating-summary')).toContainText(`${n + 1} lượt đánh giá`);
});
