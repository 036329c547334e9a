import type { APIRequestContext } from '@playwright/test';
import { adminClient, apiClient, approvedProduct, approvedProducer, leafCategoryId } from '../support/api';
import { pickFrom, pickOption } from '../support/antd';
import { expect as baseExpect, signIn, test, urlFor, VIETNAM_DEVICE } from '../support/fixtures';

/**
 * Issue 26, the chain as people use it: a farm ships cherries to the cooperative (batch page), the
 * cooperative receives them in "Hàng đến" and roasts them (transformation page), the roasted lot
 * goes to a shop on the platform and to a shop outside it; the platform administrator's mock
 * recall from the FARM's lot lists the roasted lot and both shops, the recall of them all shows on
 * the roasted lot's public page on a 360 px phone. Accounts and partners are set up through the API.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const stamp = Date.now().toString(36).toUpperCase();
const account = (who: string, name: string, producer: string) => ({
  email: `${who}-${stamp.toLowerCase()}@example.vn`,
  password: 'Demo@123',
  name,
  producer: `${producer} ${stamp}`,
});
const FARM = account('vuon', 'Y Blông Niê', 'Vườn cà phê Ea Tu');
const COOP = account('htx', 'Lê Thị Hợp', 'HTX Cà phê Cư Né');
const SHOP = account('quan', 'Phạm Văn Quán', 'Quán cà phê Phố Núi');
const OUTSIDE = `Đại lý Cà phê Ngoài Sàn ${stamp}`;
const FARM_LOT = `QUA-${stamp}`;
const RECEIVED_LOT = `NHAP-${stamp}`;
const ROASTED_LOT = `RANG-${stamp}`;
const SHOP_LOT = `BAN-${stamp}`;
const REASON = `Phát hiện dư lượng thuốc bảo vệ thực vật ở vườn, thu hồi lô ${ROASTED_LOT}.`;

type Json = { data: Record<string, any> };
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 201): Promise<Json> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Json;
}
async function entitled(producer: APIRequestContext, name: string) {
  await ok(
    await producer.post('/api/v1/user_register_services', {
      data: { slug: 'multichannel_selling', form: { contact_name: name, phone: '0912345678' } },
    }),
  );
}
async function linkedPartner(from: APIRequestContext, to: string): Promise<number> {
  const found = (await (await from.get(`/api/v1/partners/producer-search?q=${encodeURIComponent(to)}`)).json()) as Json;
  const id = found.data.producers[0].id as number;
  return (await ok(await from.post('/api/v1/partners', { data: { linked_producer_id: id } }))).data.partner.id;
}

let farm: APIRequestContext;
let coop: APIRequestContext;
let shop: APIRequestContext;
let farmLotId: number;
let coopProducts: { green: string; roasted: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  farm = await approvedProducer('dtrack', anon, admin, FARM);
  coop = await approvedProducer('dtrack', anon, admin, COOP);
  shop = await approvedProducer('dtrack', anon, admin, SHOP);
  for (const [p, a] of [
    [farm, FARM],
    [coop, COOP],
    [shop, SHOP],
  ] as const)
    await entitled(p, a.name);
  const category = await leafCategoryId(anon);
  const cherries = await approvedProduct(farm, admin, { name: `Cà phê quả tươi ${stamp}`, category_id: category, unit: 'Kg' });
  coopProducts = { green: `Cà phê quả nhập ${stamp}`, roasted: `Cà phê rang xay ${stamp}` };
  await approvedProduct(coop, admin, { name: coopProducts.green, category_id: category, unit: 'Kg' });
  await approvedProduct(coop, admin, { name: coopProducts.roasted, category_id: category, unit: 'Kg' });
  await approvedProduct(shop, admin, { name: `Cà phê rang bán lẻ ${stamp}`, category_id: category, unit: 'Kg' });
  farmLotId = (
    await ok(
      await farm.post('/api/v1/traceabilities', {
        data: { product_id: cherries, lot_code: FARM_LOT, production_date: '2026-10-20', quantity: 100, unit: 'Kg' },
      }),
    )
  ).data.traceability.id;
  await ok(
    await farm.post(`/api/v1/traceabilities/${farmLotId}/events`, {
      data: { step: 'harvesting', occurred_at: '2026-10-20T07:00:00+07:00', place: 'Vườn Ea Tu, Đắk Lắk' },
    }),
  );
  await linkedPartner(farm, COOP.producer);
  await linkedPartner(coop, SHOP.producer);
  await ok(await coop.post('/api/v1/partners', { data: { name: OUTSIDE, tax_code: '6001234567', address: 'Buôn Ma Thuột' } }));
});

test('farm → cooperative → roast → two shops; the mock recall from the farm lot finds them all and the recall reaches the phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const fresh = async () => (await browser.newContext(VIETNAM_DEVICE)).newPage();

  // 1. The farm ships 80 kg of its lot to the cooperative from the batch page.
  await signIn(page, 'dtrack', FARM.email, `/product-batches/${farmLotId}`, FARM.password);
  await page.getByTestId('ship-batch').click();
  await page.getByTestId('ship-quantity').fill('80');
  await pickOption(page, 'ship-partner', COOP.producer, COOP.producer);
  await page.getByTestId('ship-submit').click();
  await expect(page.getByTestId('batch-page')).toContainText('20 Kg'); // what is left

  // 2. The cooperative receives 79,5 kg in "Hàng đến" (each actor in a browser of its own).
  page = await fresh();
  await signIn(page, 'dtrack', COOP.email, '/incoming-shipments', COOP.password);
  const row = page.locator('tr', { hasText: FARM_LOT });
  await expect(row).toContainText(FARM.producer);
  await row.click();
  const detail = page.getByTestId('incoming-detail');
  await detail.getByTestId('receive-shipment').click();
  await pickOption(page, 'receive-product', coopProducts.green, coopProducts.green);
  await page.getByTestId('receive-lot').fill(RECEIVED_LOT);
  await page.getByTestId('receive-quantity').fill('79.5');
  await expect(page.getByTestId('receive-difference')).toContainText('−0,5 Kg');
  await page.getByTestId('receive-submit').click();
  await expect(detail.getByTestId('incoming-status')).toHaveText('Đã nhận');

  // 3. It roasts 75 kg of what it received into 60 kg of roasted coffee.
  await page.goto(urlFor('dtrack', '/transformations/new'));
  await expect(page.getByTestId('add-transformation-page')).toBeVisible();
  await pickOption(page, 'transformation-product', coopProducts.roasted, coopProducts.roasted);
  await page.getByTestId('transformation-lot-code').fill(ROASTED_LOT);
  await page.getByTestId('transformation-quantity').fill('60');
  await pickOption(page, 'transformation-unit', 'Kg');
  const input = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: RECEIVED_LOT });
  await pickFrom(page, 'input-lot-0', input, RECEIVED_LOT, RECEIVED_LOT);
  await page.getByTestId('input-quantity-0').fill('75');
  await page.getByTestId('input-quantity-0').blur();
  await expect(page.getByTestId('transformation-yield')).toContainText('80 %');
  await page.getByTestId('save-transformation').click();
  await expect(page).toHaveURL(/\/product-batches\/\d+$/);
  const roastedId = Number(page.url().split('/').pop());

  // The roasted lot is published and goes to both shops; the platform shop receives its part.
  const published = await ok(await coop.post(`/api/v1/traceabilities/${roastedId}/publish`), 200);
  const roastedCode = published.data.traceability.public_code as string;
  const partners = ((await (await coop.get('/api/v1/partners?per_page=50')).json()) as Json).data.partners as {
    id: number;
    name: string;
  }[];
  const ship = async (partner: string, quantity: number) =>
    ok(
      await coop.post('/api/v1/shipments', {
        data: {
          lot_id: roastedId,
          quantity,
          unit: 'Kg',
          partner_id: partners.find((p) => p.name === partner)!.id,
          shipped_on: '2026-11-20',
          document_type: 'invoice',
          document_number: `HD-${stamp}-${quantity}`,
        },
      }),
    );
  const toShop = (await ship(SHOP.producer, 20)).data.shipment.id;
  await ship(OUTSIDE, 10);
  const shopProducts = ((await (await shop.get('/api/v1/products?per_page=10')).json()) as Json).data.products;
  await ok(
    await shop.post(`/api/v1/shipments/incoming/${toShop}/receive`, {
      data: { product_id: shopProducts[0].id, lot_code: SHOP_LOT, received_quantity: 20, received_on: '2026-11-21' },
    }),
    200,
  );

  // 4. The platform administrator's mock recall from the farm's lot: the roasted lot and both shops.
  page = await fresh();
  await signIn(page, 'dtrack', 'admin@dtrack.demo', `/admin/mock-recall?lot_id=${farmLotId}`);
  const lots = page.getByTestId('mock-recall-lots');
  await expect(lots).toContainText(RECEIVED_LOT);
  await expect(lots).toContainText(ROASTED_LOT);
  await expect(lots).toContainText(SHOP_LOT);
  const holders = page.getByTestId('mock-recall-holders');
  await expect(holders).toContainText(SHOP.producer);
  await expect(holders).toContainText(OUTSIDE);
  await expect(page.getByTestId('mock-recall-elapsed')).toBeVisible();

  // …and recalls every affected lot at once, with one reason, after confirming.
  await page.getByTestId('recall-all').click();
  await page.getByTestId('recall-reason').fill(REASON);
  await page.getByTestId('recall-submit').click();
  await expect(page.getByTestId('recall-result')).toBeVisible();
  // The report, read again: the roasted lot recalled; the shop's lot, still a draft (no public
  // page yet), is listed for its holder, not recalled (ADR 036 §9).
  await expect(lots.locator('tr', { hasText: ROASTED_LOT })).toContainText('Đã thu hồi');
  await expect(lots.locator('tr', { hasText: SHOP_LOT })).toContainText('Bản nháp');

  // 5. The roasted lot's public page on a phone shows the recall and its reason.
  const phone = await browser.newContext({
    ...VIETNAM_DEVICE,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(urlFor('dtrack', `/trace/${roastedCode}`));
  await expect(phonePage.getByTestId('trace-recall-banner')).toBeVisible();
  await expect(phonePage.getByTestId('trace-recall-reason')).toContainText(REASON);
  expect(await phonePage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();
});
