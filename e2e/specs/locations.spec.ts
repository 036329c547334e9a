import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickOption } from '../support/antd';
import { apiClient, tokenOf } from '../support/api';
import { DEMO_PASSWORD, confirmPopover, demo, expect as baseExpect, signIn, test } from '../support/fixtures';

// Issue 26, locations: a producer adds a farm plot by importing its outline from a GeoJSON file,
// sees the outline and its area before saving, then on the location page (SVG drawn from the
// geometry, area in ha the Vietnamese way), and deletes it after confirming.

const expect = baseExpect.configure({ timeout: 30_000 });
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, '..', 'fixtures', 'lo-ca-phe-ea-tu.geojson');
const name = `Lô cà phê Ea Tu E2E ${Date.now().toString(36).toUpperCase()}`;

test('a producer imports a plot outline from GeoJSON and sees its area and SVG outline', async ({ page }) => {
  // Sign-in, two lazy pages and a save on a busy machine: more than the default minute.
  test.setTimeout(180_000);
  await signIn(page, 'dtrack', demo('producer', 'dtrack'), '/locations');
  await expect(page.getByTestId('locations-page')).toBeVisible();
  await page.getByTestId('add-location').click();
  await expect(page.getByTestId('location-form')).toBeVisible();

  await pickOption(page, 'location-kind', 'Lô/thửa canh tác');
  await page.getByTestId('location-name').fill(name);
  await pickOption(page, 'location-province', 'Đắk Lắk', 'Đắk Lắk');
  await page.getByTestId('location-crop').fill('Cà phê vối');

  // A wrong GLN check digit is refused with the contract's words.
  await page.getByTestId('location-gln').fill('8936000000012');
  await page.getByTestId('location-gln').blur();
  await expect(page.getByText('Mã GLN phải gồm 13 chữ số với số kiểm tra đúng.')).toBeVisible();
  await page.getByTestId('location-gln').fill('');

  await page.getByTestId('outline-file').setInputFiles(FIXTURE);
  // Shown before saving: the outline and about 4.7 ha.
  await expect(page.getByTestId('outline-field').getByTestId('location-outline')).toBeVisible();
  await expect(page.getByTestId('outline-area')).toHaveText(/^4,\d{1,2} ha$/);

  await page.getByTestId('save-location').click();
  await expect(page.getByTestId('location-page')).toBeVisible();
  await expect(page.getByTestId('location-title')).toHaveText(name);
  const svg = page.getByTestId('location-page').getByTestId('location-outline');
  await expect(svg).toBeVisible();
  await expect(svg.locator('path')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L.* Z$/);
  await expect(svg.locator('path')).toHaveAttribute('fill-rule', 'evenodd');
  await expect(page.getByTestId('location-area')).toHaveText(/^4,\d{1,2} ha$/);
  // A new location has no events yet.
  await expect(page.getByTestId('location-events')).toContainText('Chưa có sự kiện nào tại địa điểm này.');

  // Listed, found by name without accents.
  await page.goto(page.url().replace(/\/locations\/\d+$/, '/locations?q=ea tu e2e'));
  await expect(page.getByTestId('locations-table').getByText(name)).toBeVisible();
  await page.getByTestId('locations-table').getByText(name).click();

  // Deleted after confirming.
  await page.getByTestId('delete-location').click();
  await confirmPopover(page, 'Xóa', (r) => r.method() === 'DELETE' && /\/api\/v1\/locations\/\d+$/.test(r.url()));
  await expect(page.getByTestId('locations-page')).toBeVisible();
});

test('a farm’s plot page lists its field diary and the events recorded there, each linking to its batch', async ({ page }) => {
  test.setTimeout(180_000);
  const email = demo('farm1', 'dtrack');
  const anon = await apiClient('dtrack');
  const farm = await apiClient('dtrack', await tokenOf(anon, email, DEMO_PASSWORD));
  const list = await farm.get('/api/v1/locations?kind=farm_plot&per_page=1');
  expect(list.status(), await list.text()).toBe(200);
  const [plot] = ((await list.json()) as { data: { locations: { id: number; name: string }[] } }).data.locations;
  const events = await farm.get(`/api/v1/locations/${plot.id}/events?per_page=1`);
  expect(events.status(), await events.text()).toBe(200);
  const [newest] = ((await events.json()) as { data: { events: { batch: { id: number; lot_code: string } }[] } }).data
    .events;
  expect(newest).toBeTruthy();

  await signIn(page, 'dtrack', email, `/locations/${plot.id}`);
  // The plot's field diary (ADR 044): the demo spraying still inside its interval, not in a lot yet.
  const diary = page.getByTestId('location-diary');
  await expect(diary).toContainText('Phun thuốc BVTV — ');
  await expect(diary).toContainText('Thời gian cách ly (ngày): 7');
  await expect(diary.getByTestId('location-diary-no-lot').first()).toHaveText('Chưa vào lô hàng');
  const card = page.getByTestId('location-events');
  await expect(card).toBeVisible();
  const link = card.getByRole('link', { name: newest.batch.lot_code }).first();
  await expect(link).toHaveAttribute('href', `/product-batches/${newest.batch.id}`);
  await link.click();
  await expect(page.getByTestId('batch-page')).toBeVisible();
});
