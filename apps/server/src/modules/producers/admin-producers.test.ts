import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DENIED_MESSAGE, provinceName, type PlatformKey } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildUser, type BuildUserOptions } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STAFF: Record<'admin' | 'support', BuildUserOptions> = {
  admin: { roles: ['admin'] },
  support: { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'producer' }] },
};
const staff = new Map<string, Promise<Record<string, string>>>();
/** Headers of an administrator, or of support staff who may only read producers (one account per platform). */
function staffOf(role: keyof typeof STAFF, platform: PlatformKey = 'dtrack') {
  const key = `${role}@${platform}`;
  if (!staff.has(key))
    staff.set(
      key,
      buildUser(t.db, { platform, ...STAFF[role] }).then((u) => as(u)),
    );
  return staff.get(key)!;
}
/** A producer waiting for approval. */
const pendingProducerId = async (platform: PlatformKey = 'dtrack') =>
  (await buildProducer(t.db, { platform, status: 'pending' })).id;
const statusOf = async (id: number) =>
  (await t.db.select({ s: producers.status }).from(producers).where(eq(producers.id, id)))[0]?.s;

const get = (id: number, h: Record<string, string>) =>
  t.app.inject({ url: `/api/v1/admin/producers/${id}`, headers: h });
const setStatus = (id: number, payload: object, h: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/producers/${id}/status`, headers: h, payload });
const bulk = (payload: object, h: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/producers/bulk', headers: h, payload });
const exportXlsx = (payload: object, h: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/producers/export', headers: h, payload });

describe('permissions on the admin producer routes', () => {
  it('producers get 403 forbidden everywhere', async () => {
    const producer = await buildUser(t.db);
    const h = as(producer);
    const id = producer.producerId!;
    for (const res of [
      await get(id, h),
      await setStatus(id, { status: 'approved' }, h),
      await bulk({ ids: [id], status: 'approved' }, h),
      await exportXlsx({ mode: 'exportAllData' }, h),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).meta).toMatchObject({ code: 'forbidden', message: 'Bạn không có quyền truy cập.' });
    }
  });

  it('support (read producer only) reads and exports, but may not change a status', async () => {
    const h = await staffOf('support');
    const id = await pendingProducerId();
    expect((await get(id, h)).statusCode).toBe(200);
    expect((await exportXlsx({ mode: 'exportAllData' }, h)).statusCode).toBe(200);
    for (const res of [
      await setStatus(id, { status: 'approved' }, h),
      await bulk({ ids: [id], status: 'approved' }, h),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).meta.message).toBe(PERMISSION_DENIED_MESSAGE);
      expect(json(res).meta.message).toBe('Cannot execute an action on a subject');
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it('without a token → 401', async () => {
    expect((await get(1, headers('dtrack'))).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/producers/{id}', () => {
  it('gives the producer, its accounts (no secrets) and its product and batch counts', async () => {
    const owner = await buildUser(t.db, {
      platform: 'agrihub',
      name: 'Trần Thị Bình',
      email: 'binh@example.vn',
      producer: { name: 'Hộ kinh doanh Trần Thị Bình', status: 'pending' },
    });
    const id = owner.producerId!;
    const res = await get(id, await staffOf('admin', 'agrihub'));
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.producer).toMatchObject({ id, name: 'Hộ kinh doanh Trần Thị Bình', status: 'pending' });
    expect(body.data.users).toEqual([
      {
        id: expect.any(Number),
        name: 'Trần Thị Bình',
        email: 'binh@example.vn',
        phone: null,
        created_at: expect.any(String),
      },
    ]);
    expect(body.data.counts).toEqual({ products: 0, batches: 0 });
    expect(res.body).not.toMatch(/password|argon2|roles/);
  });

  it('another platform’s producer or an unknown id → 404; a bad id → 422', async () => {
    const h = await staffOf('admin');
    const foreign = await pendingProducerId('foodmap');
    expect((await get(foreign, h)).statusCode).toBe(404);
    expect(json(await get(foreign, h)).meta.code).toBe('not_found');
    expect((await get(999999, h)).statusCode).toBe(404);
    expect((await get(0, h)).statusCode).toBe(422);
    expect((await setStatus(foreign, { status: 'approved' }, h)).statusCode).toBe(404);
    expect(await statusOf(foreign)).toBe('pending');
  });
});

describe('PUT /api/v1/admin/producers/{id}/status', () => {
  it('admin approves, closes with a reason and reopens; the accounts are mailed', async () => {
    const h = await staffOf('admin');
    const p = await buildUser(t.db, { producer: { status: 'pending', name: 'HTX Chè Tân Cương' } });
    const id = p.producerId!;
    await clearOutbox(t);
    const ok = await setStatus(id, { status: 'approved' }, h);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.producer).toMatchObject({ id, status: 'approved' });
    expect(json(ok).meta.message).toBe('Đã duyệt đơn vị sản xuất.');
    const closed = await setStatus(id, { status: 'closed', reason: 'Hồ sơ pháp lý hết hiệu lực' }, h);
    expect(json(closed).data.producer.status).toBe('closed');
    expect(json(closed).meta.message).toBe('Đã đóng đơn vị sản xuất.');
    // The mails hang off producer.approved / producer.closed, published after commit.
    await t.app.events.drain();
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [p.user.email, '[DTrack] Đơn vị sản xuất đã được duyệt'],
      [p.user.email, '[DTrack] Đơn vị sản xuất đã bị đóng'],
    ]);
    expect(mails[1].text).toContain('"HTX Chè Tân Cương"');
    expect(mails[1].text).toContain('Lý do: Hồ sơ pháp lý hết hiệu lực');
    // Setting the same status again changes nothing and mails no one.
    expect(json(await setStatus(id, { status: 'closed', reason: 'Lần nữa' }, h)).data.producer.status).toBe('closed');
    await t.app.events.drain();
    expect(readOutbox(t.config.outboxDir)).toHaveLength(2);
    const reopened = await setStatus(id, { status: 'pending' }, await staffOf('admin', 'dtrack'));
    expect(json(reopened).data.producer.status).toBe('pending');
    expect(json(reopened).meta.message).toBe('Đã chuyển đơn vị sản xuất về trạng thái chờ duyệt.');
    expect(await statusOf(id)).toBe('pending');
    const en = await setStatus(id, { status: 'approved' }, { ...h, locale: 'en' });
    expect(json(en).meta.message).toBe('Đã duyệt đơn vị sản xuất.'); // dtrack is Vietnamese only
  });

  it('follows the producer approval table: an approved producer is not sent back to pending (409 naming the allowed moves)', async () => {
    const h = await staffOf('admin');
    const p = await buildUser(t.db, { producer: { status: 'approved' } });
    const res = await setStatus(p.producerId!, { status: 'pending' }, h);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'transition_not_allowed',
      message: 'Không thể chuyển trạng thái từ “Đã duyệt” sang “Chờ duyệt”. Trạng thái có thể chuyển: Đã đóng.',
    });
    expect(await statusOf(p.producerId!)).toBe('approved');
    // In bulk, producers that may not make the move are left as they are.
    const q = await buildUser(t.db, { producer: { status: 'closed' } });
    const bulk = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/producers/bulk',
      headers: h,
      payload: { ids: [p.producerId, q.producerId], status: 'pending' },
    });
    expect(json(bulk).data.updated).toBe(1);
    expect(await statusOf(p.producerId!)).toBe('approved');
    expect(await statusOf(q.producerId!)).toBe('pending');
  });

  it('closing needs a reason of at most 500 characters; a bad status → 422, nothing saved', async () => {
    const h = await staffOf('admin', 'agrihub');
    const p = await buildUser(t.db, { platform: 'agrihub', producer: { status: 'approved' } });
    const cases: [object, string, string][] = [
      [{ status: 'closed' }, 'reason', 'Vui lòng nhập lý do đóng đơn vị sản xuất.'],
      [{ status: 'closed', reason: '   ' }, 'reason', 'Vui lòng nhập lý do đóng đơn vị sản xuất.'],
      [{ status: 'closed', reason: 'x'.repeat(501) }, 'reason', 'Lý do tối đa 500 ký tự.'],
      [{ status: 'rejected' }, 'status', 'Trạng thái không hợp lệ.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await setStatus(p.producerId!, payload, h);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(json(res).meta.errors).toContainEqual({ field, message });
    }
    const en = await setStatus(p.producerId!, { status: 'closed' }, { ...h, locale: 'en' });
    expect(json(en).meta.errors).toContainEqual({
      field: 'reason',
      message: 'Please enter the reason for closing the producer.',
    });
    expect(await statusOf(p.producerId!)).toBe('approved');
    expect((await setStatus(p.producerId!, { status: 'closed', reason: 'x'.repeat(500) }, h)).statusCode).toBe(200);
  });

  it('an administrator with update producer (not admin) may change a status; purchasing may not', async () => {
    const p = await buildUser(t.db, { platform: 'foodmap', producer: { status: 'pending' } });
    const editor = await buildUser(t.db, {
      platform: 'foodmap',
      roles: ['customer_support'],
      abilities: [{ action: 'update', subject: 'producer' }],
    });
    expect((await setStatus(p.producerId!, { status: 'approved' }, as(editor))).statusCode).toBe(200);
    const purchasing = await buildUser(t.db, { platform: 'foodmap', roles: ['purchasing'] });
    expect((await setStatus(p.producerId!, { status: 'pending' }, as(purchasing))).statusCode).toBe(403);
    expect(await statusOf(p.producerId!)).toBe('approved');
  });
});

describe('PUT /api/v1/admin/producers/bulk', () => {
  it('touches only producers of this platform and counts the changed ones', async () => {
    const h = await staffOf('admin');
    const a = await buildUser(t.db, { producer: { status: 'pending' } });
    const b = await buildUser(t.db, { producer: { status: 'pending' } });
    const already = await buildUser(t.db, { producer: { status: 'approved' } });
    const foreign = await buildUser(t.db, { platform: 'agrihub', producer: { status: 'pending' } });
    const ids = [a.producerId!, b.producerId!, already.producerId!, foreign.producerId!];
    const res = await bulk({ ids, status: 'approved' }, h);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { updated: 2 }, meta: { message: 'Đã cập nhật trạng thái 2 đơn vị sản xuất.' } });
    const rows = await t.db.select().from(producers).where(inArray(producers.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r.status]));
    expect([byId.get(a.producerId!), byId.get(b.producerId!), byId.get(already.producerId!)]).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
    expect(byId.get(foreign.producerId!)).toBe('pending');
    const closed = await bulk({ ids, status: 'closed', reason: 'Ngừng hoạt động' }, h);
    expect(json(closed).data.updated).toBe(3);
    expect(await statusOf(foreign.producerId!)).toBe('pending');
  });

  it('validates ids, status and the closing reason', async () => {
    const h = await staffOf('admin');
    const cases: [object, string, string][] = [
      [{ ids: [], status: 'approved' }, 'ids', 'Vui lòng chọn ít nhất một đơn vị sản xuất.'],
      [{ status: 'approved' }, 'ids', 'Vui lòng chọn ít nhất một đơn vị sản xuất.'],
      [{ ids: [1], status: 'done' }, 'status', 'Trạng thái không hợp lệ.'],
      [{ ids: [1], status: 'closed' }, 'reason', 'Vui lòng nhập lý do đóng đơn vị sản xuất.'],
      [
        { ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'approved' },
        'ids',
        'Mỗi lần chỉ cập nhật được tối đa 500 đơn vị sản xuất.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await bulk(payload, h);
      expect(res.statusCode, field).toBe(422);
      expect(json(res).meta.errors).toContainEqual({ field, message });
    }
  });
});

describe('POST /api/v1/admin/producers/export', () => {
  async function rowsOf(payload: object, h: Record<string, string>) {
    const res = await exportXlsx(payload, h);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="don-vi-san-xuat-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exportAllData: every producer of the platform (none of others), Vietnamese headers', async () => {
    const h = await staffOf('admin', 'foodmap');
    await buildProducer(t.db, {
      platform: 'foodmap',
      name: 'Hộ kinh doanh Trần Thị Bình',
      producerType: 'household',
      status: 'pending',
      provinceCode: '14',
    });
    await buildProducer(t.db, { platform: 'foodmap', status: 'closed' });
    await buildProducer(t.db, { platform: 'agrihub', name: 'Không thuộc foodmap' });
    const rows = await rowsOf({ mode: 'exportAllData', status: 'closed' }, h); // filters are ignored in this mode;
    expect(rows[0].slice(0, 4)).toEqual(['STT', 'Mã đơn vị', 'Tên đơn vị sản xuất', 'Loại hình']);
    expect(rows[0]).toContain('Trạng thái');
    const all = await t.db.select({ id: producers.id }).from(producers).where(eq(producers.platform, 'foodmap'));
    expect(rows.length - 1).toBe(all.length);
    const names = rows.slice(1).map((r) => r[2]);
    expect(names).toContain('Hộ kinh doanh Trần Thị Bình');
    const newuser = rows.find((r) => r[2] === 'Hộ kinh doanh Trần Thị Bình')!;
    expect(newuser).toContain('Chờ duyệt');
    expect(newuser).toContain('Hộ kinh doanh');
    expect(newuser).toContain(provinceName('14'));
    expect(rows.slice(1).map((r) => r[0])).toEqual(rows.slice(1).map((_, i) => i + 1));
  });

  it('exportAsFilter: the filters and/or the selected ids', async () => {
    const platform = 'agrihub';
    const h = await staffOf('admin', platform);
    const x = await buildUser(t.db, {
      platform,
      producer: { name: 'Cơ sở Mắm Tôm Chua Huế', status: 'closed', producerType: 'production_base' },
    });
    const y = await buildUser(t.db, { platform, producer: { name: 'HTX Mắm Cá Cơm', status: 'approved' } });
    const names = async (body: object) =>
      (await rowsOf({ mode: 'exportAsFilter', ...body }, h)).slice(1).map((r) => r[2]);
    expect(await names({ q: 'mắm' })).toEqual(['HTX Mắm Cá Cơm', 'Cơ sở Mắm Tôm Chua Huế']);
    expect(await names({ q: 'mắm', status: 'closed' })).toEqual(['Cơ sở Mắm Tôm Chua Huế']);
    expect(await names({ producer_type: 'production_base', q: 'mắm' })).toEqual(['Cơ sở Mắm Tôm Chua Huế']);
    const foreign = await pendingProducerId('dtrack');
    expect(await names({ ids: [y.producerId, foreign] })).toEqual(['HTX Mắm Cá Cơm']);
    expect(await names({ ids: [x.producerId, y.producerId], status: 'approved' })).toEqual(['HTX Mắm Cá Cơm']);
    expect((await exportXlsx({ mode: 'everything' }, h)).statusCode).toBe(422);
  });
});
