import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ActivityItem, RegisterService } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { seedServices } from '../../db/seed/services.js';

let t: TestApp;
let admin: Built;
let producer: Built;
let foodmapAdmin: Built;

beforeAll(async () => {
  t = await createTestApp();
  await seedServices(t.db, ['agrihub', 'foodmap']);
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  producer = await buildUser(t.db, { platform: 'agrihub' });
  foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
});
afterAll(() => t.close());

async function service(slug: string): Promise<RegisterService> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/register_services/${slug}`, headers: headers('agrihub') });
  return json(res).data.register_service;
}
const put = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/register_services/${id}`, headers: as(admin), payload });
const history = (u: Built | null, id: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/register_services/${id}/history${query}`,
    headers: u ? as(u) : headers('agrihub'),
  });
const rows = async (id: number) => json<{ data: { history: ActivityItem[] } }>(await history(admin, id)).data.history;

describe('catalogue history (GET /api/v1/admin/register_services/{id}/history)', () => {
  it('records an edit: who, every changed field, before → after for the plain ones', async () => {
    const svc = await service('product-photography');
    expect(await rows(svc.id)).toEqual([]);
    const res = await put(svc.id, {
      available: false,
      price_from: 800_000,
      title_en: svc.title_en, // unchanged: not listed
      target_days: { advice: 2 },
      pricing: [{ item_vi: 'Ảnh nền trắng', item_en: 'White background photo', price: 80_000 }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows(svc.id);
    expect(row).toMatchObject({
      action: 'update',
      user: { id: admin.user.id, name: admin.user.name, staff: true },
      detail: {
        fields: ['available', 'price_from', 'pricing', 'target_days'],
        changes: { available: [true, false], price_from: [svc.price_from, 800_000] },
      },
    });
    // The same values again change nothing and write no row (jsonb key order does not count).
    expect((await put(svc.id, { available: false, target_days: { advice: 2 } })).statusCode).toBe(200);
    expect(await rows(svc.id)).toHaveLength(1);
    // A refused edit writes nothing either.
    expect((await put(svc.id, { price_from: -1 })).statusCode).toBe(422);
    expect(await rows(svc.id)).toHaveLength(1);
  });

  it('records a pricing import with its row count; newest first and paged', async () => {
    const svc = await service('packaging-printing');
    expect((await put(svc.id, { position: 40 })).statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Bảng giá');
    sheet.addRow(['Hạng mục (tiếng Việt)', 'Hạng mục (tiếng Anh)', 'Đơn vị tính (tiếng Việt)', 'Đơn vị tính (tiếng Anh)', 'Giá (VNĐ)', 'Ghi chú']);
    sheet.addRow(['In hộp giấy', 'Paper box printing', 'hộp', 'box', 3500, null]);
    sheet.addRow(['In tem', 'Label printing', 'tem', 'label', 1200, null]);
    const body = multipart({ filename: 'bang-gia.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }, {});
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/register_services/${svc.id}/import_pricing`,
      headers: { ...as(admin), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(imported.statusCode).toBe(200);
    const page = json(await history(admin, svc.id));
    expect(page.meta).toMatchObject({ total_count: 2, current_page: 1 });
    expect(page.data.history.map((h: ActivityItem) => [h.action, h.detail])).toEqual([
      ['import_pricing', { rows: 2 }],
      ['update', { fields: ['position'], changes: { position: [svc.position, 40] } }],
    ]);
    const second = json(await history(admin, svc.id, '?page=2&per_page=1'));
    expect(second.data.history.map((h: ActivityItem) => h.action)).toEqual(['update']);
  });

  it("is the back office's: 404 for another platform's service, 403 for a producer, 401 signed out", async () => {
    const svc = await service('advertising');
    const other = await history(foodmapAdmin, svc.id);
    expect(other.statusCode).toBe(404);
    expect((await history(producer, svc.id)).statusCode).toBe(403);
    expect((await history(null, svc.id)).statusCode).toBe(401);
    expect((await history(admin, svc.id, '?per_page=500')).statusCode).toBe(422);
  });
});
