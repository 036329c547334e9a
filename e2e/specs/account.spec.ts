import { FORCED_CHANGE_EMAIL } from '../support/e2e-accounts';
import {
  demo,
  expect,
  latestMail,
  login,
  registerAccount,
  signIn,
  submitLogin,
  test,
  urlFor,
} from '../support/fixtures';

test('forced password change: the modal blocks the page until the password is changed', async ({ page }) => {
  // An account of the browser tests' own (support/e2e-accounts.ts): no API makes one that must change its password.
  await submitLogin(page, 'dtrack', FORCED_CHANGE_EMAIL);
  const modal = page.getByTestId('forced-password-modal');
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  // Mismatch: nothing is sent, the rule's message is shown.
  await modal.getByTestId('old-password').fill('Demo@123');
  await modal.getByTestId('new-password').fill('Moi@12345');
  await modal.getByTestId('confirm-password').fill('Khac@12345');
  await modal.getByTestId('change-password-submit').click();
  await expect(modal.getByText('Mật khẩu nhập lại không khớp.')).toBeVisible();

  // Server refusal (wrong current password): failure message, the modal stays.
  await modal.getByTestId('old-password').fill('Sai@12345');
  await modal.getByTestId('confirm-password').fill('Moi@12345');
  await modal.getByTestId('change-password-submit').click();
  await expect(page.getByText(/không thành công|Mật khẩu hiện tại không đúng/).first()).toBeVisible();
  await expect(modal).toBeVisible();

  await modal.getByTestId('old-password').fill('Demo@123');
  await modal.getByTestId('change-password-submit').click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('forced-password-modal')).toHaveCount(0);
});

test('language: agrihub offers English, saves it to the account and a one-year cookie; dtrack has no switcher', async ({
  page,
  context,
  request,
}) => {
  // The language is saved to the account: an account of this test's own.
  const { email } = await registerAccount(request, 'agrihub');
  await login(page, 'agrihub', email);
  await expect(page.getByTestId('side-menu').getByText('Tổng quan')).toBeVisible();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('side-menu').getByText('Dashboard')).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
  expect(cookie?.value).toBe('en');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  // Saved to the account: a fresh browser that logs in gets English.
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, 'agrihub', email);
  await expect(page.getByTestId('side-menu').getByText('Dashboard')).toBeVisible();

  await signIn(page, 'dtrack', demo('producer', 'dtrack'));
  await expect(page.getByTestId('language-switcher')).toHaveCount(0);
});

test('account setup: a producer has three tabs, an administrator two', async ({ page }) => {
  await signIn(page, 'agrihub', demo('producer', 'agrihub'), '/account-setup');
  await expect(page.getByTestId('tab-business')).toBeVisible();
  await expect(page.getByTestId('tab-account')).toBeVisible();
  await expect(page.getByTestId('tab-password')).toBeVisible();

  await signIn(page, 'agrihub', demo('admin', 'agrihub'), '/account-setup');
  await expect(page.getByTestId('tab-account')).toBeVisible();
  await expect(page.getByTestId('tab-password')).toBeVisible();
  await expect(page.getByTestId('tab-business')).toHaveCount(0);
});

test('forgot password → mail in the outbox → reset → log in with the new password', async ({ page, request }) => {
  const { email } = await registerAccount(request, 'foodmap');
  await page.goto(urlFor('foodmap', '/forgot-password'));
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

  // The link is mailed just after the answer (ADR 035): wait for it.
  const resetLink = () => latestMail().match(/https?:\/\/\S+\/reset\?token=[A-Za-z0-9_-]+/)?.[0];
  await expect.poll(() => resetLink(), { message: 'reset link in the mail' }).toBeTruthy();
  const link = resetLink();
  await page.goto(link!);
  await page.getByTestId('reset-password').fill('Rat@2026');
  await page.getByTestId('reset-password-confirm').fill('Rat@2026');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login/);
  // The sign-in page (a page load, ADR 024) says the password was changed.
  await expect(page.getByTestId('login-notice')).toBeVisible();

  await login(page, 'foodmap', email, 'Rat@2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard tells the producer its approval is pending.
  await expect(page.getByTestId('producer-status')).toBeVisible();
});

test('a non-admin without the ability gets the no-permission screen', async ({ page }) => {
  await signIn(page, 'dtrack', demo('support', 'dtrack'));
  await expect(page.getByTestId('side-menu').getByText('Người dùng', { exact: true })).toHaveCount(0);
  await page.goto(urlFor('dtrack', '/admin/users'));
  await expect(page.getByTestId('no-permission')).toContainText('Bạn không có quyền truy cập');
});
