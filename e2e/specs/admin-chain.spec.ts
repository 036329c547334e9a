import { demo, expect, signIn, test } from '../support/fixtures';

/**
 * The platform administrator sees the whole supply chain (issue 26): DTrack's administrator finds
 * farm 1's harvest lot of the demo chain (`QT-2526-01`, public code DEMOCHAIN1000011) from the menu's
 * "Truy xuất chuỗi cung ứng", opens its chain (every lot downstream, not one step as the farm sees
 * it) and runs the mock recall: the roasted lot RX-2526-002, the shop's lot on the platform and the
 * outside buyer are listed, with the XLSX and PDF from the admin export. The recall itself is not
 * pressed (other specs read the demo chain).
 */
test('the administrator traces a farm lot through the whole chain and runs its mock recall', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1200, height: 900 });
  await signIn(page, 'dtrack', demo('admin', 'dtrack'));
  await page.getByTestId('side-menu').getByRole('link', { name: 'Truy xuất chuỗi cung ứng' }).click();
  await expect(page).toHaveURL(/\/admin\/supply-chain$/);
  await expect(page.getByTestId('admin-chain-page')).toBeVisible();

  // Accent-free search, then the farm lot by its public code.
  const search = page.getByTestId('admin-chain-search').getByRole('searchbox');
  await search.fill('ca phe rang xay');
  await search.press('Enter');
  await expect(page.getByTestId('admin-chain-row').filter({ hasText: 'RX-2526-002' })).toBeVisible();
  await search.fill('DEMOCHAIN1000011');
  await search.press('Enter');
  const rows = page.getByTestId('admin-chain-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('QT-2526-01');
  await rows.first().getByTestId('admin-chain-lot-link').click();

  await expect(page).toHaveURL(/\/admin\/supply-chain\/\d+$/);
  const lotPage = page.getByTestId('admin-chain-lot-page');
  await expect(lotPage.getByRole('heading', { name: 'Chuỗi cung ứng của lô QT-2526-01' })).toBeVisible();
  const view = page.getByTestId('chain-view');
  await page.getByTestId('chain-forward').click();
  // The whole chain forward: the roasted lot two steps away and the shop's lot beyond it, nothing hidden.
  await expect(view.locator('[data-testid="chain-lot"][data-lot="RX-2526-002"]').first()).toBeVisible();
  await expect(view.locator('[data-testid="chain-lot"][data-lot="BMX-2526-002"]').first()).toBeVisible();
  await expect(
    view.getByTestId('chain-holder').filter({ hasText: 'Công ty TNHH Thương mại Cà phê Sài Gòn Xanh' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('chain-hidden-beyond')).toHaveCount(0);

  await page.getByTestId('mock-recall-action').click();
  await expect(page).toHaveURL(/\/admin\/mock-recall\?lot_id=\d+$/);
  const report = page.getByTestId('mock-recall-page');
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading', { name: /^Thu hồi thử: QT-2526-01/ })).toBeVisible();
  const lots = page.getByTestId('mock-recall-lots');
  await expect(lots.getByRole('link', { name: 'RX-2526-002' })).toBeVisible();
  await expect(lots.getByRole('link', { name: 'BMX-2526-002' })).toBeVisible();
  const holders = page.getByTestId('mock-recall-holders');
  await expect(holders.getByRole('row').filter({ hasText: 'BMX-2526-002' })).toHaveCount(1);
  await expect(holders.getByText('Công ty TNHH Thương mại Cà phê Sài Gòn Xanh').first()).toBeVisible();
  await expect(page.getByTestId('mock-recall-elapsed')).toContainText('ms');
  await expect(page.getByTestId('recall-all')).toBeVisible();

  for (const format of ['xlsx', 'pdf'] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`mock-recall-${format}`).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^thu-hoi-thu-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
  }

  // A lot of the report links to its own whole chain.
  await lots.getByRole('link', { name: 'RX-2526-002' }).click();
  await expect(
    page.getByTestId('admin-chain-lot-page').getByRole('heading', { name: 'Chuỗi cung ứng của lô RX-2526-002' }),
  ).toBeVisible();
});
