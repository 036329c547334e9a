import { apiClient, tokenOf } from '../support/api';
import { DEMO_PASSWORD, demo, expect, signIn, test } from '../support/fixtures';

/**
 * The supply chain's screens on a demo batch of DTrack's producer (issue 26): the chain view of
 * the batch page (backward and forward trees, or their empty states) and the mock recall page
 * reached from the batch page's "Thu hồi thử": the affected lots, the holders, the time it took,
 * and the XLSX and PDF downloads. Shipments and transformations are recorded by their own pieces;
 * this spec stays on what one batch shows.
 */
test('the batch page shows the chain view and opens the mock recall of the lot, with its files', async ({ page }) => {
  test.slow();
  const anon = await apiClient('dtrack');
  const producer = await apiClient('dtrack', await tokenOf(anon, demo('producer', 'dtrack'), DEMO_PASSWORD));
  const list = await producer.get('/api/v1/traceabilities?per_page=1&status=published');
  expect(list.status(), await list.text()).toBe(200);
  const [batch] = ((await list.json()) as { data: { traceabilities: { id: number; lot_code: string }[] } }).data
    .traceabilities;
  expect(batch).toBeTruthy();

  await page.setViewportSize({ width: 1200, height: 900 });
  await signIn(page, 'dtrack', demo('producer', 'dtrack'), `/product-batches/${batch.id}`);
  await expect(page.getByTestId('batch-page')).toBeVisible();
  await page.getByTestId('chain-tab').click();
  const view = page.getByTestId('chain-view');
  await expect(view).toBeVisible();
  // Backward: the lot itself at the root of its tree, or the empty state of a lot made of nothing else.
  await expect(view.getByTestId('chain-tree').or(view.getByTestId('chain-empty'))).toBeVisible();
  await page.getByTestId('chain-forward').click();
  await expect(view.getByTestId('chain-tree').or(view.getByTestId('chain-empty'))).toBeVisible();

  await page.getByTestId('mock-recall-action').click();
  await expect(page).toHaveURL(new RegExp(`/mock-recall\\?lot_id=${batch.id}$`));
  const report = page.getByTestId('mock-recall-page');
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading', { name: `Thu hồi thử: ${batch.lot_code}` })).toBeVisible();
  await expect(page.getByTestId('mock-recall-lots').getByRole('link', { name: batch.lot_code })).toBeVisible();
  await expect(page.getByTestId('mock-recall-elapsed')).toContainText('ms');

  for (const format of ['xlsx', 'pdf'] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`mock-recall-${format}`).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^thu-hoi-thu-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
  }
  // The recall asks for a reason before anything changes.
  await page.getByTestId('recall-all').click();
  await page.getByTestId('recall-submit').click();
  await expect(page.getByText('Vui lòng nhập lý do.')).toBeVisible();
  await page.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByTestId('recall-result')).toHaveCount(0);
});
