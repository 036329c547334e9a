import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVICE_SLUGS, serviceFormFields } from '@agrihub/contract';
import { registerServices } from '../../db/schema/index.js';
import { SERVICE_CATALOGUE } from '../../db/seed/services-data.js';
import { seedServices } from '../../db/seed/services.js';
import { as, buildUser, createTestApp, headers, json, type Built, type TestApp } from '../../../test/helper.js';
import { FORM, setStep } from './test-support.js';

let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  await seedServices(t.db);
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
});
afterAll(() => t.close());

const GS1 = { product_count: 25, company_name_en: 'Sao Mai Agriculture', member_type: 'cooperative' };

const registerTo = (u: Built, slug: string, fields: Record<string, unknown> | undefined, locale = 'vi') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations/register_service',
    headers: as(u, locale),
    payload: { slug, form: { ...FORM, ...(fields ? { fields } : {}) } },
  });
const edit = (u: Built, id: number, fields: Record<string, unknown>, locale = 'vi') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/user_register_services/${id}`,
    headers: as(u, locale),
    payload: { form: { ...FORM, fields } },
  });
const errorsOf = (res: Parameters<typeof json>[0]) =>
  Object.fromEntries((json(res).meta.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));

async function gs1Request(u: Built) {
  const res = await registerTo(u, SERVICE_SLUGS.gs1Barcode, GS1);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.urs as { id: number; form: { fields: Record<string, unknown> }; service: { form_fields: unknown[] } };
}

describe('the seeded form fields', () => {
  it('every seeded service’s fields pass the contract schema; GS1 asks its three required answers', async () => {
    for (const services of Object.values(SERVICE_CATALOGUE)) {
      for (const s of services) expect(serviceFormFields.safeParse(s.formFields ?? []).success, s.slug).toBe(true);
    }
    const res = await t.app.inject({ url: `/api/v1/register_services/${SERVICE_SLUGS.gs1Barcode}`, headers: headers('agrihub') });
    const fields = json(res).data.register_service.form_fields as { key: string; required: boolean }[];
    expect(fields.filter((f) => f.required).map((f) => f.key)).toEqual(['product_count', 'company_name_en', 'member_type']);
  });
});

describe('answers on a new request', () => {
  it('refuses missing, mistyped, out-of-list and too long answers, naming the field in the caller’s language', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    let res = await registerTo(producer, SERVICE_SLUGS.gs1Barcode, undefined);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'form.fields.product_count': 'Vui lòng nhập "Số sản phẩm cần cấp mã".',
      'form.fields.company_name_en': 'Vui lòng nhập "Tên doanh nghiệp bằng tiếng Anh".',
      'form.fields.member_type': 'Vui lòng nhập "Loại hình thành viên".',
    });
    expect(json(res).meta.message).toBe('Thông tin đăng ký chưa hợp lệ: Vui lòng nhập "Số sản phẩm cần cấp mã".');
    res = await registerTo(
      producer,
      SERVICE_SLUGS.gs1Barcode,
      { product_count: 'hai mươi', company_name_en: 'x'.repeat(201), member_type: 'farm', colour: 'red' },
      'en',
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'form.fields.product_count': '"Number of products to code" must be a number.',
      'form.fields.company_name_en': '"Company name in English" has at most 200 characters.',
      'form.fields.member_type': 'Please choose "Member type" from the list.',
      'form.fields.colour': 'The service has no field "colour".',
    });
    res = await registerTo(producer, SERVICE_SLUGS.gs1Barcode, { ...GS1, product_count: 0.5 }, 'en');
    expect(errorsOf(res)['form.fields.product_count']).toBe('"Number of products to code" must be a whole number.');
    res = await registerTo(producer, SERVICE_SLUGS.gs1Barcode, { ...GS1, product_count: 100_001 }, 'en');
    expect(errorsOf(res)['form.fields.product_count']).toBe('"Number of products to code" must be at most 100000.');
    // A date field checks a real calendar date.
    res = await registerTo(producer, 'e-invoice', { invoices_per_month: 50, tax_code: '0101234567', start_date: '2027-02-30' }, 'en');
    expect(errorsOf(res)).toEqual({ 'form.fields.start_date': '"Wished start date" must be a valid date.' });
  });

  it('stores good answers (numbers from text, trimmed) and answers them with the service’s fields', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const res = await registerTo(producer, SERVICE_SLUGS.gs1Barcode, { ...GS1, product_count: '25', company_name_en: ' Sao Mai Agriculture ', tax_code: '' });
    expect(res.statusCode, res.body).toBe(201);
    const urs = json(res).data.urs;
    expect(urs.form.fields).toEqual(GS1);
    expect(urs.service.form_fields.map((f: { key: string }) => f.key)).toEqual(['product_count', 'company_name_en', 'member_type', 'tax_code']);
  });
});

describe('editing the answers', () => {
  it('the producer edits at fill_info (history names the changed answers), and again after staff sent it back with a reason', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await gs1Request(producer);
    let res = await edit(producer, id, { ...GS1, product_count: 40 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs.form.fields.product_count).toBe(40);
    const history = json(
      await t.app.inject({ url: `/api/v1/user_register_services/${id}/history`, headers: as(producer) }),
    ).data.history as { action: string; detail: Record<string, unknown> }[];
    expect(history.find((h) => h.action === 'update')?.detail).toMatchObject({ fields: ['fields.product_count'] });

    // Submitted (advice): not editable any more.
    res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user_register_services/${id}/move`,
      headers: as(producer),
      payload: { to: 'advice' },
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await edit(producer, id, { ...GS1, product_count: 41 }, 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.message).toMatch(/^The request is at the step "/);

    // Staff ask for more information: back to fill_info with a reason — editable again.
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/user_register_services/${id}`,
      headers: as(admin),
      payload: { move: { to: 'fill_info', reason: 'Thiếu mã số thuế' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await edit(producer, id, { ...GS1, product_count: 41, tax_code: '0101234567' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.urs.form.fields).toMatchObject({ product_count: 41, tax_code: '0101234567' });
  });

  it('refuses bad answers on an edit (422, nothing saved), another producer’s request (404), a later step (409)', async () => {
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    const other = await buildUser(t.db, { platform: 'agrihub' });
    const { id } = await gs1Request(producer);
    let res = await edit(producer, id, { ...GS1, member_type: '' }, 'en');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ 'form.fields.member_type': 'Please fill in "Member type".' });
    res = await t.app.inject({ url: `/api/v1/user_register_services/${id}`, headers: as(producer) });
    expect(json(res).data.urs.form.fields).toEqual(GS1);
    expect((await edit(other, id, GS1)).statusCode).toBe(404);
    await setStep(t.db, id, 'contract');
    res = await edit(producer, id, GS1);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('service_request_not_editable');
  });
});

describe('admin editing of a service’s fields', () => {
  const put = (id: number, form_fields: unknown, locale = 'vi') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/register_services/${id}`, headers: as(admin, locale), payload: { form_fields } });
  const serviceId = async (slug: string) =>
    (
      await t.db
        .select({ id: registerServices.id })
        .from(registerServices)
        .where(eq(registerServices.slug, slug))
    ).find(Boolean)!.id;

  it('saves fields (added, reordered) that the next request must answer', async () => {
    const [svc] = await t.db.select().from(registerServices).where(eq(registerServices.slug, 'advertising'));
    const res = await put(svc.id, [
      { key: 'budget', type: 'number', label_vi: 'Ngân sách (VNĐ)', label_en: 'Budget (VND)', required: true, min: 0 },
      { key: 'channel', type: 'select', label_vi: 'Kênh', label_en: 'Channel', options: [{ value: 'facebook', label_vi: 'Facebook', label_en: 'Facebook' }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.register_service.form_fields.map((f: { key: string }) => f.key)).toEqual(['budget', 'channel']);
    const producer = await buildUser(t.db, { platform: svc.platform as 'agrihub' });
    expect((await registerTo(producer, svc.slug, {})).statusCode).toBe(422);
    expect((await registerTo(producer, svc.slug, { budget: 5_000_000, channel: 'facebook' })).statusCode).toBe(201);
  });

  it('refuses bad definitions field by field (422), nothing saved', async () => {
    const id = await serviceId('kol-review');
    const res = await put(
      id,
      [
        { key: 'Tên', type: 'text', label_vi: 'A', label_en: 'A' },
        { key: 'kind', type: 'select', label_vi: 'B', label_en: '' },
        { key: 'count', type: 'number', label_vi: 'C', label_en: 'C', min: 10, max: 1 },
        { key: 'count', type: 'colour', label_vi: 'D', label_en: 'D' },
      ],
      'en',
    );
    expect(res.statusCode).toBe(422);
    const fields = (json(res).meta.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['form_fields.0.key', 'form_fields.1.label_en', 'form_fields.3.type']),
    );
    const [row] = await t.db.select({ f: registerServices.formFields }).from(registerServices).where(eq(registerServices.id, id));
    expect(row.f).toEqual([]);
    expect((await put(id, Array.from({ length: 31 }, (_, i) => ({ key: `f${i}`, type: 'text', label_vi: 'X', label_en: 'X' })))).statusCode).toBe(422);
  });
});
