import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { menuPaths, visibleMenu, type MenuUser } from '@agrihub/contract/menu';
import { DIARY_PATH, contentPaths, isOtherEntryPath } from '../../apps/web/src/config/other-entries';
import { paths } from '../../apps/web/src/config/paths';
import { apiClient, tokenOf } from '../support/api';
import { axeFindings, extraFindings, formatFindings, settled, type Finding } from '../support/axe';
import { DEMO_PASSWORD, demo, expect, signIn, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every page of the app, logged out, as a producer and as an
 * administrator, on the platforms whose pages or colours differ: no serious or critical violation.
 * One test per role and platform visits its pages in sequence on one signed-in session; a failing
 * test lists every violation (page, rule, impact, elements), not only the first page's.
 *
 * The pages come from the web app's route table (apps/web/src/config/paths.ts) and the light
 * entries' routes (trace and content pages): the first test fails when a route is neither visited
 * below nor listed in EXCLUDED with its reason, and each administrator's test visits every entry of
 * the side menu the contract shows that account.
 */

/** The light entries' own pages (apps/web/src/trace/route.ts, apps/web/src/content/route.ts, the diary). */
const LIGHT_ROUTES = [
  'diary',
  'traceBatch',
  'traceProduct',
  'traceMissing',
  'news',
  'newsCategory',
  'newsPost',
  'faqs',
  'contentNotFound',
] as const;
/** Routes of app/router.tsx that are not in paths.ts. */
const EXTRA_ROUTES = ['adminClientMessage', 'notFoundInFrame'] as const;
type Route = keyof typeof paths | (typeof LIGHT_ROUTES)[number] | (typeof EXTRA_ROUTES)[number];

/** Routes no test below opens, each with why. */
const EXCLUDED: Partial<Record<Route, string>> = {
  home: 'only redirects (to /dashboard signed in, to /login otherwise); it draws nothing',
  admin: 'only redirects (to /dashboard for staff); it draws nothing',
  trace: "the light trace entry's catch-all: its pages are traceBatch, traceProduct and traceMissing",
  // The supply chain's record pages need a record of the demo producer, which has none of them: the
  // lists and forms are checked below; the records are opened by locations.spec.ts and shipments.spec.ts.
  location: 'a location of the producer: the demo tea cooperative has none (locations.spec.ts opens one)',
  editLocation: 'the form of addLocation (checked) filled with a location the demo producer does not have',
  shipment: 'the shipments list with one shipment open in its drawer: the demo producer has sent none',
  incomingShipment: 'the inbox with one shipment open in its drawer: the demo producer has received none',
};

interface Visit {
  route: Route;
  path: string;
  /** What shows once the page has its content (else: no loader, busy region, spinner or skeleton). */
  ready?: (page: Page) => Locator;
  /** Open by a full page load (as a link from outside would) even after a page of the app. */
  fullLoad?: true;
}

const ALL_ROUTES: Route[] = [...(Object.keys(paths) as (keyof typeof paths)[]), ...LIGHT_ROUTES, ...EXTRA_ROUTES];
/** Every route a test below visits (filled as the plans are written, checked by the first test). */
const planned = new Set<Route>();
function plan(visits: Visit[]): Visit[] {
  for (const v of visits) planned.add(v.route);
  return visits;
}

/**
 * Opens `visit`: the first page and the light entries' pages by a full load; the next page of the
 * app as the app's own links do (history push, the router renders it without reloading the app).
 * The page shown before is marked first: the new one is there once no marked element is left in
 * the frame's <main> (a page of another route is new elements, even with the same title).
 */
async function open(page: Page, platform: PlatformKey, visit: Visit, previous: Visit | undefined) {
  const url = urlFor(platform, visit.path);
  if (!previous || visit.fullLoad || isOtherEntryPath(previous.path) || isOtherEntryPath(visit.path)) {
    await page.goto(url);
    return;
  }
  const marked = await page.evaluate(() => {
    const shown = document.querySelectorAll('main > *');
    shown.forEach((el) => el.setAttribute('data-a11y-left', ''));
    return shown.length;
  });
  expect(marked, `${previous.path} shows nothing in a <main>`).toBeGreaterThan(0);
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, visit.path);
  await expect(page.locator('[data-a11y-left]'), `${visit.path}: the page before stays`).toHaveCount(0, {
    timeout: 30_000,
  });
  expect(page.url()).toBe(url);
}

/** Opens each page in turn and runs axe on it once shown; fails with every page's violations. */
async function checkPages(page: Page, platform: PlatformKey, role: string, visits: Visit[]) {
  const failing: Finding[] = [];
  let previous: Visit | undefined;
  for (const visit of visits) {
    await test.step(`${visit.route} ${visit.path}`, async () => {
      await open(page, platform, visit, previous);
      await settled(page, visit.ready?.(page));
      const label = `${platform} ${role} ${visit.path}`;
      const found = await axeFindings(page, label);
      failing.push(...(await extraFindings(page, label)));
      failing.push(...found.failing);
      previous = visit;
    });
  }
  expect(failing, `serious or critical axe violations:\n${formatFindings(failing)}`).toEqual([]);
}

/** The id (or `key`) of the first item a list endpoint answers. */
async function first<T = number>(client: APIRequestContext, url: string, list: string, key = 'id'): Promise<T> {
  const res = await client.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  const items = ((await res.json()) as { data: Record<string, Record<string, T>[]> }).data[list];
  expect(items.length, `${url} lists nothing`).toBeGreaterThan(0);
  return items[0][key];
}

async function clientOf(platform: PlatformKey, local?: string) {
  const anon = await apiClient(platform);
  return local ? apiClient(platform, await tokenOf(anon, demo(local, platform), DEMO_PASSWORD)) : anon;
}

/** The side menu's page paths of the signed-in `client`'s account (contract `visibleMenu`). */
async function menuOf(client: APIRequestContext, platform: PlatformKey): Promise<string[]> {
  const res = await client.get('/api/v1/users/whoami');
  expect(res.status()).toBe(200);
  const user = ((await res.json()) as { data: { user: MenuUser } }).data.user;
  return menuPaths(visibleMenu(platform, user));
}

/** The administrator's menu pages all visited, the light entries' (News) checked logged out. */
function expectMenuCovered(menu: string[], visits: Visit[]) {
  const visited = new Set(visits.map((v) => v.path.split('?')[0]));
  const missed = menu.filter((p) => !visited.has(p) && !isOtherEntryPath(p));
  expect(missed, 'menu pages this test does not check').toEqual([]);
}

// A trace of dozens of whole pages and axe runs costs more than it tells: a failure lists every
// violation with its elements.
test.use({ trace: 'off' });

const byTestId = (id: string) => (page: Page) => page.getByTestId(id);

test.describe('accessibility (axe: WCAG 2.1 A/AA, no serious or critical violation)', () => {
  // Each test visits a dozen pages or more, each loaded and analysed in full: minutes on a loaded machine.
  test.describe.configure({ timeout: 240_000 });

  test('every route of the web app is checked below or excluded with a reason', () => {
    // The plans are built when their tests are declared (below), so `planned` is complete here.
    const unknown = Object.keys(EXCLUDED).filter((r) => !ALL_ROUTES.includes(r as Route));
    expect(unknown, 'excluded routes that do not exist').toEqual([]);
    const missing = ALL_ROUTES.filter((r) => !planned.has(r) && !EXCLUDED[r]);
    expect(missing, 'routes neither checked by accessibility.spec.ts nor excluded with a reason').toEqual([]);
    const both = ALL_ROUTES.filter((r) => planned.has(r) && EXCLUDED[r]);
    expect(both, 'routes both checked and excluded').toEqual([]);
  });

  const loggedOutDtrack = (ids: { post: string; category: number; product: string; service: string }) =>
    plan([
      { route: 'login', path: paths.login, ready: byTestId('login-email') },
      { route: 'register', path: paths.register },
      { route: 'forgotPassword', path: paths.forgotPassword },
      { route: 'reset', path: `${paths.reset}?token=expired-or-wrong` },
      { route: 'notFound', path: paths.notFound },
      { route: 'services', path: paths.services },
      { route: 'servicesClient', path: paths.servicesClient },
      { route: 'service', path: `/services/${ids.service}` },
      { route: 'traceBatch', path: '/trace/DEMOTRACE0000001', ready: byTestId('trace-scan-count') },
      { route: 'traceProduct', path: `/trace/p/${ids.product}` },
      { route: 'traceMissing', path: '/trace/NO-SUCH-CODE', ready: byTestId('trace-not-found') },
      { route: 'news', path: contentPaths.news, ready: byTestId('post-list') },
      { route: 'newsCategory', path: `${contentPaths.news}/categories/${ids.category}`, ready: byTestId('post-list') },
      { route: 'newsPost', path: `${contentPaths.news}/${ids.post}`, ready: byTestId('post-body') },
      { route: 'faqs', path: contentPaths.faqs, ready: byTestId('faq-group') },
      { route: 'informationSecurity', path: contentPaths.informationSecurity, ready: byTestId('security-page') },
      { route: 'contentNotFound', path: `${contentPaths.news}/categories/0` },
    ]);
  // Declared with placeholder ids so the route check sees them; the test builds them with real ones.
  loggedOutDtrack({ post: '', category: 0, product: '', service: '' });

  test('logged out on DTrack: sign-in, sign-up, password pages, services, trace and content pages', async ({
    page,
  }) => {
    const anon = await clientOf('dtrack');
    const admin = await clientOf('dtrack', 'admin');
    const ids = {
      post: await first<string>(anon, '/api/v1/client/posts?per_page=1', 'posts', 'slug'),
      category: await first(anon, '/api/v1/client/category_posts', 'category_posts'),
      product: await first<string>(
        admin,
        '/api/v1/admin/products?status=approved&per_page=1',
        'products',
        'public_code',
      ),
      service: await first<string>(anon, '/api/v1/register_services', 'register_services', 'slug'),
    };
    await checkPages(page, 'dtrack', 'logged out', loggedOutDtrack(ids));
  });

  const loggedOutOthers = plan([
    { route: 'login', path: paths.login, ready: byTestId('login-email') },
    { route: 'register', path: paths.register },
    { route: 'services', path: paths.services },
    { route: 'traceBatch', path: '/trace/DEMOTRACE0000002', ready: byTestId('trace-scan-count') },
    { route: 'faqs', path: contentPaths.faqs, ready: byTestId('faq-group') },
  ]);
  const loggedOutFoodmap = plan([{ route: 'registerDepartment', path: paths.registerDepartment }]);
  test("logged out on AgriHub and Foodmap: their colours, Foodmap's department registration", async ({ page }) => {
    await checkPages(page, 'agrihub', 'logged out', loggedOutOthers);
    await checkPages(page, 'foodmap', 'logged out', [
      ...loggedOutOthers.map((v) => (v.route === 'traceBatch' ? { ...v, path: '/trace/DEMOTRACE0000003' } : v)),
      ...loggedOutFoodmap,
    ]);
  });

  const producerDtrack = (ids: { product: number; batch: number; request: number; service: string }) =>
    plan([
      { route: 'dashboard', path: paths.dashboard },
      { route: 'products', path: paths.products },
      { route: 'addProduct', path: paths.addProduct },
      { route: 'product', path: `/products/${ids.product}` },
      { route: 'productBatches', path: paths.productBatches },
      { route: 'addBatch', path: paths.addBatch },
      { route: 'productBatch', path: `/product-batches/${ids.batch}` },
      { route: 'mockRecall', path: `${paths.mockRecall}?lot_id=${ids.batch}`, ready: byTestId('mock-recall-page') },
      { route: 'locations', path: paths.locations },
      { route: 'addLocation', path: paths.addLocation },
      { route: 'partners', path: paths.partners },
      { route: 'shipments', path: paths.shipments },
      { route: 'incomingShipments', path: paths.incomingShipments },
      { route: 'transformations', path: paths.transformations },
      { route: 'addTransformation', path: paths.addTransformation },
      { route: 'services', path: paths.services },
      { route: 'service', path: `/services/${ids.service}` },
      { route: 'serviceRegister', path: `/services/${ids.service}/register` },
      { route: 'serviceRequest', path: `/services/requests/${ids.request}` },
      { route: 'salesChannels', path: paths.salesChannels },
      { route: 'notifications', path: paths.notifications },
      { route: 'accountSetup', path: paths.accountSetup },
      { route: 'generalSetting', path: paths.generalSetting },
      // The field diary (diary.html, the installable app's screens): a full load.
      { route: 'diary', path: DIARY_PATH },
      // A page of the back office by URL: the no-permission screen.
      { route: 'adminProducers', path: paths.adminProducers },
      { route: 'notFoundInFrame', path: '/no-such-page' },
    ]);
  producerDtrack({ product: 0, batch: 0, request: 0, service: '' });

  test("DTrack's producer: dashboard, products, batches, services, requests, sales channels, account", async ({
    page,
  }) => {
    const producer = await clientOf('dtrack', 'producer');
    const ids = {
      product: await first(producer, '/api/v1/products?per_page=1', 'products'),
      batch: await first(producer, '/api/v1/traceabilities?per_page=1', 'traceabilities'),
      request: await first(producer, '/api/v1/user_register_services?per_page=1', 'urss'),
      service: await first<string>(producer, '/api/v1/register_services', 'register_services', 'slug'),
    };
    await signIn(page, 'dtrack', demo('producer', 'dtrack'));
    await checkPages(page, 'dtrack', 'producer', producerDtrack(ids));
  });

  const producerOthers = plan([
    { route: 'dashboard', path: paths.dashboard },
    { route: 'products', path: paths.products },
    { route: 'addProduct', path: paths.addProduct },
    { route: 'services', path: paths.services },
    { route: 'salesChannels', path: paths.salesChannels },
    { route: 'accountSetup', path: paths.accountSetup },
  ]);
  test("AgriHub's and Foodmap's producers: their colours, Foodmap's department registration in the frame", async ({
    page,
  }) => {
    await signIn(page, 'agrihub', demo('producer', 'agrihub'));
    await checkPages(page, 'agrihub', 'producer', producerOthers);
    await signIn(page, 'foodmap', demo('producer', 'foodmap'));
    await checkPages(page, 'foodmap', 'producer', [...producerOthers, ...loggedOutFoodmap]);
  });

  type AdminIds = Record<
    'producer' | 'user' | 'product' | 'request' | 'message' | 'post' | 'pageView' | 'oem' | 'order' | 'lot',
    number
  >;
  const adminDtrack = (ids: AdminIds) =>
    plan([
      { route: 'dashboard', path: paths.dashboard },
      { route: 'adminProducers', path: paths.adminProducers },
      { route: 'adminProducer', path: `/admin/producers/${ids.producer}` },
      { route: 'adminProducts', path: paths.adminProducts },
      { route: 'adminProduct', path: `/admin/products/${ids.product}` },
      {
        route: 'adminProductCategories',
        path: paths.adminProductCategories,
        ready: byTestId('product-categories-page'),
      },
      { route: 'adminSupplyChain', path: paths.adminSupplyChain },
      { route: 'adminSupplyChainLot', path: `/admin/supply-chain/${ids.lot}`, ready: byTestId('chain-view') },
      {
        route: 'adminMockRecall',
        path: `${paths.adminMockRecall}?lot_id=${ids.lot}`,
        ready: byTestId('mock-recall-page'),
      },
      { route: 'adminOems', path: paths.adminOems },
      { route: 'adminAddOem', path: paths.adminAddOem },
      { route: 'adminOem', path: `/admin/oems/${ids.oem}` },
      { route: 'adminPurchaseOrders', path: paths.adminPurchaseOrders },
      { route: 'adminAddPurchaseOrder', path: paths.adminAddPurchaseOrder },
      { route: 'adminPurchaseOrder', path: `/admin/purchase-orders/${ids.order}` },
      { route: 'adminServiceRequests', path: paths.adminServiceRequests },
      { route: 'adminServiceRequest', path: `/admin/services-approval/${ids.request}` },
      { route: 'adminServicesSetting', path: paths.adminServicesSetting },
      { route: 'adminClientMessages', path: paths.adminClientMessages },
      // A lead's link in its notification mail: a full load.
      { route: 'adminClientMessage', path: `/admin/client-messages/${ids.message}`, fullLoad: true },
      { route: 'adminSalesApproval', path: paths.adminSalesApproval },
      { route: 'adminProductSalesApproval', path: paths.adminProductSalesApproval },
      { route: 'adminSaleChannels', path: paths.adminSaleChannels },
      { route: 'adminUsers', path: paths.adminUsers },
      { route: 'adminAddUser', path: paths.adminAddUser },
      { route: 'adminUser', path: `/admin/users/${ids.user}` },
      { route: 'adminPosts', path: paths.adminPosts },
      { route: 'adminAddPost', path: paths.adminAddPost },
      { route: 'adminPost', path: `/admin/posts/${ids.post}` },
      { route: 'adminFaqs', path: paths.adminFaqs },
      { route: 'adminPageViews', path: paths.adminPageViews },
      { route: 'adminAddPageView', path: paths.adminAddPageView },
      { route: 'adminPageView', path: `/admin/page-views/${ids.pageView}` },
      { route: 'notifications', path: paths.notifications },
      { route: 'accountSetup', path: paths.accountSetup },
      { route: 'generalSetting', path: paths.generalSetting },
    ]);
  adminDtrack({
    producer: 0,
    user: 0,
    product: 0,
    request: 0,
    message: 0,
    post: 0,
    pageView: 0,
    oem: 0,
    order: 0,
    lot: 0,
  });

  test("DTrack's administrator: every page of the back office (OEMs, purchase orders, users, content, settings…)", async ({
    page,
  }) => {
    const admin = await clientOf('dtrack', 'admin');
    const ids: AdminIds = {
      producer: await first(admin, '/api/v1/admin/producers?per_page=1', 'producers'),
      user: await first(admin, '/api/v1/admin/users?per_page=1', 'users'),
      product: await first(admin, '/api/v1/admin/products?per_page=1', 'products'),
      request: await first(admin, '/api/v1/admin/user_register_services?per_page=1', 'urss'),
      message: await first(admin, '/api/v1/admin/messages?per_page=1', 'messages'),
      post: await first(admin, '/api/v1/admin/posts?per_page=1', 'posts'),
      pageView: await first(admin, '/api/v1/admin/page_views?per_page=1', 'page_views'),
      oem: await first(admin, '/api/v1/admin/producer_oems?per_page=1', 'producer_oems'),
      order: await first(admin, '/api/v1/admin/purchase_orders?per_page=1', 'purchase_orders'),
      lot: await first(admin, '/api/v1/admin/chain/lots?per_page=1', 'lots'),
    };
    const visits = adminDtrack(ids);
    expectMenuCovered(await menuOf(admin, 'dtrack'), visits);
    await signIn(page, 'dtrack', demo('admin', 'dtrack'));
    await checkPages(page, 'dtrack', 'admin', visits);
  });

  const adminFoodmap = plan([
    { route: 'dashboard', path: paths.dashboard },
    { route: 'adminProducers', path: paths.adminProducers },
    { route: 'adminProducts', path: paths.adminProducts },
    { route: 'adminServiceRequests', path: paths.adminServiceRequests },
    { route: 'adminLockServiceRequests', path: paths.adminLockServiceRequests },
    { route: 'adminLockedServiceRequests', path: paths.adminLockedServiceRequests },
    { route: 'adminSalesApproval', path: paths.adminSalesApproval },
    { route: 'adminProductSalesApproval', path: paths.adminProductSalesApproval },
    { route: 'adminSaleChannels', path: paths.adminSaleChannels },
    { route: 'adminUsers', path: paths.adminUsers },
    { route: 'adminAddUser', path: paths.adminAddUser },
    { route: 'adminPosts', path: paths.adminPosts },
    { route: 'adminAddPost', path: paths.adminAddPost },
    { route: 'adminFaqs', path: paths.adminFaqs },
    { route: 'accountSetup', path: paths.accountSetup },
    { route: 'generalSetting', path: paths.generalSetting },
    { route: 'adminServicesSetting', path: paths.adminServicesSetting },
    { route: 'adminBookingRooms', path: paths.adminBookingRooms },
  ]);
  test("Foodmap's and AgriHub's administrators: their menus' pages (lock pages, booking rooms) in their colours", async ({
    page,
  }) => {
    for (const platform of ['foodmap', 'agrihub'] as const) {
      const admin = await clientOf(platform, 'admin');
      const menu = await menuOf(admin, platform);
      // Each platform's menu pages (the two menus differ: lock pages and booking rooms on Foodmap).
      const visits = adminFoodmap.filter((v) => menu.includes(v.path) || v.route === 'dashboard');
      expectMenuCovered(menu, visits);
      await signIn(page, platform, demo('admin', platform));
      await checkPages(page, platform, 'admin', visits);
    }
  });

  test("keyboard: Tab reaches the side menu's groups, Enter and Space open them; a label focuses its own field", async ({
    page,
    browser,
  }) => {
    await signIn(page, 'dtrack', demo('admin', 'dtrack'));
    const group = page.getByTestId('menu-admin-oems');
    const list = page.getByTestId('menu-read-oems');
    await expect(list).toBeHidden();
    await test.step('Tab from the top of the page reaches the OEM group (a closed group, no mouse)', async () => {
      await page.locator('body').focus();
      let tabs = 0;
      while (!(await group.evaluate((el) => el === document.activeElement))) {
        expect(++tabs, 'the OEM group was not reached with Tab').toBeLessThan(30);
        await page.keyboard.press('Tab');
      }
      await expect(group).toHaveAttribute('aria-expanded', 'false');
    });
    await test.step('Enter opens it, Enter again closes it, Space opens it', async () => {
      await page.keyboard.press('Enter');
      await expect(list).toBeVisible();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Enter');
      await expect(list).toBeHidden();
      await page.keyboard.press(' ');
      await expect(list).toBeVisible();
    });
    await test.step('the next Tab is its first entry, and Enter opens that page', async () => {
      await page.keyboard.press('Tab');
      await expect(list).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/oems$/);
    });
    await test.step("a producer's account page: each label focuses its own field, across its tabs and forms", async () => {
      // Business and account information both have a name, a phone and an e-mail field.
      const context = await browser.newContext(VIETNAM_DEVICE);
      page = await context.newPage();
      await signIn(page, 'dtrack', demo('producer', 'dtrack'), paths.accountSetup);
      await settled(page);
      // Every tab drawn once, so all its forms are in the page together.
      for (const tab of await page.getByRole('tab').all()) await tab.click();
      const ids = await page.locator('label[for]').evaluateAll((labels) => labels.map((l) => l.getAttribute('for')!));
      expect(ids.length).toBeGreaterThan(3);
      for (const id of ids) {
        const field = page.locator(`[id="${id}"]`);
        await expect(field, `label for=${id}`).toHaveCount(1);
        const typed = await field.evaluate((el) =>
          el.matches('textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="file"])'),
        );
        if (!typed || !(await field.isVisible()) || (await field.isDisabled())) continue;
        await page.locator(`label[for="${id}"]`).click();
        await expect(field, `label for=${id}`).toBeFocused();
      }
    });
  });
});
