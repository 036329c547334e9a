import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { SERVICE_SLUGS, type RegisterService } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { seedServices } from '../../db/seed/services.js';

let t: TestApp;
let admin: Built;
let reader: Built;
let foodmapAdmin: Built;
const HEADERS_VI = ['Hạng mục (tiếng Việt)', 'Hạng mục (tiếng Anh)', 'Đơn vị tính (tiếng Việt)', 'Đơn vị tính (tiếng Anh)', 'Giá (VNĐ)', 'Ghi chú'];

beforeAll(async () => {
  t = await createTestApp();
  await seedServices(t.db, ['agrihub', 'foodmap']);
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  reader = await buildUser(t.db, {
    platform: 'agrihub',
    roles: ['customer_support'],
    abilities: [{ action: 'read', subject: 'register_service' }],
  });
  foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

async function service(slug: string): Promise<RegisterService> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/register_services/${slug}`, headers: headers('agrihub') });
  return json(res).data.register_service;
}

async function workbook(rows: unknown[][], head = HEADERS_VI): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Bảng giá');
  sheet.addRow(head);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const importPricing = (u: Built, id: number, data: Buffer | null, fields: Record<string, string> = {}) => {
  const body = multipart(data ? { filename: 'bang-gia.xlsx', data } : null, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/register_services/${id}/import_pricing`,
    headers: { ...as(u), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const exportPricing = (u: Built, id: number, locale = 'vi') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/register_services/${id}/export_pricing`, headers: as(u, locale) });

async function sheetRows(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('pricing import', () => {
  it('replaces the pricing table with every row of a sound sheet', async () => {
    const svc = await service('packaging-printing');
    const data = await workbook([
      ['In hộp giấy', 'Paper box printing', 'hộp', 'box', 3500, 'Tối thiểu 1.000 hộp'],
      ['In tem truy xuất', 'Trace label printing', 'tem', 'label', '1.200', null],
      [],
      ['Thiết kế file in', 'Print file preparation', null, null, null, 'Báo giá theo mẫu'],
    ]);
    const res = await importPricing(admin, svc.id, data);
    expect(res.statusCode).toBe(200);
    expect(json(res).meta.message).toBe('Đã nhập 3 dòng bảng giá.');
    expect((await service('packaging-printing')).pricing).toEqual([
      { item_vi: 'In hộp giấy', item_en: 'Paper box printing', unit_vi: 'hộp', unit_en: 'box', price: 3500, note: 'Tối thiểu 1.000 hộp' },
      { item_vi: 'In tem truy xuất', item_en: 'Trace label printing', unit_vi: 'tem', unit_en: 'label', price: 1200, note: null },
      { item_vi: 'Thiết kế file in', item_en: 'Print file preparation', unit_vi: '', unit_en: '', price: null, note: 'Báo giá theo mẫu' },
    ]);
  });

  it('imports nothing when one row is bad and reports row, column and reason in the chosen language', async () => {
    const svc = await service(SERVICE_SLUGS.gs1Barcode);
    const before = svc.pricing;
    const data = await workbook([
      ['Phí dịch vụ', 'Service fee', 'hồ sơ', 'dossier', 2_000_000, null],
      ['', 'Annual fee', 'năm', 'year', -5, null],
      ['Phí duy trì', 'Upkeep', 'năm', 'year', 'abc', null],
    ]);
    const res = await importPricing(admin, svc.id, data, { locale: 'en' });
    expect(res.statusCode).toBe(422);
    const body = json(res);
    expect(body.meta.code).toBe('pricing_import_invalid');
    expect(body.meta.message).toContain('nothing was imported');
    expect(body.problems).toEqual([
      { row: 3, column: 'Item (Vietnamese)', message: 'Please enter the item name.' },
      { row: 3, column: 'Price (VND)', message: 'A price is a whole, non-negative amount of VND.' },
      { row: 4, column: 'Price (VND)', message: 'A price is a whole, non-negative amount of VND.' },
    ]);
    expect((await service(SERVICE_SLUGS.gs1Barcode)).pricing).toEqual(before);
    const vi = json(await importPricing(admin, svc.id, data));
    expect(vi.problems[0]).toEqual({ row: 3, column: 'Hạng mục (tiếng Việt)', message: 'Vui lòng nhập tên hạng mục.' });
  });

  it('refuses a missing file, a file that is not xlsx, a wrong header row and an unknown locale (422)', async () => {
    const svc = await service('advertising');
    const codes = async (res: Awaited<ReturnType<typeof importPricing>>) => [res.statusCode, json(res).meta.code];
    expect(await codes(await importPricing(admin, svc.id, null))).toEqual([422, 'pricing_file_required']);
    expect(await codes(await importPricing(admin, svc.id, Buffer.from('item;price\nx;1')))).toEqual([422, 'pricing_file_invalid']);
    const wrongHead = await workbook([['a', 'b', '', '', 1, '']], ['Tên', 'Giá']);
    expect(await codes(await importPricing(admin, svc.id, wrongHead))).toEqual([422, 'pricing_file_headers']);
    const ok = await workbook([['Quảng cáo Facebook', 'Facebook ads', 'tháng', 'month', 5_000_000, null]]);
    expect((await importPricing(admin, svc.id, ok, { locale: 'fr' })).statusCode).toBe(422);
    expect((await service('advertising')).pricing).toEqual([]);
  });

  it('refuses a file over 2 MB with a clear message in the chosen language', async () => {
    const svc = await service('advertising');
    const big = Buffer.concat([await workbook([]), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const res = await importPricing(admin, svc.id, big, { locale: 'en' });
    expect([res.statusCode, json(res).meta.code]).toEqual([422, 'file_too_large']);
    expect(json(res).meta.message).toContain('2 MB');
  });

  it('refuses more rows than a pricing table holds', async () => {
    const svc = await service('advertising');
    const rows = Array.from({ length: 101 }, (_, i) => [`Hạng mục ${i}`, `Item ${i}`, '', '', i, null]);
    const res = await importPricing(admin, svc.id, await workbook(rows));
    expect([res.statusCode, json(res).meta.code]).toEqual([422, 'pricing_import_too_many_rows']);
  });
});

describe('pricing export', () => {
  it('exports an xlsx that imports back unchanged, formula-looking text included', async () => {
    const svc = await service('digital-signature');
    const edited = [
      ...svc.pricing,
      { item_vi: '=Gói đặc biệt', item_en: '-Special', unit_vi: '', unit_en: '', price: null, note: '@ghi chú' },
    ];
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/admin/register_services/${svc.id}`, headers: as(admin), payload: { pricing: edited } })).statusCode).toBe(200);
    const exported = await exportPricing(admin, svc.id);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['content-disposition']).toContain('bang-gia-digital-signature');
    const res = await importPricing(admin, svc.id, exported.rawPayload);
    expect(res.statusCode).toBe(200);
    expect((await service('digital-signature')).pricing).toEqual(
      edited.map((r) => ({ ...r, note: r.note ?? null })),
    );
  });

  it('gives a header-only template for an empty table, in the caller’s language, that imports to nothing', async () => {
    const svc = await service('kol-review');
    const exported = await exportPricing(admin, svc.id, 'en');
    expect(await sheetRows(exported.rawPayload)).toEqual([
      ['Item (Vietnamese)', 'Item (English)', 'Unit (Vietnamese)', 'Unit (English)', 'Price (VND)', 'Note'],
    ]);
    const res = await importPricing(admin, svc.id, exported.rawPayload);
    expect(res.statusCode).toBe(200);
    expect((await service('kol-review')).pricing).toEqual([]);
  });

  it('is for administrators with the ability, on their own platform', async () => {
    const svc = await service('kol-review');
    expect((await exportPricing(reader, svc.id)).statusCode).toBe(200);
    const data = await workbook([['Review', 'Review', '', '', 1, null]]);
    expect((await importPricing(reader, svc.id, data)).statusCode).toBe(403);
    expect((await exportPricing(foodmapAdmin, svc.id)).statusCode).toBe(404);
    expect((await importPricing(foodmapAdmin, svc.id, data)).statusCode).toBe(404);
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    expect((await exportPricing(producer, svc.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/register_services/${svc.id}/export_pricing`, headers: headers('agrihub') })).statusCode,
    ).toBe(401);
  });
});
