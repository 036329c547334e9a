import fs from 'node:fs';
import { apiClient, tokenOf } from '../support/api';
import { DEMO_PASSWORD, demo, expect as baseExpect, signIn, test } from '../support/fixtures';

// The card waits for the chain's backward walk: on a loaded machine that takes more than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * EUDR on the demo coffee chain (ADR 042): the cooperative's roasted lot RX-2526-002 has a ready
 * EUDR card whose GeoJSON downloads with the three farms' plots; farm 3's late pick QT-2526-02 is
 * not ready, naming its plot without a location, with a link to fix it.
 */
async function lotId(local: string, lotCode: string): Promise<number> {
  const anon = await apiClient('dtrack');
  const client = await apiClient('dtrack', await tokenOf(anon, demo(local, 'dtrack'), DEMO_PASSWORD));
  const res = await client.get(`/api/v1/traceabilities?q=${encodeURIComponent(lotCode)}`);
  expect(res.status(), await res.text()).toBe(200);
  const list = ((await res.json()) as { data: { traceabilities: { id: number; lot_code: string }[] } }).data
    .traceabilities;
  const lot = list.find((l) => l.lot_code === lotCode);
  expect(lot).toBeTruthy();
  return lot!.id;
}

test('a ready EUDR lot downloads its plots as GeoJSON; a lot with a plot without location is not ready', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1200, height: 900 });
  const roasted = await lotId('coop', 'RX-2526-002');
  await signIn(page, 'dtrack', demo('coop', 'dtrack'), `/product-batches/${roasted}`);
  const card = page.getByTestId('eudr-card');
  await expect(card.getByTestId('eudr-readiness')).toHaveText('Sẵn sàng');
  await expect(card).toContainText('0901');
  await expect(card).toContainText('3.700 kg');
  await expect(card.getByTestId('eudr-plots').getByRole('listitem')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await card.getByTestId('eudr-geojson').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('eudr-RX-2526-002.geojson');
  const geojson = JSON.parse(fs.readFileSync((await file.path()), 'utf8')) as { features: unknown[] };
  expect(geojson.features).toHaveLength(3);

  const late = await lotId('farm3', 'QT-2526-02');
  await signIn(page, 'dtrack', demo('farm3', 'dtrack'), `/product-batches/${late}`);
  const notReady = page.getByTestId('eudr-card');
  await expect(notReady.getByTestId('eudr-readiness')).toHaveText('Chưa sẵn sàng');
  await expect(notReady.getByTestId('eudr-reasons')).toContainText('thửa 208');
  await expect(notReady.getByTestId('eudr-geojson')).toBeDisabled();
  await expect(notReady.getByRole('link', { name: 'Bổ sung vị trí' })).toBeVisible();
});
