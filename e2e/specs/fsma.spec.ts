import { apiClient, tokenOf } from '../support/api';
import { DEMO_PASSWORD, demo, expect, signIn, test } from '../support/fixtures';

/**
 * The FSMA 204 sheet (issue 27, ADR 041) from the cooperative's side of the demo coffee chain:
 * "Bảng FSMA 204" in the roasted lot's chain view (XLSX or CSV), and the batch list's date-range
 * sheet. The sheet's contents are checked by the API tests; this spec checks the two downloads.
 */
test('the cooperative downloads the FSMA 204 sheet of the roasted lot and of a date range', async ({ page }) => {
  test.slow();
  const anon = await apiClient('dtrack');
  const coop = await apiClient('dtrack', await tokenOf(anon, demo('coop', 'dtrack'), DEMO_PASSWORD));
  const list = await coop.get('/api/v1/traceabilities?per_page=5&q=RX-2526-002');
  expect(list.status(), await list.text()).toBe(200);
  const [lot] = ((await list.json()) as { data: { traceabilities: { id: number; lot_code: string }[] } }).data
    .traceabilities;
  expect(lot.lot_code).toBe('RX-2526-002');

  await page.setViewportSize({ width: 1200, height: 900 });
  await signIn(page, 'dtrack', demo('coop', 'dtrack'), `/product-batches/${lot.id}`);
  await page.getByTestId('chain-tab').click();
  await expect(page.getByTestId('chain-view')).toBeVisible();
  for (const format of ['csv', 'xlsx'] as const) {
    await page.getByTestId('fsma-lot-button').click();
    const download = page.waitForEvent('download');
    await page.getByTestId(`fsma-lot-${format}`).click();
    expect((await download).suggestedFilename()).toBe(`fsma204-RX-2526-002.${format}`);
  }

  await page.goto('/product-batches');
  await page.getByTestId('fsma-range-button').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('fsma-range-download').click();
  expect((await download).suggestedFilename()).toMatch(/^fsma204-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
