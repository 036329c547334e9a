import { adminClient, apiClient } from '../support/api';
import { expect, signIn, test, demo } from '../support/fixtures';
import { pickOption } from '../support/antd';

/** `YYYY-MM-DD` in Vietnam `days` from now, and as the date picker and list show it (`DD/MM/YYYY`). */
function vnDay(days: number) {
  const iso = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return { iso, shown: iso.split('-').reverse().join('/') };
}

/**
 * The OEM directory as DTrack's administrator: an OEM of this test's own (a certificate ending in
 * 40 days, set up through the API) is found with the "expiring within 60 days" filter and an
 * accent-free search, opened, its certificate renewed by editing the date in the form, saved; the
 * list then shows it valid with its new date and the expiring filter no longer finds it.
 */
test('admin finds an OEM whose certificate expires, renews the certificate and sees it in the list', async ({
  page,
}) => {
  // The run's first sign-in of DTrack's admin may happen here (the login form, then the frame's chunks).
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Xưởng Đóng Gói Thử Nghiệm ${stamp}`;
  const soon = vnDay(40);
  const renewed = vnDay(400);
  const anon = await apiClient('dtrack');
  const admin = await adminClient('dtrack', anon);
  const created = await admin.post('/api/v1/admin/producer_oems', {
    data: {
      name,
      province_code: '01',
      monthly_capacity: 12000,
      capacity_unit: 'Hộp',
      certificates: [{ name: 'HACCP', issuer: 'Quacert', number: `E2E-${stamp}`, valid_until: soon.iso }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { producer_oem: { id: number } } }).data.producer_oem.id;

  await signIn(page, 'dtrack', demo('admin', 'dtrack'), '/admin/oems');
  await expect(page.getByTestId('oems')).toBeVisible();
  const row = page.locator(`[data-testid="oem-row"][data-id="${id}"]`);
  const search = page.getByTestId('oem-search').locator('xpath=descendant-or-self::input');

  await test.step('filter: certificates expiring within 60 days, then the name typed without accents', async () => {
    await pickOption(page, 'oem-certificate-filter', 'Chứng nhận hết hạn trong 60 ngày');
    await expect(page).toHaveURL(/certificate=expiring/);
    await search.fill(`xuong dong goi thu nghiem ${stamp}`);
    await search.press('Enter');
    await expect(page.getByTestId('oem-row')).toHaveCount(1);
    await expect(row.getByTestId('certificate-validity')).toHaveAttribute('data-validity', 'expiring');
    await expect(row.getByTestId('certificate-validity')).toHaveText('Còn 40 ngày');
    await expect(row.getByTestId('oem-next-expiry')).toContainText(soon.shown);
  });

  await test.step('open it and renew the certificate in the form', async () => {
    await row.getByTestId('oem-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/oems/${id}$`));
    await expect(page.getByTestId('oem-name')).toHaveValue(name);
    const picker = page.getByTestId('oem-certificate-valid-until-0');
    await expect(picker).toHaveValue(soon.shown);
    await picker.click();
    await picker.fill(renewed.shown);
    await picker.press('Enter');
    await expect(picker).toHaveValue(renewed.shown);
    await expect(page.getByTestId('oem-certificate-state').getByTestId('certificate-validity')).toHaveAttribute(
      'data-validity',
      'valid',
    );
    await page.getByTestId('oem-save').click();
    await expect(page.getByText('Đã cập nhật nhà sản xuất OEM.')).toBeVisible();
    await expect(page.getByTestId('oem-history').getByTestId('history-action').first()).toHaveAttribute(
      'data-action',
      'update',
    );
  });

  await test.step('back in the list: valid with its new date, and no longer among the expiring', async () => {
    await page.getByRole('link', { name: 'Danh sách nhà sản xuất OEM' }).click();
    await expect(page).toHaveURL(/\/admin\/oems$/);
    await search.fill(stamp);
    await search.press('Enter');
    await expect(row.getByTestId('certificate-validity')).toHaveAttribute('data-validity', 'valid');
    await expect(row.getByTestId('oem-next-expiry')).toContainText(renewed.shown);
    await pickOption(page, 'oem-certificate-filter', 'Chứng nhận hết hạn trong 60 ngày');
    await expect(page.getByTestId('oems-empty')).toBeVisible();
  });

  await test.step('an expired OEM is dated by its expired certificate, not by a valid one further ahead', async () => {
    // The demo's Tân Cương cooperative: VietGAP expired 20 days ago, an organic certificate valid for 510 days.
    await pickOption(page, 'oem-certificate-filter', 'Chứng nhận đã hết hạn');
    await search.fill('tan cuong');
    await search.press('Enter');
    const expired = page.getByTestId('oem-row').filter({ hasText: 'Hợp tác xã Chè Tân Cương Xanh' });
    await expect(expired.getByTestId('certificate-validity')).toHaveAttribute('data-validity', 'expired');
    await expect(expired.getByTestId('oem-next-expiry')).toHaveText(/^Hết hạn ngày \d{2}\/\d{2}\/\d{4}$/);
    await expect(expired.getByTestId('oem-next-expiry')).toHaveAttribute('data-kind', 'expiredOn');
  });
});
