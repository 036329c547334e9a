import { PLATFORMS, PLATFORM_KEYS } from '@agrihub/contract';
import { readableBrandColor } from '@agrihub/contract/colors';
import { demo, expect, login, logout, submitLogin, test, urlFor } from '../support/fixtures';

/** antd paints a primary button with the platform's colour, darkened where white text would not read (WCAG AA). */
function rgb(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

for (const platform of PLATFORM_KEYS) {
  test(`${platform}: a producer logs in, sees the platform's colour, name and menu, and logs out`, async ({ page }) => {
    await page.goto(urlFor(platform, '/login'));
    await expect(page.getByTestId('login-submit')).toHaveCSS(
      'background-color',
      rgb(readableBrandColor(PLATFORMS[platform].primaryColor)),
    );
    await expect(page).toHaveTitle(new RegExp(PLATFORMS[platform].name));

    await login(page, platform, demo('producer', platform));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('role-label')).toHaveText('Nhà sản xuất');
    await expect(page.getByTestId('producer-name')).not.toBeEmpty();
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByText('Tổng quan')).toBeVisible();
    await expect(menu.getByText('Sản phẩm', { exact: true })).toBeVisible();
    // Tracking exists only on the traceability platform.
    await expect(menu.getByText('Truy xuất')).toHaveCount(platform === 'dtrack' ? 1 : 0);

    await logout(page);
    // The session is gone: a private page sends us back to the login.
    await page.goto(urlFor(platform, '/dashboard'));
    await expect(page).toHaveURL(/\/login/);
    // The app hands over to the light sign-in page with a page load: done once its form shows.
    await expect(page.getByTestId('login-card')).toBeVisible();
  });
}

for (const remember of [true, false]) {
  test(`a page loaded the moment the dashboard opens keeps the session (remember me ${remember ? 'on' : 'off'})`, async ({
    page,
  }) => {
    await submitLogin(page, 'dtrack', demo('producer', 'dtrack'), undefined, remember);
    // The light sign-in page hands the session to the app (ADR 024); load a page before the app settles.
    await page.waitForURL(/\/dashboard$/, { waitUntil: 'domcontentloaded' });
    await page.goto(urlFor('dtrack', '/products'));
    await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/products$/);
  });
}

test('a wrong password shows the server message and keeps the visitor on the login page', async ({ page }) => {
  await submitLogin(page, 'dtrack', demo('producer', 'dtrack'), 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Email hoặc mật khẩu không đúng.');
  await expect(page).toHaveURL(/\/login/);
  // Meanwhile the light page has asked for the app's start-up files, for the page after signing in.
  await expect(page.locator('link[rel="prefetch"][href^="/assets/"]').first()).toBeAttached();
});

test('an account of one platform cannot log in on another', async ({ page }) => {
  await submitLogin(page, 'agrihub', demo('producer', 'dtrack'));
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test('a visitor without a token is sent to /login and comes back after logging in', async ({ page }) => {
  await page.goto(urlFor('agrihub', '/account-setup'));
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-email').fill(demo('producer', 'agrihub'));
  await page.getByTestId('login-password').fill('Demo@123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/account-setup$/);
});

test('an administrator sees the admin role label and the admin menu', async ({ page }) => {
  await login(page, 'foodmap', demo('admin', 'foodmap'));
  await expect(page.getByTestId('role-label')).toHaveText('Quản trị viên');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Người dùng', { exact: true })).toBeVisible();
  // An admin opening a producer page is redirected to the producers administration.
  await page.goto(urlFor('foodmap', '/products'));
  await expect(page).toHaveURL(/\/admin\/producers$/);
});
