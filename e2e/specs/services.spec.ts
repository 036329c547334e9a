import { expect as baseExpect, registerAccount, signIn, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

// Issue 9, the producer's side: on DTrack a new producer has no product menu (not an old user);
// a visitor opens multi-channel selling in the public catalogue, presses register, logs in on the
// way and comes back to the form, registers (a free service: done at once), and the product and
// tracking menus appear without a new login. The public pages fit a 360 px phone.

const expect = baseExpect.configure({ timeout: 20_000 });
const SLUG = 'multichannel_selling';

test('DTrack: a new producer registers multi-channel selling and the product menu appears', async ({
  page,
  request,
}) => {
  const { email, password } = await registerAccount(request, 'dtrack');

  await page.goto(urlFor('dtrack', '/services'));
  await expect(page.getByTestId('service-grid')).toBeVisible();
  await page.getByTestId(`service-card-${SLUG}`).click();
  await expect(page.getByTestId('service-page')).toBeVisible();
  await expect(page.getByTestId('service-price')).toHaveText('Miễn phí');
  await page.getByTestId('service-register').click();

  // Not signed in: the form's route sends the visitor to log in, and back.
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/services/${SLUG}/register$`));
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('menu-products')).toHaveCount(0);

  await page.getByTestId('request-phone').fill('0912345678');
  await page.getByTestId('request-submit').click();

  await expect(page.getByTestId('request-registered')).toBeVisible();
  await expect(page.getByTestId('request-status')).toHaveText('Hoàn thành');
  // whoami was refreshed: the menus opened by the registration are there, no new login.
  await expect(page.getByTestId('menu-products')).toBeVisible();
  await expect(page.getByTestId('menu-tracking')).toBeVisible();

  // The catalogue page lists the producer's request.
  await page.getByTestId('menu-services').click();
  await expect(page.getByTestId('my-requests')).toContainText('Bán hàng đa kênh');
  // Registered already: the service's page leads to the request, not to a second registration.
  await page.getByTestId(`service-card-${SLUG}`).click();
  await expect(page.getByTestId('service-open-request')).toBeVisible();
  await expect(page.getByTestId('service-register')).toHaveCount(0);
});

test('AgriHub: a producer registers for GS1 barcode with its fields and a file, edits an answer, replies, sends it for advice and cannot cancel without a reason', async ({
  page,
  request,
}) => {
  // A long story (sign-up, form with fields and files, edits, reply, move, cancel): three times the default budget.
  test.slow();
  const { email } = await registerAccount(request, 'agrihub', { name: 'Trần Thị Mã Vạch' });
  await signIn(page, 'agrihub', email, '/services/gs1-barcode');
  await expect(page.getByTestId('flow-stepper')).toBeVisible();
  await page.getByTestId('service-register').click();

  await expect(page.getByTestId('request-contact-name')).toHaveValue('Trần Thị Mã Vạch');
  await page.getByTestId('request-phone').fill('0912345678');
  await page.getByTestId('request-note').fill('Cần mã cho 5 sản phẩm');
  await page.getByTestId('request-files').setInputFiles({
    name: 'giay-phep-kinh-doanh.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(page.getByText('giay-phep-kinh-doanh.pdf')).toBeVisible();
  // The service's own fields (GS1: products to code, English name, member type): a missing one is named.
  await page.getByLabel('Tên doanh nghiệp bằng tiếng Anh').fill('Ma Vach Tran Company');
  await page.getByLabel('Loại hình thành viên').click();
  await page.locator('.ant-select-item-option', { hasText: 'Hợp tác xã' }).click();
  await page.getByTestId('request-submit').click();
  await expect(page.getByText('Vui lòng nhập "Số sản phẩm cần cấp mã".')).toBeVisible();
  await page.getByLabel('Số sản phẩm cần cấp mã').fill('5');
  await expect(page.getByText('Vui lòng nhập "Số sản phẩm cần cấp mã".')).toHaveCount(0);
  await page.getByTestId('request-submit').click();

  await expect(page.getByTestId('request-registered')).toBeVisible();
  await expect(page.getByTestId('service-answer-product_count')).toHaveText('5');
  await expect(page.getByTestId('service-answer-member_type')).toHaveText('Hợp tác xã');
  await expect(page.getByTestId('request-status')).toHaveText('Chờ xử lý');
  // The file is private to the request (ADR 033): opened with the session's token and saved under
  // its name; its URL alone (no token, as a bare link or a shared address would send) is refused.
  const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
  const licence = page.getByTestId('request-page').getByRole('button', { name: 'giay-phep-kinh-doanh.pdf' });
  await expect(licence).toBeVisible();
  const [download, fetched] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => /\/api\/v1\/uploads\/\d+\/content$/.test(r.url())),
    licence.click(),
  ]);
  expect(fetched.headers()['cache-control']).toBe('private, no-store');
  expect(download.suggestedFilename()).toBe('giay-phep-kinh-doanh.pdf');
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe(PDF);
  const bare = await page.evaluate(
    async (url) => (await fetch(url, { headers: { Platform: 'agrihub' } })).status,
    fetched.url(),
  );
  expect(bare).toBe(401);

  // Still filling in: documents can be added.
  await page.getByTestId('add-documents-files').setInputFiles({
    name: 'danh-sach-san-pham.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.getByTestId('add-documents-save').click();
  await expect(page.getByTestId('request-page').getByRole('button', { name: 'danh-sach-san-pham.pdf' })).toBeVisible();

  // Still filling in: an answer can be changed; an emptied required one is refused and the typing kept.
  await page.getByTestId('request-answers-edit').click();
  await page.getByLabel('Tên doanh nghiệp bằng tiếng Anh').fill('');
  await page.getByLabel('Số sản phẩm cần cấp mã').fill('8');
  await page.getByTestId('request-answers-save').click();
  await expect(page.getByText('Vui lòng nhập "Tên doanh nghiệp bằng tiếng Anh".')).toBeVisible();
  await expect(page.getByLabel('Số sản phẩm cần cấp mã')).toHaveValue('8');
  await page.getByLabel('Tên doanh nghiệp bằng tiếng Anh').fill('Ma Vach Tran Co., Ltd');
  await page.getByTestId('request-answers-save').click();
  await expect(page.getByTestId('service-answer-product_count')).toHaveText('8');
  await expect(page.getByTestId('service-answer-company_name_en')).toHaveText('Ma Vach Tran Co., Ltd');

  await page.getByTestId('reply-body').fill('Tôi gửi thêm danh sách sản phẩm');
  await page.getByTestId('reply-submit').click();
  await expect(page.getByTestId('request-notes')).toContainText('Tôi gửi thêm danh sách sản phẩm');

  await page.getByTestId('request-move-advice').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByTestId('request-step')).toContainText('Tư vấn');

  // Cancelling asks for a reason first.
  await page.getByTestId('request-cancel').click();
  await page.getByTestId('request-cancel-confirm').click();
  await expect(page.getByText('Vui lòng nhập lý do')).toBeVisible();
  await page.getByTestId('request-cancel-reason').fill('Đổi kế hoạch kinh doanh');
  await page.getByTestId('request-cancel-confirm').click();
  await expect(page.getByTestId('request-status')).toHaveText('Đã hủy');
  await expect(page.getByTestId('request-page')).toContainText('Đổi kế hoạch kinh doanh');
});

test('the public services pages fit a 360 px phone', async ({ browser }) => {
  const context = await browser.newContext({ ...VIETNAM_DEVICE, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  for (const path of ['/services', '/services/gs1-barcode', '/services/client']) {
    await page.goto(urlFor('agrihub', path));
    await expect(page.locator('.services-page')).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, path).toBeLessThanOrEqual(inner);
  }
  await page.goto(urlFor('agrihub', '/services/gs1-barcode'));
  await expect(page.getByTestId('flow-stepper')).toBeVisible();
  await expect(page.getByTestId('pricing-table')).toContainText('2.500.000');
  await context.close();
});
