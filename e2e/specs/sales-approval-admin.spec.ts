import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { AdminSaleChannel, ReferenceableProduct } from '@agrihub/contract/schemas/sale-channels';
import {
  adminClient,
  apiClient,
  approvedProduct,
  approvedProducer,
  leafCategoryId,
  uploadImages,
} from '../support/api';
import { pickOption } from '../support/antd';
import {
  demo,
  expect as baseExpect,
  pageErrors,
  signedInState,
  signIn,
  test,
  urlFor,
  VIETNAM_DEVICE,
} from '../support/fixtures';

// The back office's sales pages on AgriHub, as admin@agrihub.demo. A producer of the spec's own
// (approved, four approved products with three photos each) registers its products to Lazada
// through the API. On /admin/product-sales-approval the admin filters the pending ones, approves
// three in one bulk decision (the counters follow), rejects the last with a reason (the modal
// refuses an empty one) and exports the approved ones as filtered (the XLSX holds exactly them).
// On /admin/sale-channels the admin asks Lazada for a fourth photo (the producer's products now
// lack one) and pauses it (the producer can no longer register to it). Lazada's settings are put
// back afterwards, whatever happens, so the other specs see the seeded channel.
//
// One story in steps on one page, signed in with the saved session: a single page load, the
// second page reached through the app's own link.

const expect = baseExpect.configure({ timeout: 20_000 });
const PLATFORM = 'agrihub';
const CHANNEL = 'lazada';
const stamp = Date.now().toString(36);
const PASSWORD = 'DuyetKenh@2026';
const producerName = `HTX Cà phê Cầu Đất ${stamp}`;
const DESCRIPTION =
  'Cà phê Arabica Cầu Đất rang mộc, hái chín bằng tay ở độ cao 1.600 m, phơi trên giàn tre, ' +
  'rang vừa giữ vị chua thanh và hương trái cây.';
const PRODUCTS = ['Cà phê hạt rang mộc', 'Cà phê bột nguyên chất', 'Cà phê phin giấy', 'Cà phê hạt xanh'].map(
  (name) => `${name} ${stamp}`,
);
const REASON = 'Ảnh sản phẩm chưa thấy rõ nhãn và hạn sử dụng, vui lòng bổ sung.';

let anon: APIRequestContext;
let admin: APIRequestContext;
let producer: APIRequestContext;
let channel: AdminSaleChannel;
const productIds: number[] = [];
let page: Page;
let errors: string[];

async function lazada(): Promise<AdminSaleChannel> {
  const res = await admin.get('/api/v1/admin/sale_channels');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { sale_channels: AdminSaleChannel[] } };
  return data.sale_channels.find((c) => c.code === CHANNEL)!;
}

/** What the producer's first product lacks for Lazada (the producer's readiness answer). */
async function firstProductMissing() {
  const res = await producer.get('/api/v1/sale_channel_referenceable', {
    params: { channel_id: channel.id, q: PRODUCTS[0] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { products: ReferenceableProduct[] } };
  expect(data.products).toHaveLength(1);
  return data.products[0].channels[0].missing;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  anon = await apiClient(PLATFORM);
  admin = await adminClient(PLATFORM, anon);
  channel = await lazada();
  expect(channel.active).toBe(true);
  expect(channel.requirements.min_images).toBe(3);
  producer = await approvedProducer(PLATFORM, anon, admin, {
    email: `duyet-kenh-${stamp}@example.vn`,
    password: PASSWORD,
    name: 'Lê Thị Duyệt',
    producer: producerName,
  });
  const imageIds = await uploadImages(
    producer,
    [
      [120, 70, 40],
      [160, 110, 60],
      [200, 170, 120],
    ],
    'ca-phe',
  );
  const categoryId = await leafCategoryId(anon);
  for (const [i, name] of PRODUCTS.entries()) {
    productIds.push(
      await approvedProduct(producer, admin, {
        name,
        description: DESCRIPTION,
        category_id: categoryId,
        unit: 'Kg',
        price: { cents: 250_000 + i * 10_000 },
        image_ids: imageIds,
      }),
    );
  }
  const registered = await producer.post(`/api/v1/sale_channels/${channel.id}/register`, {
    data: { product_ids: productIds },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // The admin's session, signed in through the form once per run.
  await signedInState(browser, PLATFORM, demo('admin', PLATFORM));
});

test.beforeAll(async ({ browser }) => {
  // The admin's page for the whole story, opened on the spec's registrations.
  const context = await browser.newContext({
    ...VIETNAM_DEVICE,
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  errors = pageErrors(page);
  await signIn(page, PLATFORM, demo('admin', PLATFORM), `/admin/product-sales-approval?q=${stamp}`);
});

test.afterEach(() => expect(errors, 'console errors').toEqual([]));

test.afterAll(async () => {
  // Lazada as seeded, even when a step stopped halfway.
  if (channel) {
    const restored = await admin.put(`/api/v1/admin/sale_channels/${channel.id}`, {
      data: { requirements: channel.requirements, active: true },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
  await Promise.all([anon?.dispose(), admin?.dispose(), producer?.dispose(), page?.context().close()]);
});

const rows = () => page.getByTestId('reference-row');
const count = (status: string) => page.getByTestId(`register-count-${status}`);

test('the registrations filtered by status: the four pending ones, and the counters', async () => {
  await expect(rows()).toHaveCount(PRODUCTS.length);
  await pickOption(page, 'reference-register-filter', 'Chờ duyệt');
  await expect(page).toHaveURL(/register_status=pending/);
  await expect(count('pending')).toHaveText('Chờ duyệt (4)');
  await expect(count('approved')).toHaveText('Đã duyệt (0)');
  await expect(rows()).toHaveCount(4);
  for (const row of await rows().all()) await expect(row).toHaveAttribute('data-status', 'pending');
});

test('three picked are approved in one bulk decision: the counters move, the pending filter keeps the fourth', async () => {
  for (const name of PRODUCTS.slice(0, 3)) await rows().filter({ hasText: name }).getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-count')).toHaveText('Đã chọn 3 đăng ký');
  await page.getByTestId('bulk-approved').click();
  await page.getByTestId('confirm-bulk-approve').click();
  await expect(page.locator('.ant-message')).toContainText('Đã cập nhật 3 đăng ký, bỏ qua 0');
  await expect(count('pending')).toHaveText('Chờ duyệt (1)');
  await expect(count('approved')).toHaveText('Đã duyệt (3)');
  await expect(rows()).toHaveCount(1);
  await expect(rows()).toContainText(PRODUCTS[3]);
  await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
});

test('the last one is rejected with a reason: an empty one is refused', async () => {
  await rows().getByTestId('move-rejected').click();
  const modal = page.getByRole('dialog', { name: 'Từ chối đăng ký kênh bán' });
  await expect(modal).toBeVisible();
  await modal.getByTestId('confirm-reason').click();
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveText('Vui lòng nhập lý do');
  await expect(count('pending')).toHaveText('Chờ duyệt (1)');
  await modal.getByTestId('reason-input').fill(REASON);
  await modal.getByTestId('confirm-reason').click();
  await expect(modal).toBeHidden();
  await expect(count('rejected')).toHaveText('Bị từ chối (1)');
  await expect(count('pending')).toHaveText('Chờ duyệt (0)');
  await expect(rows()).toHaveCount(0);
});

test("the rejected one's detail tells the reason, and its history the decision", async () => {
  await count('rejected').click();
  await expect(page).toHaveURL(/register_status=rejected/);
  await rows().filter({ hasText: PRODUCTS[3] }).getByTestId('row-register-status').click();
  const drawer = page.getByTestId('reference-drawer');
  const detail = drawer.getByTestId('reference-detail');
  await expect(detail).toHaveAttribute('data-status', 'rejected');
  await expect(detail.getByTestId('detail-reason')).toHaveText(REASON);
  await expect(detail.getByTestId('reference-history')).toContainText(REASON);
  await expect(detail.locator('[data-testid="history-action"][data-action="reject"]')).toHaveCount(1);
  await drawer.locator('.ant-drawer-close').click();
  await expect(detail).toBeHidden();
});

test('the approved ones, exported as filtered: the workbook holds exactly the rows on screen', async () => {
  await count('approved').click();
  await expect(page).toHaveURL(/register_status=approved/);
  await expect(rows()).toHaveCount(3);
  const shownIds = (await rows().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).sort();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-filtered').click()]);
  expect(download.suggestedFilename()).toMatch(/^dang-ky-kenh-ban-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const column = (title: string) => header.indexOf(title);
  const lines: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) lines.push((row.values as unknown[]).slice(1));
  });
  expect(lines).toHaveLength(3);
  expect(lines.map((l) => Number(l[column('Mã đăng ký')])).sort()).toEqual(shownIds);
  expect(lines.map((l) => l[column('Sản phẩm')]).sort()).toEqual(PRODUCTS.slice(0, 3).sort());
  for (const line of lines) {
    expect(line[column('Kênh bán')]).toBe('Lazada');
    expect(line[column('Đơn vị sản xuất')]).toBe(producerName);
    expect(line[column('Trạng thái duyệt')]).toBe('Đã duyệt');
  }
});

test("Lazada asks for a fourth photo: saved, in the settings' history, and the producer's products lack one", async () => {
  expect(await firstProductMissing()).toEqual([]);
  await page.getByTestId('channels-settings-link').click();
  await expect(page).toHaveURL(urlFor(PLATFORM, '/admin/sale-channels'));
  const row = page.locator(`[data-testid="channel-row"][data-code="${CHANNEL}"]`);
  await expect(row.getByTestId('channel-requirements')).toContainText('Ít nhất 3 ảnh');

  await row.getByTestId('channel-edit').click();
  const drawer = page.getByTestId('channel-drawer');
  const settings = drawer.getByTestId('channel-settings');
  await expect(settings).toHaveAttribute('data-code', CHANNEL);
  await settings.getByTestId('req-min-images').fill('4');
  await settings.getByTestId('channel-save').click();
  await expect(page.locator('.ant-message')).toContainText('Đã cập nhật kênh bán.');
  await expect(row.getByTestId('channel-requirements')).toContainText('Ít nhất 4 ảnh');
  await expect(settings.getByTestId('channel-history').getByTestId('history-action').first()).toHaveAttribute(
    'data-action',
    'update',
  );
  expect((await lazada()).requirements.min_images).toBe(4);
  expect(await firstProductMissing()).toEqual([{ key: 'too_few_images', need: 4, have: 3 }]);
  await drawer.locator('.ant-drawer-close').click();
  await expect(settings).toBeHidden();
});

test('Lazada paused after a confirmation takes no registration; taken up again, it does', async () => {
  const active = page.locator(`[data-testid="channel-row"][data-code="${CHANNEL}"]`).getByTestId('channel-active');
  await expect(active).toBeChecked();
  await active.click();
  await page.getByTestId('confirm-pause').click();
  await expect(active).not.toBeChecked();
  const refused = await producer.post(`/api/v1/sale_channels/${channel.id}/register`, { data: {} });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { meta: { message: string } }).meta.message).toBe(
    'Kênh bán Lazada đang tạm ngừng nhận đăng ký.',
  );
  const listed = (await (await producer.get('/api/v1/sale_channels')).json()) as {
    data: { sale_channels: { code: string; active: boolean }[] };
  };
  expect(listed.data.sale_channels.find((c) => c.code === CHANNEL)?.active).toBe(false);

  // No confirmation to take it up again.
  await active.click();
  await expect(active).toBeChecked();
  expect((await lazada()).active).toBe(true);
  const accepted = await producer.post(`/api/v1/sale_channels/${channel.id}/register`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(201);
});
