import type { Page } from '@playwright/test';
import { apiClient, tokenOf } from '../support/api';
import { pickFrom, pickOption } from '../support/antd';
import { DEMO_PASSWORD, demo, expect as baseExpect, signIn, test } from '../support/fixtures';

// Issue 26, transformation: a producer with two lots of cherries makes a roasted lot from both
// (quantities used checked against what is left, the yield shown as typed) and lands on the new
// batch's page, which shows its processing event.

const expect = baseExpect.configure({ timeout: 30_000 });
const stamp = Date.now().toString(36).toUpperCase();
const lotA = `CHIN-A-${stamp}`;
const lotB = `CHIN-B-${stamp}`;
const roasted = `RANG-${stamp}`;

/** Picks the input lot whose option shows `lot` in row `index`. */
async function pickLot(page: Page, index: number, lot: string) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: lot });
  await pickFrom(page, `input-lot-${index}`, option, lot, lot);
}

test('a producer makes a roasted lot from two lots and lands on its batch page', async ({ page }) => {
  test.setTimeout(180_000);
  const anon = await apiClient('dtrack');
  const producer = await apiClient('dtrack', await tokenOf(anon, demo('producer', 'dtrack'), DEMO_PASSWORD));
  const products = (await (await producer.get('/api/v1/products?per_page=100&sort=name')).json()) as {
    data: { products: { id: number; name: string }[] };
  };
  const product = products.data.products[0];
  for (const [lot_code, quantity] of [
    [lotA, 50],
    [lotB, 30.5],
  ] as const) {
    const res = await producer.post('/api/v1/traceabilities', {
      data: { product_id: product.id, lot_code, production_date: '2025-03-01', quantity, unit: 'Kg' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, 'dtrack', demo('producer', 'dtrack'), '/transformations/new');
  await expect(page.getByTestId('add-transformation-page')).toBeVisible();
  await pickOption(page, 'transformation-product', product.name, product.name);
  await page.getByTestId('transformation-lot-code').fill(roasted);
  await page.getByTestId('transformation-quantity').fill('60');
  await pickOption(page, 'transformation-unit', 'Kg');

  await pickLot(page, 0, lotA);
  // More than the lot has left is refused on the row, before anything is sent.
  await page.getByTestId('input-quantity-0').fill('51');
  await page.getByTestId('input-quantity-0').blur();
  await expect(page.getByText('Vượt quá phần còn lại của lô (50 Kg).')).toBeVisible();
  await page.getByTestId('input-quantity-0').fill('50');
  await page.getByTestId('add-input').click();
  await pickLot(page, 1, lotB);
  await page.getByTestId('input-quantity-1').fill('30.5');
  await page.getByTestId('input-quantity-1').blur();
  // 60 / 80.5 = 74.5 %, as Vietnamese write it.
  await expect(page.getByTestId('transformation-yield')).toContainText('74,5 %');

  await page.getByTestId('save-transformation').click();
  await expect(page).toHaveURL(/\/product-batches\/\d+$/);
  await expect(page.getByTestId('batch-page')).toBeVisible();
  await expect(page.getByTestId('batch-page')).toContainText(roasted);
  const event = page.getByTestId('batch-event');
  await expect(event).toHaveCount(1);
  await expect(event).toHaveAttribute('data-step', 'processing');
  await expect(event).toContainText('Sơ chế, chế biến');

  // What each input had left went down by what was used.
  const left = (await (await producer.get('/api/v1/transformations/input_lots?q=' + stamp)).json()) as {
    data: { lots: { lot_code: string }[] };
  };
  expect(left.data.lots.map((l) => l.lot_code)).not.toContain(lotA);
  expect(left.data.lots.map((l) => l.lot_code)).not.toContain(lotB);
});
