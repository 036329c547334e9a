import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readOutbox } from '../../apps/server/test/outbox';
import { demo, expect as baseExpect, registerAccount, signIn, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

// Issue 9, the whole story of a paid service on AgriHub, both sides in the browser: a new producer
// registers for GS1 barcode registration (the full flow) with a file and submits it for advice;
// the demo support account advises with a visible note and moves it to contract; the admin moves
// it on step by step with an internal and a visible note, the producer sends the dossier when it is
// its move, and the admin approves it and finishes it. At every step the producer's page (a second
// browser context) shows the step reached, the visible notes and never the internal one; in the
// end the outbox holds a mail for each step change and each visible note, none with the internal note.

const expect = baseExpect.configure({ timeout: 20_000 });
const PLATFORM = 'agrihub';
const stamp = Date.now().toString(36);
const SUPPORT_NOTE = `Chúng tôi đã tư vấn qua điện thoại, mời anh chị xem hợp đồng ${stamp}`;
const INTERNAL = `Khách quen, đã xác minh chuyển khoản qua ngân hàng ${stamp} (nội bộ)`;
const ADMIN_NOTE = `Hồ sơ đầy đủ, chúng tôi sẽ gửi lên GS1 Việt Nam ${stamp}`;
const PDF = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});

/** The step labels of the web (enums.serviceStep, vi) and of the mails (state_*, vi). */
const STEP_LABEL = {
  advice: 'Tư vấn',
  contract: 'Ký hợp đồng',
  paid: 'Đã thanh toán',
  profile_completed: 'Hoàn thiện hồ sơ',
  submitted_profile: 'Đã nộp hồ sơ',
  approved_profile: 'Hồ sơ được duyệt',
  done: 'Hoàn thành',
} as const;
type Step = keyof typeof STEP_LABEL;
const MAIL_STEP: Record<Step, string> = { ...STEP_LABEL, contract: 'Hợp đồng' };
/** The stepper's UI group (enums.serviceUiGroup) of each step. */
const GROUP: Record<Exclude<Step, 'done'>, string> = {
  advice: 'Tư vấn',
  contract: 'Hợp đồng / Thanh toán',
  paid: 'Hợp đồng / Thanh toán',
  profile_completed: 'Chuẩn bị hồ sơ',
  submitted_profile: 'Chuẩn bị hồ sơ',
  approved_profile: 'Phê duyệt',
};

/** The producer's page, reloaded: the step reached, in the text and on the stepper, the visible notes, no internal note. */
async function producerSees(page: Page, step: Step, notes: string[]) {
  await page.reload();
  const request = page.getByTestId('request-page');
  await expect(request.getByTestId('request-step')).toHaveText(`Bước hiện tại: ${STEP_LABEL[step]}`);
  const stepper = request.getByTestId('flow-stepper');
  if (step === 'done') {
    await expect(stepper.locator('.ant-steps-item-finish')).toHaveCount(6);
  } else {
    await expect(stepper.locator('.ant-steps-item-process')).toContainText(GROUP[step]);
  }
  for (const note of notes) await expect(request.getByTestId('request-notes')).toContainText(note);
  await expect(request).not.toContainText(INTERNAL);
}

/** A staff forward move from the admin request page: the button the table offers, confirmed. */
async function staffForward(detail: Locator, page: Page, to: Step) {
  const button = detail.locator(`[data-testid="move-request"][data-to="${to}"]`);
  await expect(button).toBeVisible();
  await button.click();
  await page.getByTestId('confirm-move').click();
  await expect(detail).toHaveAttribute('data-step', to);
}

/** A note from the admin request page, internal or for the producer. */
async function staffNote(detail: Locator, body: string, internal: boolean) {
  await detail.getByTestId('note-body').fill(body);
  if (internal) await detail.getByTestId('note-internal-switch').click();
  await expect(detail.getByTestId('note-internal-switch')).toHaveAttribute('aria-checked', String(internal));
  await detail.getByTestId('note-submit').click();
  await expect(detail.getByTestId('request-note').filter({ hasText: body })).toHaveAttribute(
    'data-internal',
    String(internal),
  );
  await expect(detail.getByTestId('note-body')).toHaveValue('');
}

test('a producer follows GS1 barcode registration to done while support and the admin move it through every step', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { email } = await registerAccount(request, PLATFORM, { name: 'Đặng Văn Trọn Vẹn' });

  // The producer, in a context of its own: registers with a file and submits for advice.
  const producerContext = await browser.newContext(VIETNAM_DEVICE);
  const producerPage = await producerContext.newPage();
  const producerErrors: string[] = [];
  producerPage.on('pageerror', (err) => producerErrors.push(String(err)));
  await signIn(producerPage, PLATFORM, email, '/services/gs1-barcode');
  await producerPage.getByTestId('service-register').click();
  await producerPage.getByTestId('request-phone').fill('0912345678');
  await producerPage.getByTestId('request-note').fill('Cần mã vạch cho 3 sản phẩm chè');
  await producerPage.getByTestId('request-files').setInputFiles(PDF('dang-ky-kinh-doanh.pdf'));
  await expect(producerPage.getByText('dang-ky-kinh-doanh.pdf')).toBeVisible();
  await producerPage.getByLabel('Số sản phẩm cần cấp mã').fill('3');
  await producerPage.getByLabel('Tên doanh nghiệp bằng tiếng Anh').fill('Tea Farm Cooperative');
  await producerPage.getByLabel('Loại hình thành viên').click();
  await producerPage.locator('.ant-select-item-option', { hasText: 'Hợp tác xã' }).click();
  await producerPage.getByTestId('request-submit').click();
  await expect(producerPage.getByTestId('request-registered')).toBeVisible();
  await expect(producerPage).toHaveURL(/\/services\/requests\/\d+$/);
  const id = Number(/\/services\/requests\/(\d+)$/.exec(producerPage.url())![1]);
  await producerPage.getByTestId('request-move-advice').click();
  await producerPage.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  // Moved before the page reloads (a reload would cut the request short).
  await expect(producerPage.getByTestId('request-step')).toHaveText(`Bước hiện tại: ${STEP_LABEL.advice}`);
  await producerSees(producerPage, 'advice', []);

  // Support advises on the request page: a note for the producer, then on to contract.
  await signIn(page, PLATFORM, demo('support', PLATFORM), `/admin/services-approval/${id}`);
  const detail = page.getByTestId('service-request-page');
  await expect(detail).toHaveAttribute('data-step', 'advice');
  await expect(detail.getByTestId('request-files')).toContainText('dang-ky-kinh-doanh.pdf');
  await staffNote(detail, SUPPORT_NOTE, false);
  await staffForward(detail, page, 'contract');
  await producerSees(producerPage, 'contract', [SUPPORT_NOTE]);

  // The admin: an internal note, then paid and the dossier to complete.
  await signIn(page, PLATFORM, demo('admin', PLATFORM), `/admin/services-approval/${id}`);
  await expect(detail).toHaveAttribute('data-step', 'contract');
  await staffNote(detail, INTERNAL, true);
  await staffForward(detail, page, 'paid');
  await producerSees(producerPage, 'paid', [SUPPORT_NOTE]);
  await staffForward(detail, page, 'profile_completed');
  await producerSees(producerPage, 'profile_completed', [SUPPORT_NOTE]);

  // Sending the dossier is the producer's move: staff are not offered it.
  await expect(detail.locator('[data-testid="move-request"][data-to="submitted_profile"]')).toHaveCount(0);
  await producerPage.getByTestId('request-move-submitted_profile').click();
  const dialog = producerPage.getByRole('dialog');
  await dialog.getByTestId('move-files').setInputFiles(PDF('ho-so-ma-vach.pdf'));
  await expect(dialog.getByText('ho-so-ma-vach.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(dialog).toBeHidden();
  await producerSees(producerPage, 'submitted_profile', [SUPPORT_NOTE]);

  // The admin sees the dossier, writes to the producer, approves and finishes.
  await page.reload();
  await expect(detail).toHaveAttribute('data-step', 'submitted_profile');
  await expect(detail.getByTestId('request-files')).toContainText('ho-so-ma-vach.pdf');
  await staffNote(detail, ADMIN_NOTE, false);
  await staffForward(detail, page, 'approved_profile');
  await producerSees(producerPage, 'approved_profile', [SUPPORT_NOTE, ADMIN_NOTE]);
  await staffForward(detail, page, 'done');
  await expect(detail.getByTestId('move-actions')).toHaveCount(0);

  // The producer: done and approved; the catalogue lists the request as finished.
  await producerSees(producerPage, 'done', [SUPPORT_NOTE, ADMIN_NOTE]);
  await expect(producerPage.getByTestId('request-status')).toHaveText('Hoàn thành');
  await expect(producerPage.getByTestId('reply-body')).toHaveCount(0);
  await producerPage.goto(urlFor(PLATFORM, '/services'));
  await expect(producerPage.getByTestId('my-requests')).toContainText('Hoàn thành');
  await expect(producerPage.locator('body')).not.toContainText(INTERNAL);

  // The outbox: a mail to the producer for each step change and each visible note, the internal note in none.
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const toProducer = () => readOutbox(outbox).filter((m) => m.to.includes(email) && m.text.includes(`(mã ${id})`));
  const expected = [
    ...(Object.keys(MAIL_STEP) as Step[]).map((s) => `(mã ${id}) đã chuyển sang bước "${MAIL_STEP[s]}"`),
    SUPPORT_NOTE,
    ADMIN_NOTE,
  ];
  await expect.poll(() => toProducer().length).toBe(expected.length);
  const texts = toProducer().map((m) => `${m.subject}\n${m.text}\n${m.html ?? ''}`);
  for (const line of expected)
    expect(
      texts.filter((t) => t.includes(line)),
      line,
    ).toHaveLength(1);
  for (const mail of readOutbox(outbox)) {
    expect(`${mail.subject}\n${mail.text}\n${mail.html ?? ''}`, mail.file).not.toContain(INTERNAL);
  }

  expect(producerErrors).toEqual([]);
  await producerContext.close();
});
