import { apiClient, tokenOf } from '../support/api';
import { DEMO_PASSWORD, demo, expect as baseExpect, signIn, test, urlFor } from '../support/fixtures';

// Issue 27, EPCIS 2.0 capture (ADR 040): the coffee cooperative creates an API key for its buyer's
// system on the account page; the buyer's system captures its receiving event of the roasted lot
// through /epcis/capture; the event shows on the lot's timeline as the partner's.

const expect = baseExpect.configure({ timeout: 60_000 });
const name = `Kho siêu thị E2E ${Date.now().toString(36).toUpperCase()}`;
const ROASTED = { lot: 'RX-2526-002', gtin14: '08936045030011' };

test("a partner's system captures a receiving event with the producer's key; the batch timeline shows it", async ({
  page,
}) => {
  test.setTimeout(360_000);
  const anon = await apiClient('dtrack');
  const coop = await apiClient('dtrack', await tokenOf(anon, demo('coop', 'dtrack'), DEMO_PASSWORD));
  const list = await coop.get(`/api/v1/traceabilities?per_page=5&q=${ROASTED.lot}`);
  expect(list.status(), await list.text()).toBe(200);
  const lot = ((await list.json()) as { data: { traceabilities: { id: number; lot_code: string }[] } }).data
    .traceabilities.find((l) => l.lot_code === ROASTED.lot);
  expect(lot).toBeTruthy();

  // The producer makes a read+capture key and copies it for the partner.
  await signIn(page, 'dtrack', demo('coop', 'dtrack'), '/account-setup');
  await page.getByTestId('tab-apiKeys').click();
  await page.getByTestId('api-keys-card').getByTestId('api-key-create').first().click();
  const modal = page.getByTestId('api-key-modal');
  await modal.getByTestId('api-key-name').fill(name);
  await modal.getByText('Đọc và gửi sự kiện').click();
  await modal.getByTestId('api-key-save').click();
  const key = await modal.getByTestId('api-key-secret').inputValue();
  expect(key).toMatch(/^ahk_/);
  await modal.getByTestId('api-key-done').click();

  // The partner's script: one receiving event of the roasted lot (its GS1 Digital Link class).
  const eventTime = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const document = {
    '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: {
      eventList: [
        {
          type: 'ObjectEvent',
          eventTime,
          eventTimeZoneOffset: '+07:00',
          epcList: [],
          action: 'OBSERVE',
          bizStep: 'receiving',
          disposition: 'in_progress',
          quantityList: [
            { epcClass: `https://id.gs1.org/01/${ROASTED.gtin14}/10/${ROASTED.lot}`, quantity: 12.5, uom: 'KGM' },
          ],
        },
      ],
    },
  };
  const machine = await apiClient('dtrack');
  const captured = await machine.post('/epcis/capture', {
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/ld+json' },
    data: JSON.stringify(document),
  });
  expect(captured.status(), await captured.text()).toBe(202);
  const job = await machine.get(captured.headers()['location'], { headers: { Authorization: `Bearer ${key}` } });
  expect(job.status()).toBe(200);
  expect(await job.json()).toMatchObject({ running: false, success: true });

  // On the batch's timeline, labelled as the partner's event (the key's name).
  await page.goto(urlFor('dtrack', `/product-batches/${lot!.id}`));
  await expect(page.getByTestId('batch-event-partner').filter({ hasText: name })).toBeVisible();
  await Promise.all([anon.dispose(), coop.dispose(), machine.dispose()]);
});
