import { visibleMenu } from '@agrihub/contract/menu';
import { adminClient, apiClient, tokenOf } from '../support/api';
import { demo, DEMO_PASSWORD, expect, login, signIn, submitLogin, test, VIETNAM_DEVICE } from '../support/fixtures';

/** The menu a support account with read on producers only sees on DTrack: its top-level entries. */
const SUPPORT_MENU = visibleMenu('dtrack', {
  roles: ['customer_support'],
  abilities: [{ action: 'read', subject: 'producer' }],
  producer_id: null,
  registed_services: [],
  created_at: new Date().toISOString(),
});

test('an admin creates a support user with read on producers only; it sees exactly that menu; deactivated, its open page goes to login', async ({
  page,
  browser,
}) => {
  // Two accounts, two browsers, one story: given three times the usual budget.
  test.slow();
  const started = Date.now();
  const step = (name: string) => console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // What the contract says this account sees: producers, and the entries every account has.
  const expected = SUPPORT_MENU.map((e) => `menu-${e.key}`).sort();
  // Read on producers also opens the supply chain trace of their lots (the same ability as its API).
  expect(expected).toEqual(expect.arrayContaining(['menu-admin-producers', 'menu-admin-supply-chain']));
  expect(
    SUPPORT_MENU.filter((e) => !['admin-producers', 'admin-supply-chain'].includes(e.key)).every(
      (e) => !e.subject || e.subject === 'Setting',
    ),
  ).toBe(true);

  // The admin fills the form: name, e-mail, a first password, role customer support, read on producers.
  await signIn(page, 'dtrack', demo('admin', 'dtrack'), '/admin/add-user');
  await expect(page.getByTestId('add-user-page')).toBeVisible();
  // An empty save says what is missing under each field, the roles included, as errors.
  await page.getByTestId('user-submit').click();
  await expect(
    page.locator('.ant-form-item-explain-error', { hasText: 'Tài khoản nhân viên cần ít nhất một vai trò.' }),
  ).toBeVisible();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Vui lòng nhập tên.' })).toBeVisible();
  const email = `e2e-support-${Date.now().toString(36)}@dtrack.vn`;
  await page.getByTestId('user-name').fill('Nhân viên hỗ trợ E2E');
  await page.getByTestId('user-email').fill(email);
  await page.getByTestId('user-password').fill('Tam@1234');
  // The admin role is the admin's to grant; nothing is checked yet.
  await page.getByTestId('role-customer_support').check();
  await page.getByTestId('ability-producer-read').check();
  // Manage locks its row as checked; undoing it leaves read alone.
  await page.getByTestId('ability-product-manage').check();
  await expect(page.getByTestId('ability-product-read')).toBeChecked();
  await expect(page.getByTestId('ability-product-read')).toBeDisabled();
  await page.getByTestId('ability-product-manage').uncheck();
  await expect(page.getByTestId('ability-product-read')).not.toBeChecked();
  await page.getByTestId('user-submit').click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const state = page.getByTestId('user-actions');
  await expect(state.getByTestId('user-active')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('ability-producer-read')).toBeChecked();
  await expect(page.getByTestId('user-history').getByTestId('history-action')).toHaveAttribute('data-action', 'create');
  step('account created through the form');

  // The new account signs in (another browser), changes its first password, and sees exactly its menu.
  const context = await browser.newContext(VIETNAM_DEVICE);
  const support = await context.newPage();
  await submitLogin(support, 'dtrack', email, 'Tam@1234');
  await expect(support.getByTestId('forced-password-modal')).toBeVisible({ timeout: 30_000 });
  await support.getByTestId('old-password').fill('Tam@1234');
  await support.getByTestId('new-password').fill('HoTro@5678');
  await support.getByTestId('confirm-password').fill('HoTro@5678');
  await support.getByTestId('change-password-submit').click();
  await expect(support.getByTestId('forced-password-modal')).toHaveCount(0);
  const menu = support.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-admin-producers')).toHaveText('Nhà sản xuất');
  const shown = await menu
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(shown.sort()).toEqual(expected);
  await menu.getByTestId('menu-admin-producers').click();
  await expect(support.getByTestId('admin-producers')).toBeVisible();
  step('support signed in and sees its menu');

  // The admin deactivates it (confirmed).
  await page.getByTestId('user-deactivate').click();
  await page.getByTestId('user-deactivate-confirm').click();
  await expect(state.getByTestId('user-active')).toHaveAttribute('data-active', 'false');
  await expect(page.getByTestId('user-reactivate')).toBeVisible();
  step('deactivated');

  // The support's open page: its next request ends the session, with the reason on the login page.
  await support.getByTestId('side-menu').getByTestId('menu-account-setup').click();
  await expect(support).toHaveURL(/\/login/);
  await expect(support.getByTestId('login-notice')).toContainText('Tài khoản của bạn đã bị vô hiệu hóa');
  // And it cannot sign in again.
  await submitLogin(support, 'dtrack', email, 'HoTro@5678');
  await expect(support.getByTestId('login-error')).toContainText('Tài khoản của bạn đã bị vô hiệu hóa');
  step('support sent to login');
  await context.close();
});

test('a user manager who is not admin sees the acts on an account above its rights off, with the reason (ADR 032)', async ({
  page,
}) => {
  test.slow();
  // The admin makes, through the API, a manager (customer support with manage user) and an account within its rights.
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  const stamp = Date.now().toString(36);
  const make = async (local: string, abilities: { action: string; subject: string }[]) => {
    const email = `e2e-${local}-${stamp}@dtrack.vn`;
    const res = await admin.post('/api/v1/admin/users', {
      data: {
        kind: 'staff',
        email,
        name: `Nhân viên ${local}`,
        roles: ['customer_support'],
        abilities,
        password: 'Tam@1234',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { email, id: ((await res.json()) as { data: { user: { id: number } } }).data.user.id };
  };
  const manager = await make('quanly', [
    { action: 'manage', subject: 'user' },
    { action: 'read', subject: 'producer' },
  ]);
  const within = await make('hotro', [{ action: 'read', subject: 'producer' }]);
  // The manager's first password is changed through the API, so the browser signs in straight away.
  const first = await apiClient('dtrack', await tokenOf(anon, manager.email, 'Tam@1234'));
  const changed = await first.put('/api/v1/users/password', {
    data: { old_password: 'Tam@1234', password: DEMO_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const listed = await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(demo('purchasing', 'dtrack'))}`);
  const purchasingId = ((await listed.json()) as { data: { users: { id: number }[] } }).data.users[0].id;

  await login(page, 'dtrack', manager.email);
  // purchasing@ holds purchase-order rights the manager lacks: every act is off, with the reason.
  await page.goto(`/admin/users/${purchasingId}`);
  const reason = 'Bạn chỉ được thao tác trên tài khoản mà mọi vai trò và quyền của nó bạn cũng có';
  await expect(page.getByTestId('user-locked')).toContainText(reason, { timeout: 30_000 });
  await expect(page.getByTestId('user-reset-password-locked').getByRole('button')).toBeDisabled();
  await expect(page.getByTestId('user-deactivate-locked').getByRole('button')).toBeDisabled();
  await expect(page.getByTestId('user-folder-create')).toBeDisabled();
  await expect(page.getByTestId('user-submit')).toHaveCount(0);
  // An account within its rights: the acts are there.
  await page.goto(`/admin/users/${within.id}`);
  await expect(page.getByTestId('user-reset-password')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('user-deactivate')).toBeEnabled();
  await expect(page.getByTestId('user-locked')).toHaveCount(0);
  // A producer's user is made by role admin only: the choice is off.
  await page.goto('/admin/add-user');
  await expect(page.getByTestId('user-kind-producer')).toBeDisabled({ timeout: 30_000 });
  await expect(page.getByTestId('user-kind-staff')).toBeEnabled();
});
