import { apiClient } from '../support/api';
import { confirmPopover, demo, expect as baseExpect, submitLogin, test, urlFor } from '../support/fixtures';

// Issue 27, API keys (ADR 039): a producer creates a key for a partner's system on the account
// page, sees it once and copies it; the partner's system asks the whoami route with it; once the
// key is revoked, the same call is refused.

const expect = baseExpect.configure({ timeout: 60_000 });
const name = `Hệ thống Siêu thị E2E ${Date.now().toString(36).toUpperCase()}`;

test('a producer creates an API key, a machine client uses it, and a revoked key is refused', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Signed in through the form, waiting as long as a loaded machine needs for the frame's chunks.
  await submitLogin(page, 'dtrack', demo('producer', 'dtrack'));
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 120_000 });
  await page.goto(urlFor('dtrack', '/account-setup'));
  await page.getByTestId('tab-apiKeys').click();
  const card = page.getByTestId('api-keys-card');
  await expect(card).toBeVisible();

  await card.getByTestId('api-key-create').first().click();
  const modal = page.getByTestId('api-key-modal');
  await modal.getByTestId('api-key-name').fill(name);
  await modal.getByText('Đọc và gửi sự kiện').click();
  await modal.getByTestId('api-key-save').click();

  // Shown once, with the warning and the copy button.
  await expect(modal.getByTestId('api-key-once')).toContainText('không được hiển thị lại');
  const shown = await modal.getByTestId('api-key-secret').inputValue();
  expect(shown).toMatch(/^ahk_[a-z2-7]{8}_[A-Za-z0-9_-]{43}$/);
  await modal.getByTestId('api-key-copy').click();
  await expect(page.getByText('Đã sao chép khóa API.')).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shown);
  await modal.getByTestId('api-key-done').click();

  // Listed by name and display prefix, never the secret.
  const row = card.locator('tr', { hasText: name });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Gửi sự kiện');
  await expect(card).not.toContainText(key.slice(13));

  // The partner's system: whoami with the key (Bearer, then X-API-Key).
  const machine = await apiClient('dtrack');
  const whoami = await machine.get('/api/v1/api-keys/whoami', { headers: { Authorization: `Bearer ${key}` } });
  expect(whoami.status(), await whoami.text()).toBe(200);
  const body = await whoami.json();
  expect(body.data.whoami.key).toMatchObject({ name, scopes: ['read', 'capture'] });
  const byHeader = await machine.get('/api/v1/api-keys/whoami', { headers: { 'X-API-Key': key } });
  expect(byHeader.status()).toBe(200);

  // Used: the list says when.
  await page.reload();
  await page.getByTestId('tab-apiKeys').click();
  await expect(card.locator('tr', { hasText: name })).not.toContainText('Chưa dùng');

  // Revoked after confirming: the very next call is refused.
  const id = String(body.data.whoami.key.id);
  await card.getByTestId(`api-key-revoke-${id}`).click();
  await confirmPopover(
    page,
    'Thu hồi',
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/v1/api-keys/${id}/revoke`),
  );
  await expect(card.getByTestId(`api-key-status-${id}`)).toContainText('Đã thu hồi');
  const refused = await machine.get('/api/v1/api-keys/whoami', { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).meta.code).toBe('api_key_invalid');
  await machine.dispose();
});

test('the business information shows the GS1 company prefix its length makes of the producer’s GTINs', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await submitLogin(page, 'dtrack', demo('coop', 'dtrack'));
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 120_000 });
  await page.goto(urlFor('dtrack', '/account-setup'));
  await page.getByTestId('tab-business').click();
  // The roasted coffee's GTIN 08936045030011 at the default length 7: GS1 Vietnam's 8936045.
  await expect(page.getByTestId('gs1-prefix-check')).toContainText('8936045');
  await page.getByTestId('business-gs1-prefix-length').fill('9');
  await expect(page.getByTestId('gs1-prefix-check')).toContainText('893604503');
});
