import type { APIRequestContext } from '@playwright/test';
import { adminClient, apiClient, approvedProduct, approvedProducer, leafCategoryId } from '../support/api';
import { pickOption } from '../support/antd';
import { expect, signIn, test } from '../support/fixtures';

/**
 * Issue 26, shipments and receipts: producer A ships 40 kg of a lot to producer B (its partner on
 * the platform); B finds it in "Hàng đến", receives 39.5 kg into a new lot of its own (the
 * difference shown as typed) and the shipment reads "Đã nhận". Seeded through the API.
 */
const stamp = Date.now().toString(36);
const A = { email: `gui-${stamp}@example.vn`, password: 'Demo@123', name: 'Nguyễn Văn Gửi', producer: `HTX Cà phê Cầu Đất ${stamp}` };
const B = { email: `nhan-${stamp}@example.vn`, password: 'Demo@123', name: 'Trần Thị Nhận', producer: `Công ty Rang xay Đà Lạt ${stamp}` };
const LOT = `CP-${stamp}`.toUpperCase();

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 201) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json() as Promise<{ data: Record<string, { id: number }> }>;
}

async function entitled(producer: APIRequestContext, name: string) {
  // DTrack opens products and batches to producers registered to multi-channel selling (free).
  await ok(
    await producer.post('/api/v1/user_register_services', {
      data: { slug: 'multichannel_selling', form: { contact_name: name, phone: '0912345678' } },
    }),
  );
}

test.beforeAll(async () => {
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  const a = await approvedProducer('dtrack', anon, admin, A);
  const b = await approvedProducer('dtrack', anon, admin, B);
  await entitled(a, A.name);
  await entitled(b, B.name);
  const category = await leafCategoryId(anon);
  const cherries = await approvedProduct(a, admin, { name: `Cà phê quả tươi ${stamp}`, category_id: category, unit: 'Kg' });
  await approvedProduct(b, admin, { name: `Cà phê nhân ${stamp}`, category_id: category, unit: 'Kg' });
  const lot = (
    await ok(
      await a.post('/api/v1/traceabilities', {
        data: { product_id: cherries, lot_code: LOT, production_date: '2026-01-10', quantity: 100, unit: 'Kg' },
      }),
    )
  ).data.traceability.id;
  const found = await a.get(`/api/v1/partners/producer-search?q=${encodeURIComponent(B.producer)}`);
  const producerB = ((await found.json()) as { data: { producers: { id: number }[] } }).data.producers[0].id;
  const partner = (await ok(await a.post('/api/v1/partners', { data: { linked_producer_id: producerB } }))).data.partner.id;
  await ok(
    await a.post('/api/v1/shipments', {
      data: {
        lot_id: lot,
        quantity: 40,
        unit: 'Kg',
        partner_id: partner,
        shipped_on: '2026-01-12',
        document_type: 'delivery_note',
        document_number: `PX-${stamp}`,
        carrier: 'Xe tải 49C-12345',
        note: 'Ghi chú nội bộ bên gửi',
      },
    }),
  );
});

test('B receives A’s shipment in its inbox', async ({ page }) => {
  await signIn(page, 'dtrack', B.email, '/incoming-shipments', B.password);
  await expect(page.getByTestId('incoming-page')).toBeVisible();
  const row = page.locator('tr', { hasText: LOT });
  await expect(row).toContainText(A.producer);
  await expect(row).toContainText('Đã gửi');
  // The sender's internal note never reaches the receiver.
  await expect(page.getByText('Ghi chú nội bộ bên gửi')).toHaveCount(0);
  await row.click();
  const detail = page.getByTestId('incoming-detail');
  await expect(detail).toContainText(`PX-${stamp}`);
  await detail.getByTestId('receive-shipment').click();
  await pickOption(page, 'receive-product', `Cà phê nhân ${stamp}`);
  await page.getByTestId('receive-lot').fill(`NHAN-${stamp}`.toUpperCase());
  await page.getByTestId('receive-quantity').fill('39.5');
  await expect(page.getByTestId('receive-difference')).toContainText('−0,5 Kg');
  await page.getByTestId('receive-submit').click();
  await expect(detail.getByTestId('incoming-status')).toHaveText('Đã nhận');
  await expect(detail).toContainText(`NHAN-${stamp}`.toUpperCase());
});
