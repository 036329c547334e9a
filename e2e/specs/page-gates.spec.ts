import type { Page, Request } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { paths } from '../../apps/web/src/config/paths';
import { demo, expect, signIn, test, urlFor } from '../support/fixtures';

/**
 * Issue 13, gates on the server and before the page renders (contract GATES, spec §6): a DTrack
 * producer without the products entitlement, a producer of a platform without tracking and a
 * producer in the back office see the no-permission screen alone — no title, filter or button of
 * the page behind it, and no call of the page's API — and a page whose API refuses a gate turns
 * into the same screen.
 */

/** The screen's title, then why: the page's rule, the multi-channel selling service, or the platform. */
const TITLE = 'Bạn không có quyền truy cập';
const WHY = {
  rule: 'Tài khoản của bạn chưa được cấp quyền xem trang này.',
  entitlement: 'Sản phẩm và truy xuất nguồn gốc dành cho tài khoản đã đăng ký dịch vụ Bán hàng đa kênh.',
  agrihub: 'Tính năng này không có trên AgriHub.',
};

/** The API calls of the pages behind the gates (none may leave while a refused page is shown). */
function gatedCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const { pathname } = new URL(r.url());
    if (/^\/api\/v1\/(admin\/|products|traceabilities)/.test(pathname)) calls.push(`${r.method()} ${pathname}`);
  });
  return calls;
}

/**
 * Opens `path` by URL and finds the no-permission screen alone in the page's place, saying `why`;
 * its one possible control is the way to register multi-channel selling (a closed entitlement).
 */
async function expectOnlyNoPermission(page: Page, platform: PlatformKey, path: string, why: keyof typeof WHY) {
  await page.goto(urlFor(platform, path));
  const content = page.getByTestId('page-content');
  const screen = content.getByTestId('no-permission');
  await expect(screen, path).toBeVisible({ timeout: 30_000 });
  await expect(screen, path).toContainText(TITLE);
  await expect(screen, path).toContainText(WHY[why]);
  // Nothing of the page beside it: the screen is the content's one child, and all its text.
  await expect(content.locator(':scope > *'), path).toHaveCount(1);
  expect(await content.innerText(), path).toBe(await screen.innerText());
  await expect(
    content.locator('input, textarea, button, table, form, h1, h2, h3, h4, [role="combobox"]'),
    path,
  ).toHaveCount(why === 'entitlement' ? 1 : 0);
  await expect(content.getByTestId('no-permission-register'), path).toHaveCount(why === 'entitlement' ? 1 : 0);
}

/** Every back-office page of the web app (and its root, /admin), with its `:id` filled. */
const ADMIN_PAGES = Object.values(paths)
  .filter((p) => p === '/admin' || p.startsWith('/admin/'))
  .map((p) => p.replace(/:[A-Za-z]+/g, '1'));

test('a DTrack producer without multi-channel selling opens the product and batch pages by URL: no permission, no API call', async ({
  page,
}) => {
  test.slow(); // six full page loads
  const calls = gatedCalls(page);
  await signIn(page, 'dtrack', demo('newuser', 'dtrack'));
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Dịch vụ', { exact: true })).toBeVisible();
  await expect(menu.getByText('Sản phẩm', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Truy xuất', { exact: true })).toHaveCount(0);
  for (const path of [
    '/products',
    '/add-product',
    '/products/1',
    '/product-batches',
    '/add-batch',
    '/product-batches/1',
  ]) {
    await expectOnlyNoPermission(page, 'dtrack', path, 'entitlement');
  }
  expect(calls).toEqual([]);
  // The screen's button leads to the service that opens these pages.
  await page.getByTestId('no-permission-register').click();
  await expect(page).toHaveURL(/\/services\/multichannel_selling$/);
  await expect(page.getByTestId('service-page')).toContainText('Bán hàng đa kênh');
});

test('a producer opening the back office sees the no-permission screen alone on every admin page', async ({ page }) => {
  test.setTimeout(ADMIN_PAGES.length * 8_000 + 60_000); // one full page load per admin page
  expect(ADMIN_PAGES.length).toBeGreaterThan(25);
  const calls = gatedCalls(page);
  // AgriHub has no per-page abilities: the back office's own rule is what keeps a producer out.
  await signIn(page, 'agrihub', demo('producer', 'agrihub'));
  for (const path of ADMIN_PAGES) await expectOnlyNoPermission(page, 'agrihub', path, 'rule');
  expect(calls).toEqual([]);
  // And on DTrack, as the issue found it.
  await signIn(page, 'dtrack', demo('producer', 'dtrack'));
  await expectOnlyNoPermission(page, 'dtrack', '/admin/producers', 'rule');
  expect(calls).toEqual([]);
});

test('AgriHub has no tracking: its producer’s batch pages and its administrator’s DTrack-only pages are refused', async ({
  page,
}) => {
  test.slow();
  const calls = gatedCalls(page);
  await signIn(page, 'agrihub', demo('producer', 'agrihub'));
  for (const path of ['/product-batches', '/add-batch', '/product-batches/1']) {
    await expectOnlyNoPermission(page, 'agrihub', path, 'agrihub');
  }
  expect(calls).toEqual([]);
  // The administrator's dashboard reads its own API; the DTrack-only pages read none of theirs.
  await signIn(page, 'agrihub', demo('admin', 'agrihub'));
  for (const path of ['/admin/oems', '/admin/add-oem', '/admin/purchase-orders', '/admin/add-purchase-order']) {
    await expectOnlyNoPermission(page, 'agrihub', path, 'agrihub');
  }
  expect(calls.filter((c) => /producer_oems|purchase_orders/.test(c))).toEqual([]);
});

test('a page whose API refuses a gate (403 entitlement_required) turns into the no-permission screen', async ({
  page,
}) => {
  // The account as the browser last read it says multi-channel selling; the server knows better.
  await page.route('**/api/v1/users/whoami', async (route) => {
    // Node resolves no *.localhost name: the API takes its platform from the Platform header.
    const response = await route.fetch({ url: route.request().url().replace('dtrack.localhost', '127.0.0.1') });
    const body = (await response.json()) as { data: { user: { registed_services: string[] } } };
    body.data.user.registed_services.push('multichannel_selling');
    await route.fulfill({ response, json: body });
  });
  const refused = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/products' && r.request().method() === 'GET',
  );
  await signIn(page, 'dtrack', demo('newuser', 'dtrack'), '/products');
  const answer = await refused;
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { meta: { code: string } }).meta.code).toBe('entitlement_required');
  const content = page.getByTestId('page-content');
  await expect(content.getByTestId('no-permission')).toBeVisible();
  await expect(content.getByTestId('no-permission')).toContainText(TITLE);
  await expect(content.getByTestId('no-permission')).toContainText(WHY.entitlement);
  await expect(content.locator(':scope > *')).toHaveCount(1);
  // Leaving the page forgets the refusal: the dashboard shows as usual.
  await page.getByTestId('side-menu').getByText('Tổng quan', { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(content.getByTestId('no-permission')).toHaveCount(0);
  // The dashboard reads whoami again: a handler still fetching it when the test ends would fail on
  // the closing context (its fetched answer disposed), so it is let go.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
