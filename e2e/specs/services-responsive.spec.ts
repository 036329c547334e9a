import fs from 'node:fs';
import path from 'node:path';
import { request, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect as baseExpect, port, signIn, test, urlFor } from '../support/fixtures';

// Issue 9: the producer's services pages on a 360 × 740 phone. Signed in on a desktop first (the
// saved session is the shared one), then the window narrows: every page fits the screen without a
// horizontal scroll, its content is on screen, the menu is a drawer opened by ☰, and the bell's
// popover, the settings menu and the cancel dialog fit. An administrator gets the drawer on a
// services page too; the back-office pages keep their fixed desktop width (DESIGN §6).

const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 360, height: 740 };
const PRODUCER = demo('producer', 'agrihub');
/** Set E2E_SHOTS=<folder> to keep a screenshot of each page at 360 px (to look at). */
const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page scrolls only vertically: nothing is wider than the window. */
async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth), {
      message: 'page wider than the window',
    })
    .toBeLessThanOrEqual(0);
}

/** The element lies within the window's width (its left and right edges are on screen). */
async function expectWithinWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box ? box.x >= 0 && box.x + box.width <= PHONE.width + 0.5 : false;
    })
    .toBe(true);
}

/** The producer's demo requests, through the API (id, service slug, whether it can still be cancelled). */
async function producerRequests() {
  const api = await request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: 'agrihub', locale: 'vi' },
  });
  const token = await api.post('/oauth/token', {
    form: { grant_type: 'password', username: PRODUCER, password: DEMO_PASSWORD },
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await api.get('/api/v1/user_register_services', { headers: { Authorization: `Bearer ${access_token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    data: { urss: { id: number; service: { slug: string }; allowed_moves: { to: string }[] }[] };
  };
  await api.dispose();
  return body.data.urss;
}

// A cold server on a loaded machine: load the app once (its files and first queries) before the
// stories, so the shared sign-in helper's waits measure the pages, not the first start.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  for (const platform of ['agrihub', 'foodmap'] as const) {
    await page.goto(urlFor(platform, '/login'));
    await expect(page.getByTestId('login-email')).toBeVisible({ timeout: 60_000 });
  }
  await page.close();
});

test('AgriHub producer: every services page fits a 360 px phone, with the drawer menu, bell, settings and cancel dialog', async ({
  page,
}) => {
  test.slow();
  const requests = await producerRequests();
  const gs1 = requests.find((r) => r.service.slug === 'gs1-barcode');
  expect(gs1, 'the producer has a demo GS1 request').toBeTruthy();
  const cancellable = requests.find((r) => r.allowed_moves.some((m) => m.to === 'cancelled'));
  expect(cancellable, 'the producer has a demo request that can be cancelled').toBeTruthy();

  await signIn(page, 'agrihub', PRODUCER, '/services');
  await page.setViewportSize(PHONE);

  // /services: the catalogue and the producer's requests, each item title, date, status and progress together.
  await expect(page.getByTestId('service-grid')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  const item = page.getByTestId(`my-request-${gs1!.id}`);
  await expectWithinWidth(item);
  await expectWithinWidth(item.getByRole('link', { name: 'Mã số mã vạch GS1' }));
  await expectWithinWidth(item.getByTestId('request-status'));
  // Status and progress sit right under the title and date, not a page's width away.
  const itemBox = (await item.boundingBox())!;
  expect(itemBox.height, 'a request item is a few lines high').toBeLessThan(200);
  await expectNoHorizontalScroll(page);
  await item.scrollIntoViewIfNeeded();
  await shot(page, '01-services');

  // ☰ opens the drawer with the side menu; a menu entry closes it.
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByTestId('side-menu')).toBeVisible();
  await expectWithinWidth(drawer.getByTestId('side-menu'));
  await shot(page, '02-drawer');
  await drawer.getByTestId('menu-services').click();
  await expect(drawer.getByTestId('side-menu')).toBeHidden();

  // The bell's popover fits the screen.
  await page.getByTestId('notification-bell').click();
  await expectWithinWidth(page.getByTestId('notification-popover'));
  await shot(page, '03-bell');
  // Escape closes it, and the bell toggles it open and shut.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notification-popover')).toBeHidden();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-popover')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-popover')).toBeHidden();

  // The settings menu offers logout (not pressed: the saved session is shared).
  await page.getByTestId('settings-menu').click();
  await expectWithinWidth(page.getByTestId('logout'));
  await shot(page, '04-settings');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('logout')).toBeHidden();

  // A service's page: its flow and the way to the producer's request.
  await page.goto(urlFor('agrihub', '/services/gs1-barcode'));
  await expect(page.getByTestId('service-page')).toBeVisible();
  await expectWithinWidth(page.getByTestId('flow-stepper'));
  await expectWithinWidth(page.getByTestId('service-open-request'));
  await expectNoHorizontalScroll(page);
  await shot(page, '05-service');

  // The request form of a service not requested yet.
  await page.goto(urlFor('agrihub', '/services/digital-signature/register'));
  await expect(page.getByTestId('register-service-page')).toBeVisible();
  await expectWithinWidth(page.getByTestId('request-phone'));
  await expectWithinWidth(page.getByTestId('request-submit'));
  await expectNoHorizontalScroll(page);
  await shot(page, '06-register');

  // The producer's GS1 request: status, step, notes.
  await page.goto(urlFor('agrihub', `/services/requests/${gs1!.id}`));
  await expect(page.getByTestId('request-page')).toBeVisible();
  await expectWithinWidth(page.getByTestId('request-page').getByTestId('request-status'));
  await expectWithinWidth(page.getByTestId('request-step'));
  await expectNoHorizontalScroll(page);
  await shot(page, '07-request');

  // The cancel dialog fits (kept, not confirmed: the demo data stays as seeded).
  await page.goto(urlFor('agrihub', `/services/requests/${cancellable!.id}`));
  await expect(page.getByTestId('request-page')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByTestId('request-cancel').click();
  await expectWithinWidth(page.getByTestId('request-cancel-reason'));
  await expectWithinWidth(page.getByTestId('request-cancel-confirm'));
  await expectWithinWidth(page.getByRole('dialog'));
  await shot(page, '08-cancel');
  await page.getByRole('button', { name: 'Không hủy' }).click();
  await expect(page.getByTestId('request-cancel-reason')).toBeHidden();

  // Services for clients.
  await page.goto(urlFor('agrihub', '/services/client'));
  await expect(page.getByTestId('services-client-page')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, '09-client');

  // Notifications.
  await page.goto(urlFor('agrihub', '/notifications'));
  await expect(page.getByTestId('notifications-list')).toBeVisible();
  await expectWithinWidth(page.getByTestId('notification-item').first());
  await expectNoHorizontalScroll(page);
  await shot(page, '10-notifications');
});

test('Foodmap: a visitor registers a department on a 360 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(urlFor('foodmap', '/register-department'));
  await expect(page.getByTestId('register-department')).toBeVisible();
  await expectWithinWidth(page.getByTestId('dept-business-name'));
  await expectWithinWidth(page.getByTestId('dept-submit'));
  await expectNoHorizontalScroll(page);
  await shot(page, '11-register-department');
});

test('an administrator gets the drawer on a services page at 360 px; the back office keeps its desktop width', async ({
  page,
}) => {
  await signIn(page, 'agrihub', demo('admin', 'agrihub'), '/services');
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('service-grid')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expectNoHorizontalScroll(page);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('menu-drawer').getByTestId('side-menu')).toBeVisible();
  await shot(page, '12-admin-drawer');

  // The back office is a desktop page: its frame keeps 1200 px (scrolls sideways on a phone), side menu in place.
  await page.goto(urlFor('agrihub', '/admin/services-approval'));
  await expect(page.locator('.app-frame')).toBeVisible();
  await expect(page.locator('.app-frame-fluid')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('menu-drawer')).toHaveCount(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeGreaterThanOrEqual(1200);
  await shot(page, '13-admin-approval');
});
