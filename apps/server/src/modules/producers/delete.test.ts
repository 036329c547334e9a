import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  activity,
  producers,
  products,
  saleChannelReferences,
  traceabilities,
  uploads,
  userRegisterServices,
  users,
} from '../../db/schema/index.js';
import { as, createTestApp, headers, json, TEST_PASSWORD, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildSaleChannelReference, buildUser, type Built } from '../../../test/factories.js';
import { buildService, uploadPdf } from '../service-requests/test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const del = (u: Built, id = u.producerId!) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/producers/${id}`, headers: as(u) });

const login = (u: Built) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { ...headers(u.platform), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: u.user.email,
      password: TEST_PASSWORD,
    }).toString(),
  });

/** A file uploaded by `u` and its storage key. */
async function upload(u: Built, name: string) {
  const id = await uploadPdf(t, u, name);
  const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));
  return {
    id,
    key: row.storageKey,
    url: `/uploads/${row.storageKey}`,
    file: path.join(t.config.uploadDir, row.storageKey),
  };
}

async function request(
  producerId: number,
  status: 'pending' | 'processing' | 'approved' | 'cancelled',
  attachments: { id: number; url: string }[] = [],
) {
  const service = await buildService(t.db, { platform: 'dtrack' });
  const step = { pending: 'fill_info', processing: 'advice', approved: 'done', cancelled: 'cancelled' } as const;
  const [row] = await t.db
    .insert(userRegisterServices)
    .values({ platform: 'dtrack', producerId, serviceId: service.id, step: step[status], status, attachments })
    .returning();
  return row;
}

describe('DELETE /api/v1/producers/{id}', () => {
  it('deletes what was never public, keeps what was, deactivates its accounts and frees their unused files', async () => {
    const owner = await buildUser(t.db, { producer: { name: 'Hộ kinh doanh Lê Thị Mai', status: 'approved' } });
    const colleague = await buildUser(t.db, {});
    await t.db.update(users).set({ producerId: owner.producerId }).where(eq(users.id, colleague.user.id));
    const pid = owner.producerId!;

    const draftPhoto = await upload(owner, 'nhap.pdf');
    const keptPhoto = await upload(owner, 'da-duyet.pdf');
    const requestFile = await upload(colleague, 'hop-dong.pdf');
    const loose = await upload(owner, 'le.pdf');
    // A product once approved (its page was public) and one never approved, a draft batch of the latter.
    const approved = await buildProduct(t.db, {
      producerId: pid,
      images: [{ id: keptPhoto.id, url: keptPhoto.url }],
    });
    const draft = await buildProduct(t.db, {
      producerId: pid,
      status: 'draft',
      images: [{ id: draftPhoto.id, url: draftPhoto.url }],
    });
    const batch = await buildBatch(t.db, { productId: draft.id, status: 'draft', events: ['planting'] });
    const pendingRef = await buildSaleChannelReference(t.db, { productId: approved.id, registerStatus: 'pending' });
    const closedRef = await buildSaleChannelReference(t.db, { producerId: pid, registerStatus: 'closed' });
    const done = await request(pid, 'approved', [{ id: requestFile.id, url: requestFile.url }]);
    await request(pid, 'cancelled');
    for (const f of [draftPhoto, keptPhoto, requestFile, loose]) expect(fs.existsSync(f.file)).toBe(true);

    const res = await del(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      data: { deleted: { products: 1, batches: 1, uploads: 2, users: 2 } },
      meta: { message: 'Đã xóa đơn vị sản xuất. Các tài khoản của đơn vị đã bị vô hiệu hóa.' },
    });

    // The producer stays, closed and marked deleted, with the deletion in its history.
    const [p] = await t.db.select().from(producers).where(eq(producers.id, pid));
    expect(p).toMatchObject({ status: 'closed', deletedBy: owner.user.id });
    expect(p.deletedAt).toBeInstanceOf(Date);
    const [row] = await t.db.select().from(activity).where(eq(activity.subjectId, pid));
    expect(row).toMatchObject({
      subjectType: 'producer',
      action: 'delete',
      fromStatus: 'approved',
      toStatus: 'closed',
    });
    // Never public: gone. Public once, or a business record: kept.
    expect(await t.db.select().from(traceabilities).where(eq(traceabilities.id, batch.id))).toEqual([]);
    expect(await t.db.select().from(products).where(eq(products.id, draft.id))).toEqual([]);
    expect((await t.db.select().from(products).where(eq(products.id, approved.id))).length).toBe(1);
    const refs = await t.db
      .select({ id: saleChannelReferences.id })
      .from(saleChannelReferences)
      .where(inArray(saleChannelReferences.id, [pendingRef.id, closedRef.id]));
    expect(refs.map((r) => r.id)).toEqual([closedRef.id]);
    expect((await t.db.select().from(userRegisterServices).where(eq(userRegisterServices.id, done.id))).length).toBe(1);
    // Files: the draft's and the unused one freed (rows and bytes); the kept records' stay.
    const left = await t.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, [draftPhoto.id, keptPhoto.id, requestFile.id, loose.id]));
    expect(left.map((u) => u.id).sort()).toEqual([keptPhoto.id, requestFile.id].sort());
    expect([draftPhoto, keptPhoto, requestFile, loose].map((f) => fs.existsSync(f.file))).toEqual([
      false,
      true,
      true,
      false,
    ]);

    // Its accounts: every session ended, login refused with the reason.
    for (const u of [owner, colleague]) {
      expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) })).statusCode).toBe(401);
      expect(json(await login(u)).meta.code).toBe('account_deactivated');
    }
    // The public product page says "no longer available".
    const page = await t.app.inject({
      url: `/api/v1/client/products/${approved.publicCode}`,
      headers: headers('dtrack'),
    });
    expect(page.statusCode).toBe(410);
    // The back office still finds it, closed.
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const seen = json(await t.app.inject({ url: `/api/v1/admin/producers/${pid}`, headers: as(admin) })).data.producer;
    expect(seen.status).toBe('closed');
    const userHistory = json(
      await t.app.inject({ url: `/api/v1/admin/users/${colleague.user.id}/history`, headers: as(admin) }),
    ).data.history;
    expect(userHistory[0]).toMatchObject({ action: 'deactivate', user: { id: owner.user.id } });
  });

  it('refuses with 409 naming each thing that keeps it, and changes nothing', async () => {
    const owner = await buildUser(t.db, {});
    const pid = owner.producerId!;
    await buildBatch(t.db, { producerId: pid, status: 'published' });
    await buildBatch(t.db, {
      producerId: pid,
      status: 'published',
      recalledAt: new Date(),
      recallReason: 'Lỗi bao bì',
    });
    await request(pid, 'processing');
    const product = await buildProduct(t.db, { producerId: pid });
    await buildSaleChannelReference(t.db, { productId: product.id, registerStatus: 'approved' });
    const res = await del(owner);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toEqual({
      code: 'producer_delete_blocked',
      message:
        'Chưa thể xóa đơn vị sản xuất vì còn 2 lô hàng đã công bố, 1 yêu cầu dịch vụ đang mở, 1 đăng ký kênh bán đã được duyệt. Vui lòng liên hệ quản trị viên của nền tảng để đóng đơn vị.',
      errors: [
        { field: 'published_batches', message: '2 lô hàng đã công bố' },
        { field: 'open_service_requests', message: '1 yêu cầu dịch vụ đang mở' },
        { field: 'approved_listings', message: '1 đăng ký kênh bán đã được duyệt' },
      ],
    });
    // In the caller's language where the platform offers English.
    const agrihub = await buildUser(t.db, { platform: 'agrihub' });
    await buildBatch(t.db, { producerId: agrihub.producerId!, status: 'published' });
    const en = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/producers/${agrihub.producerId}`,
      headers: as(agrihub, 'en'),
    });
    expect(json(en).meta.message).toBe(
      'The producer cannot be deleted yet: it still has published batches (1). Please ask the platform’s administrator to close it.',
    );
    const [p] = await t.db.select().from(producers).where(eq(producers.id, pid));
    expect(p).toMatchObject({ status: 'approved', deletedAt: null });
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: as(owner) })).statusCode).toBe(200);
  });

  it.each([
    ['a published batch', 'published_batches'],
    ['an open service request', 'open_service_requests'],
    ['an approved sales channel registration', 'approved_listings'],
  ] as const)('is refused for %s alone', async (_what, blocker) => {
    const owner = await buildUser(t.db, {});
    const pid = owner.producerId!;
    if (blocker === 'published_batches')
      await buildBatch(t.db, { producerId: pid, heldAt: new Date(), holdReason: 'Kiểm tra lại' });
    if (blocker === 'open_service_requests') await request(pid, 'pending');
    if (blocker === 'approved_listings')
      await buildSaleChannelReference(t.db, { producerId: pid, registerStatus: 'approved' });
    const res = await del(owner);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.errors.map((e: { field: string }) => e.field)).toEqual([blocker]);
  });

  it('is the own producer’s act: another producer’s id is not found, an administrator is refused, a closed producer is read-only', async () => {
    const owner = await buildUser(t.db, {});
    const other = await buildUser(t.db, {});
    expect((await del(owner, other.producerId!)).statusCode).toBe(404);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/producers/${owner.producerId}`,
      headers: as(admin),
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(json(byAdmin).meta.code).toBe('producer_delete_own_only');
    const closed = await buildUser(t.db, { producer: { status: 'closed' } });
    expect(json(await del(closed)).meta.code).toBe('producer_closed_readonly');
    // A producer with nothing at all goes at once; a second call has no session left.
    expect((await del(owner)).statusCode).toBe(200);
    expect((await del(owner)).statusCode).toBe(401);
  });

  it('leaves a deleted producer closed: the administrator cannot reopen it, alone or in bulk', async () => {
    const owner = await buildUser(t.db, {});
    const pid = owner.producerId!;
    expect((await del(owner)).statusCode).toBe(200);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    // Reopening (closed → pending, which the approval table allows for a closed producer) is refused.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/producers/${pid}/status`,
      headers: as(admin),
      payload: { status: 'pending' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'producer_deleted_final',
      message: 'Đơn vị sản xuất này đã được chủ sở hữu xóa: không thể mở lại hay duyệt.',
    });
    const bulk = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/producers/bulk',
      headers: as(admin),
      payload: { ids: [pid], status: 'pending' },
    });
    expect(json(bulk).data).toEqual({ updated: 0 });
    const [p] = await t.db.select().from(producers).where(eq(producers.id, pid));
    expect(p.status).toBe('closed');
  });
});
