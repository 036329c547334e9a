import { request, type APIRequestContext } from '@playwright/test';
import { demo, expect as baseExpect, port, signUpAddress, signIn, test } from '../support/fixtures';

// Issue 9, the back office of service requests: a producer of this test's own asks for GS1
// barcode registration and submits it (advice); the AgriHub admin finds it in the approval list,
// adds an internal note and a note for the producer, and moves it one step (advice → contract).
// The producer's answer then holds the visible note only.

const expect = baseExpect.configure({ timeout: 20_000 });
const PLATFORM = 'agrihub';
const stamp = Date.now().toString(36);
const PASSWORD = 'DichVu@2026';
const producerName = `HTX Mã vạch ${stamp}`;
const lockedProducer = `HTX Khóa ${stamp}`;
const INTERNAL = `Đã gọi điện xác nhận ${stamp} (nội bộ)`;
const VISIBLE = `Vui lòng ký hợp đồng đính kèm ${stamp}`;

/** API calls as a client of the platform (the Platform header names it: Node does not resolve *.localhost). */
async function api(token?: string, platform: string = PLATFORM): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: platform, locale: 'vi', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/** A new producer with a barcode request submitted for advice; returns its API client and the request id. */
async function producerWithRequest(
  platform: string = PLATFORM,
  email = `dich-vu-${stamp}@example.vn`,
  producerName = `HTX Mã vạch ${stamp}`,
): Promise<{ producer: APIRequestContext; id: number }> {
  const anon = await api(undefined, platform);
  const registered = await anon.post('/api/v1/registrations', {
    headers: signUpAddress(email),
    data: {
      email,
      password: PASSWORD,
      name: 'Lê Văn Mã Vạch',
      producer: { name: producerName, producer_type: 'cooperative' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await anon.post('/oauth/token', { form: { grant_type: 'password', username: email, password: PASSWORD } });
  expect(token.status()).toBe(200);
  const producer = await api(((await token.json()) as { access_token: string }).access_token, platform);
  await anon.dispose();
  const created = await producer.post('/api/v1/user_register_services', {
    data: {
      slug: 'gs1-barcode',
      form: {
        contact_name: 'Lê Văn Mã Vạch',
        phone: '0912345678',
        fields: { product_count: 4, company_name_en: 'Le Van Barcode', member_type: 'household' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { urs: { id: number } } }).data.urs.id;
  const moved = await producer.post(`/api/v1/user_register_services/${id}/move`, { data: { to: 'advice' } });
  expect(moved.status(), await moved.text()).toBe(200);
  return { producer, id };
}

test('the admin finds a request, adds an internal and a visible note and moves it one step; the producer sees the visible note only', async ({
  page,
}) => {
  test.slow();
  const { producer, id } = await producerWithRequest();

  await signIn(page, PLATFORM, demo('admin', PLATFORM), '/admin/services-approval');
  await expect(page.getByTestId('services-approval')).toBeVisible();
  await page.getByTestId('request-search').locator('input').fill(producerName);
  await page.getByTestId('request-search').locator('input').press('Enter');
  const row = page.getByTestId('request-row').filter({ hasText: producerName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('request-progress')).toHaveAttribute('data-step', 'advice');
  await expect(page.getByTestId('step-count').and(page.locator('[data-step="advice"]'))).toBeVisible();
  await row.getByTestId('request-link').click();

  const detail = page.getByTestId('service-request-page');
  await expect(detail).toHaveAttribute('data-step', 'advice');
  // Only the table's moves for an admin at advice: forward to contract, back to fill_info, cancel.
  const moves = detail.getByTestId('move-request');
  await expect(moves).toHaveCount(3);
  await expect(moves.nth(0)).toHaveAttribute('data-to', 'contract');

  // An internal note, then one for the producer.
  await detail.getByTestId('note-body').fill(INTERNAL);
  await detail.getByTestId('note-internal-switch').click();
  await detail.getByTestId('note-submit').click();
  await expect(detail.getByTestId('request-note').filter({ hasText: INTERNAL })).toHaveAttribute('data-internal', 'true');
  await expect(detail.getByTestId('note-body')).toHaveValue('');
  // The form starts over as a note for the producer.
  await expect(detail.getByTestId('note-internal-switch')).toHaveAttribute('aria-checked', 'false');
  await detail.getByTestId('note-body').fill(VISIBLE);
  await detail.getByTestId('note-submit').click();
  await expect(detail.getByTestId('request-note').filter({ hasText: VISIBLE })).toHaveAttribute('data-internal', 'false');

  // One step forward, confirmed.
  await moves.nth(0).click();
  await page.getByTestId('confirm-move').click();
  await expect(detail).toHaveAttribute('data-step', 'contract');
  // The history names the move and its step, and marks the internal note.
  const history = detail.getByTestId('request-history');
  await expect(history.getByTestId('history-action').filter({ hasText: 'Ký hợp đồng' })).toHaveAttribute('data-action', 'advance');
  await expect(history.getByTestId('history-action').filter({ hasText: 'Nội bộ' })).toHaveAttribute('data-action', 'note');

  // The producer's own answer: the new step and the visible note, never the internal one.
  const mine = await producer.get(`/api/v1/user_register_services/${id}`);
  expect(mine.status()).toBe(200);
  const text = await mine.text();
  expect(JSON.parse(text).data.urs.step).toBe('contract');
  expect(text).toContain(VISIBLE);
  expect(text).not.toContain(INTERNAL);

  // Back a step needs a reason: the modal refuses an empty one, keeps what is typed; an internal reason never reaches the producer.
  const BACK = `Thiếu giấy phép kinh doanh ${stamp}`;
  await detail.locator('[data-testid="move-request"][data-to="advice"]').click();
  await page.getByTestId('confirm-move-reason').click();
  await expect(page.getByText('Vui lòng nhập lý do')).toBeVisible();
  await page.getByTestId('move-reason').fill(BACK);
  await page.getByTestId('move-reason-internal').check();
  await page.getByTestId('confirm-move-reason').click();
  await expect(detail).toHaveAttribute('data-step', 'advice');
  const after = await (await producer.get(`/api/v1/user_register_services/${id}`)).text();
  expect(JSON.parse(after).data.urs.step).toBe('advice');
  expect(after).not.toContain(BACK);
  await producer.dispose();
});

test('on Foodmap, lock all as filtered makes the request read-only until the admin unlocks it', async ({ page }) => {
  test.slow();
  const { producer, id } = await producerWithRequest('foodmap', `khoa-${stamp}@example.vn`, lockedProducer);

  // Lock every request matching the filter: here, this producer's one request.
  await signIn(page, 'foodmap', demo('admin', 'foodmap'), `/admin/lock-services-approval?q=${encodeURIComponent(lockedProducer)}`);
  await expect(page.getByTestId('lock-services-approval')).toBeVisible();
  await expect(page.getByTestId('request-row').filter({ hasText: lockedProducer })).toHaveCount(1);
  await page.getByTestId('lock-all').click();
  await page.getByTestId('confirm-lock-all').click();
  await expect(page.getByTestId('request-row')).toHaveCount(0);

  // Read-only: the producer's write is refused, the admin page offers no move, no note, no assignee change.
  const refused = await producer.post(`/api/v1/user_register_services/${id}/notes`, { data: { body: 'Xin hỏi tiến độ' } });
  expect(refused.status()).toBe(423);
  await page.goto(`http://foodmap.localhost:${port}/admin/services-approval/${id}`);
  const detail = page.getByTestId('service-request-page');
  await expect(detail.getByTestId('request-locked-alert')).toBeVisible();
  await expect(detail.getByTestId('move-actions')).toHaveCount(0);
  await expect(detail.getByTestId('note-body')).toHaveCount(0);

  // The locked list has it; unlocking (confirmed) lets the producer write again.
  await page.goto(`http://foodmap.localhost:${port}/admin/locked-services-approval?q=${encodeURIComponent(lockedProducer)}`);
  const row = page.getByTestId('request-row').filter({ hasText: lockedProducer });
  await row.getByTestId('unlock-request').click();
  await page.getByTestId('confirm-unlock').click();
  await expect(row).toHaveCount(0);
  const accepted = await producer.post(`/api/v1/user_register_services/${id}/notes`, { data: { body: 'Xin hỏi tiến độ' } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await producer.dispose();
});
