import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { VIETNAM_DEVICE } from './device';

/** The device of the config's own contexts, for the contexts a spec opens itself (support/device.ts). */
export { VIETNAM_DEVICE };

export const DEMO_PASSWORD = 'Demo@123';
export const port = Number(process.env.E2E_PORT ?? 3300);
export const urlFor = (platform: PlatformKey, p = '/') => `http://${platform}.localhost:${port}${p}`;
export const demo = (local: string, platform: PlatformKey) => `${local}@${platform}.demo`;

/** Fills and sends the login form, as a person would (the answer may be an error); `remember` sets "remember me". */
export async function submitLogin(
  page: Page,
  platform: PlatformKey,
  email: string,
  password = DEMO_PASSWORD,
  remember?: boolean,
) {
  await page.goto(urlFor(platform, '/login'));
  if (remember !== undefined) await page.getByTestId('remember-me').setChecked(remember);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in and waits until the frame is there ("remember me" as the form has it unless `remember` says). */
export async function login(
  page: Page,
  platform: PlatformKey,
  email: string,
  password = DEMO_PASSWORD,
  remember?: boolean,
) {
  await submitLogin(page, platform, email, password, remember);
  await expect(page).not.toHaveURL(/\/login/);
  // The signed-in frame loads its chunks and the account first: slow on a loaded machine.
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 30_000 });
}

/** This run's saved sign-ins (the data folder, and so every session in it, is new each run). */
const stateFile = (platform: PlatformKey, email: string) =>
  path.join(process.env.E2E_DATA_DIR!, 'storage-state', `${platform}-${email}.json`);

/**
 * The storage state of `email` signed in on `platform`: signed in through the form once per run
 * ("remember me" on, so the token is in localStorage), then reused by every spec that merely needs
 * to be signed in. Such a shared session must never be logged out (that revokes it for the others):
 * switch accounts with another signIn instead.
 */
export async function signedInState(browser: Browser, platform: PlatformKey, email: string, password = DEMO_PASSWORD) {
  const file = stateFile(platform, email);
  if (fs.existsSync(file)) return file;
  const context = await browser.newContext(VIETNAM_DEVICE);
  const page = await context.newPage();
  await login(page, platform, email, password, true);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** Opens `p` signed in as `email` (a session made once per run, see signedInState); replaces any earlier sign-in. */
export async function signIn(page: Page, platform: PlatformKey, email: string, p = '/dashboard', password?: string) {
  const context = page.context();
  await context.setStorageState(await signedInState(context.browser()!, platform, email, password));
  await page.goto(urlFor(platform, p));
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 30_000 });
}

/**
 * The address a new account signs up from (X-Forwarded-For; the e2e server trusts it, see
 * start-server.ts): each account its own, as real sign-ups arrive, so the run's thirty-odd sign-ups
 * do not share one address's hourly limit. The limit per address is tested in registrations.test.ts.
 */
export function signUpAddress(email: string): { 'X-Forwarded-For': string } {
  let h = 0;
  for (const c of email) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { 'X-Forwarded-For': `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${(h & 255) | 1}` };
}

let accountSeq = 0;
/**
 * A new producer account of its own, signed up through the public registration API (its producer
 * pending approval), for specs that change an account (password, language, approval): the shared
 * demo accounts stay as seeded.
 */
export async function registerAccount(
  request: APIRequestContext,
  platform: PlatformKey,
  opts: { name?: string; producer?: string; password?: string } = {},
) {
  const email = `e2e-${Date.now().toString(36)}-${++accountSeq}@example.vn`;
  const password = opts.password ?? DEMO_PASSWORD;
  const producer = opts.producer ?? `Hộ kinh doanh thử nghiệm ${accountSeq}`;
  // Node resolves no *.localhost name: the API takes its platform from the Platform header.
  const res = await request.post(`http://localhost:${port}/api/v1/registrations`, {
    headers: { platform, locale: 'vi', ...signUpAddress(email) },
    data: {
      email,
      password,
      name: opts.name ?? 'Người dùng thử nghiệm',
      producer: { name: producer, producer_type: 'household', business_fields: ['cultivate'] },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password, producer };
}

/**
 * Answers an antd Popconfirm opened by the last click: once its opening animation has ended (a click
 * while it still grows can be lost), presses `ok` and waits for the request it sends.
 */
export async function confirmPopover(
  page: Page,
  ok: string,
  request: (r: { url(): string; method(): string }) => boolean,
) {
  const popover = page.locator('.ant-popconfirm:visible');
  await expect(popover).toBeVisible();
  await popover.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const sent = page.waitForRequest((r) => request(r));
  await popover.getByRole('button', { name: ok }).click();
  await sent;
}

/** Logs out through the top bar, confirming the dialog. */
export async function logout(page: Page) {
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login/);
  // The app hands over to the light sign-in page (a page load, ADR 024): logged out once it shows.
  await expect(page.getByTestId('login-card')).toBeVisible();
}

/**
 * A mail as text: quoted-printable soft breaks and escapes decoded as UTF-8 (Vietnamese reads as
 * written), in every part of a multipart mail (text and HTML).
 */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** The newest mail in the server's outbox (no SMTP in tests), as text. */
export function latestMail(): string {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  if (!files.length) throw new Error('no mail in the outbox');
  return decodeQuotedPrintable(fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8'));
}

/** The console errors and uncaught errors of `page` from now on (the list fills as they come). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // Expected failed requests (401 wrong password, 403 no permission, 4xx probes) are not page bugs.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    errors.push(text);
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/** Any console error or uncaught page error fails the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = pageErrors(page);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
