import type { APIRequestContext } from '@playwright/test';
import { adminClient, apiClient, approvedProducer, approvedProduct, leafCategoryId } from '../support/api';
import { expect, logout, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { png } from '../support/png';

/**
 * The field diary offline (issue 28): a producer opens /diary on a 360 px phone, loses the network,
 * records a spraying and a harvest with a photo, finds them still waiting after a reload, and once
 * back online each reaches the lot exactly once — on its timeline and on the public page. A harvest
 * inside the spraying's pre-harvest interval is refused on the phone, offline, with the safe date.
 */
const PHONE = { ...VIETNAM_DEVICE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DAY = 86_400_000;
const OUTLINE_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'lo-ca-phe-ea-tu.geojson');

const ok = async (res: { status(): number; text(): Promise<string>; json(): Promise<unknown> }) => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { data: Record<string, any> };
};

/** `<input type="datetime-local">`'s value of an instant, in the browser's zone (the device's: Vietnam). */
const localInput = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 16);
/** A Vietnam date as the diary writes it (dd/mm/yyyy). */
const vnDate = (at: Date) => {
  const [y, m, d] = new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

async function entriesOf(producer: APIRequestContext, plotId: number) {
  const list = await ok(await producer.get(`/api/v1/diary/entries?location_id=${plotId}`));
  return list.data.entries as { type: string; batch: { id: number } | null }[];
}

async function events(producer: APIRequestContext, lotId: number) {
  const batch = await ok(await producer.get(`/api/v1/traceabilities/${lotId}`));
  return batch.data.traceability.events as { step: string; occurred_at: string; photos: unknown[] }[];
}

test('offline diary: a spraying and a harvest wait on the phone, survive a reload and reach the lot once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  const account = {
    email: `nhat-ky-${stamp}@example.vn`,
    password: 'Demo@123',
    name: 'Nông dân Nhật Ký',
    producer: `HTX Nhật ký ${stamp}`,
  };
  const producer = await approvedProducer('dtrack', anon, admin, account);
  // DTrack opens products and batches to producers registered to multi-channel selling (free).
  await ok(
    await producer.post('/api/v1/user_register_services', {
      data: { slug: 'multichannel_selling', form: { contact_name: account.name, phone: '0912345678' } },
    }),
  );
  const productId = await approvedProduct(producer, admin, {
    name: `Cà phê nhân ${stamp}`,
    category_id: await leafCategoryId(anon),
    unit: 'Kg',
    price: { cents: 1_250_000 },
  });
  const plot = await ok(
    await producer.post('/api/v1/locations', {
      data: { kind: 'farm_plot', name: `Lô Ea Tu ${stamp}`, province_code: '66', crop_or_species: 'Cà phê' },
    }),
  );
  const plotId = plot.data.location.id as number;
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // Signs in on the light page and comes back to the diary, which loads the plots and lots.
  await page.goto(urlFor('dtrack', '/login?next=/diary'));
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/diary$/);
  await expect(page.getByTestId(`diary-plot-${plotId}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`diary-plot-safe-${plotId}`)).toHaveText('Có thể thu hoạch');
  // The service worker has the diary's files before the network goes.
  await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));

  await context.setOffline(true);
  await expect(page.getByTestId('diary-network')).toContainText('Không có mạng');

  // A spraying on the plot ten days ago, pre-harvest interval 7 days: safe from three days ago.
  const sprayedAt = new Date(Date.now() - 10 * DAY);
  await page.getByTestId(`diary-plot-${plotId}`).click();
  await page.getByTestId('diary-type-spraying').click();
  // One column at 360 px: nothing of the form (the hidden camera input included) is wider.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('diary-field-product').fill('Abamectin 3.6EC');
  await page.getByTestId('diary-field-active_ingredient').fill('Abamectin');
  await page.getByTestId('diary-field-dose').fill('20 ml/16 l');
  await page.getByTestId('diary-field-phi_days').fill('7');
  await page.getByTestId('diary-when').fill(localInput(sprayedAt));
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('1 ghi chép đang chờ gửi');

  // A harvest five days ago, into a new lot of the product, is inside the interval: refused here,
  // offline, with the safe date.
  await page.getByTestId(`diary-plot-${plotId}`).click();
  await page.getByTestId('diary-type-harvesting').click();
  await page.getByTestId('diary-lot-new').check();
  await page.getByTestId('diary-product-select').selectOption(String(productId));
  await page.getByTestId('diary-field-quantity').fill('250,5');
  await page.getByTestId('diary-field-unit').selectOption('Kg');
  await page.getByTestId('diary-when').fill(localInput(new Date(Date.now() - 5 * DAY)));
  await page.getByTestId('diary-save').click();
  const safe = vnDate(new Date(sprayedAt.getTime() + 7 * DAY));
  await expect(page.getByTestId('diary-harvest-refused')).toContainText(`an toàn để thu hoạch từ ngày ${safe}`);

  // Harvested now, with a photo from the camera: allowed.
  await page.getByTestId('diary-when').fill(localInput(new Date(Date.now() - 60_000)));
  await page.getByTestId('diary-photo-input').setInputFiles({
    name: 'thu-hoach.png',
    mimeType: 'image/png',
    buffer: png([120, 80, 40], 2400),
  });
  await expect(page.getByTestId('diary-photos').locator('img')).toHaveCount(1);
  await page.getByTestId('diary-save').click();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('2 ghi chép đang chờ gửi');

  // Closed and opened again without network: the entries still wait.
  await page.reload();
  await expect(page.getByTestId('diary-waiting-count')).toContainText('2 ghi chép đang chờ gửi', { timeout: 20_000 });
  await page.getByTestId('diary-open-queue').click();
  await expect(page.getByTestId('diary-entry-waiting')).toHaveCount(2);
  expect(await entriesOf(producer, plotId)).toHaveLength(0);

  // Back online: sent in order, once.
  await context.setOffline(false);
  await expect(page.getByTestId('diary-entry-sent')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('diary-waiting-count')).toContainText('Không có ghi chép nào chờ gửi');
  await page.getByTestId('diary-back').click();
  // Opening the diary again sends nothing twice.
  await page.reload();
  await expect(page.getByTestId(`diary-plot-${plotId}`)).toBeVisible({ timeout: 20_000 });

  // The plot's outline from a GeoJSON file (the phone's other way besides walking it): drawn, its
  // area in ha the Vietnamese way, saved on the location.
  await page.getByTestId(`diary-plot-outline-${plotId}`).click();
  await page.getByTestId('diary-outline-file').setInputFiles(OUTLINE_FIXTURE);
  await expect(page.getByTestId('diary-outline').locator('svg')).toBeVisible();
  await expect(page.getByTestId('diary-outline-area')).toContainText(/4,\d+ ha/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('diary-outline-save').click();
  await expect(page.getByTestId('diary-outline-saved')).toBeVisible();
  const outlined = await ok(await producer.get(`/api/v1/locations/${plotId}`));
  expect(outlined.data.location.geometry.type).toBe('Polygon');
  expect(outlined.data.location.area_ha).toBeGreaterThan(4);
  await page.getByTestId('diary-back').click();

  // On the server: two entries, the harvest made a lot whose timeline has the spraying and the
  // harvest once each, at the times they were done (not when they were sent).
  const entries = await entriesOf(producer, plotId);
  expect(entries.map((e) => e.type).sort()).toEqual(['harvesting', 'spraying']);
  const harvest = entries.find((e) => e.type === 'harvesting')!;
  const lotId = harvest.batch!.id;
  const timeline = await events(producer, lotId);
  expect(timeline.map((e) => e.step).sort()).toEqual(['caring', 'harvesting']);
  const caring = timeline.find((e) => e.step === 'caring')!;
  expect(Math.abs(Date.parse(caring.occurred_at) - sprayedAt.getTime())).toBeLessThan(60_000);
  expect(timeline.find((e) => e.step === 'harvesting')!.photos).toHaveLength(1);
  const published = await ok(await producer.post(`/api/v1/traceabilities/${lotId}/publish`));
  const publicCode = published.data.traceability.public_code as string;

  // The public page shows each once.
  await page.goto(urlFor('dtrack', `/trace/${publicCode}`));
  await expect(page.getByTestId('trace-timeline')).toBeVisible();
  await expect(page.getByTestId('trace-event')).toHaveCount(2);
  await expect(page.locator('[data-testid="trace-event"][data-step="harvesting"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="trace-event"][data-step="caring"]')).toHaveCount(1);

  // Signing out of the app (its top bar) clears the phone's diary store too.
  const diaryDatabases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await diaryDatabases()).toContain('agrihub-diary');
  await page.goto(urlFor('dtrack', '/dashboard'));
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 30_000 });
  await logout(page);
  expect(await diaryDatabases()).not.toContain('agrihub-diary');
  expect(errors).toEqual([]);
  await context.close();
});
