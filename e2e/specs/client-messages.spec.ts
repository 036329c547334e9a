import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { readOutbox } from '../../apps/server/test/outbox';
import { DEMO_PASSWORD, demo, expect as baseExpect, test, urlFor } from '../support/fixtures';

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

// DESIGN §5.4, leads: a visitor on AgriHub asks for advice on /services/client (the consent is
// required: refused with a clear message, the typing kept), then the demo support account finds
// the lead in the back office, moves it pending → no_contact_yet → made_call with the offered
// buttons, adds a note and sees the history; the list labels the status in Vietnamese. The
// platform's admin was told: the mail is in the outbox, and support's bell opens the lead.

const stamp = Date.now().toString(36);
const name = `Trần Văn Khách ${stamp}`;
const MESSAGE = 'Tôi cần tư vấn về đăng ký mã số vùng trồng cho 5 ha cà phê.';
const NOTE = `Đã gọi, khách hẹn gửi hồ sơ tuần sau (${stamp}).`;

test('a visitor asks for advice; support handles the lead to "made call" with a note; the admin is told', async ({ page }) => {
  // Many page loads on a shared, loaded machine.
  test.setTimeout(300_000);
  await page.goto(urlFor('agrihub', '/services/client'));
  const form = page.getByTestId('services-advice-form');
  // The first page of a fresh server on a loaded machine may take long (cold chunks and locales).
  await expect(form).toBeVisible({ timeout: 90_000 });
  await form.getByTestId('contact-name').fill(name);
  await form.getByTestId('contact-phone').fill('0912345678');
  await form.getByTestId('contact-email').fill(`khach-${stamp}@example.vn`);
  await form.getByTestId('contact-company').fill('HTX Cà phê Cầu Đất');
  await form.getByTestId('contact-message').fill(MESSAGE);

  // Without the consent: a clear message under the box, nothing sent, what was typed stays.
  await form.getByTestId('contact-submit').click();
  await expect(form.getByText('Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.')).toBeVisible();
  await expect(form.getByTestId('contact-sent')).toHaveCount(0);
  await expect(form.getByTestId('contact-name')).toHaveValue(name);
  await expect(form.getByTestId('contact-message')).toHaveValue(MESSAGE);

  // With it: sent, with the thanks.
  await form.getByTestId('contact-consent').check();
  await expect(form.getByText('Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.')).toHaveCount(0);
  await form.getByTestId('contact-submit').click();
  const sent = form.getByTestId('contact-sent');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Đã gửi yêu cầu');
  await expect(sent).toContainText('Cảm ơn bạn đã liên hệ! Chúng tôi sẽ gọi lại cho bạn trong thời gian sớm nhất.');

  // The platform's admin got the mail (the notification is delivered after the answer: poll).
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  await expect
    .poll(() => readOutbox(outbox).filter((m) => m.to.includes(demo('admin', 'agrihub')) && m.text.includes(name)).length)
    .toBe(1);
  const mail = readOutbox(outbox).find((m) => m.to.includes(demo('admin', 'agrihub')) && m.text.includes(name))!;
  expect(mail.subject).toContain('Liên hệ mới từ khách hàng');
  expect(mail.text).toContain(MESSAGE);

  // Support (told too) follows the bell's notification to the lead.
  await openAs(page, 'agrihub', demo('support', 'agrihub'), '/dashboard');
  const bell = page.getByTestId('notification-bell');
  await expect(bell.locator('.ant-badge-count')).toBeVisible();
  await bell.click();
  const item = page.getByTestId('notification-popover').getByTestId('notification-item').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Liên hệ mới từ khách hàng');
  await item.click();
  await expect(page).toHaveURL(/\/admin\/client-messages\?open=\d+$/);
  const drawer = page.getByTestId('message-drawer');
  await expect(drawer.getByTestId('message-detail')).toHaveAttribute('data-status', 'pending');
  await expect(drawer.getByTestId('message-detail')).toContainText(name);
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('message-detail')).toHaveCount(0);

  // Found in the list by the name (accent-free search), new.
  const search = page.getByTestId('message-search').locator('xpath=descendant-or-self::input');
  await search.fill(`tran van khach ${stamp}`);
  await search.press('Enter');
  const row = page.getByTestId('message-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('message-row')).toHaveCount(1);
  await expect(row.getByTestId('message-status')).toHaveText('Mới');
  await row.click();

  const detail = page.getByTestId('message-detail');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  await expect(detail).toContainText(MESSAGE);
  await expect(detail).toContainText('HTX Cà phê Cầu Đất');
  // Only the moves the machine offers from "new": not reached, or done.
  const moves = detail.getByTestId('message-moves');
  await expect(moves.getByRole('button')).toHaveCount(2);
  await expect(moves.getByTestId('move-made_call')).toHaveCount(0);
  await moves.getByTestId('move-no_contact_yet').click();
  await expect(detail).toHaveAttribute('data-status', 'no_contact_yet');
  await expect(detail.getByTestId('detail-status')).toHaveText('Chưa liên hệ được');

  await moves.getByTestId('move-made_call').click();
  await expect(detail).toHaveAttribute('data-status', 'made_call');
  await expect(detail.getByTestId('detail-status')).toHaveText('Đã gọi điện');
  // Going back is offered, asking for a reason; forward is the appointment.
  await expect(moves.getByTestId('move-made_appointment')).toBeVisible();
  await expect(moves.getByTestId('move-no_contact_yet')).toBeVisible();

  // An empty note is refused on its field; a real one is listed.
  await detail.getByTestId('message-note-submit').click();
  await expect(detail.locator('.ant-form-item-explain-error')).toBeVisible();
  await detail.getByTestId('message-note').fill(NOTE);
  await detail.getByTestId('message-note-submit').click();
  await expect(detail.getByTestId('message-notes')).toContainText(NOTE);
  await expect(detail.getByTestId('message-notes')).toContainText('Nhân viên hỗ trợ');
  await expect(detail.getByTestId('message-note')).toHaveValue('');

  // The history: both moves and the note, by support.
  const history = detail.getByTestId('message-history');
  await expect(history.locator('[data-testid="history-action"][data-action="advance"]')).toHaveCount(2);
  await expect(history.locator('[data-testid="history-action"][data-action="note"]')).toContainText(NOTE);
  await expect(history).toContainText('Nhân viên hỗ trợ');

  // Back in the list, the lead reads "Đã gọi điện", assigned to no one yet.
  await page.getByTestId('message-drawer').locator('.ant-drawer-close').click();
  await expect(row.getByTestId('message-status')).toHaveText('Đã gọi điện');
  await page.reload();
  await expect(page.getByTestId('message-row').filter({ hasText: name }).getByTestId('message-status')).toHaveText(
    'Đã gọi điện',
  );
});
