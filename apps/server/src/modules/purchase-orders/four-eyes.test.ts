import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PurchaseOrderInput, PurchaseOrderStatus } from '@agrihub/contract';
import { activity, notifications, producerOems, purchaseOrderLines, purchaseOrders } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildProducer } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/**
 * Four-eyes on purchase orders (issue 25, ADR 031): what an approver approves is exactly what
 * someone else wrote. An edit never moves an order; whoever could approve an order awaiting
 * approval cannot edit it; no author of an order (its creator, anyone who saved an edit) approves
 * it; an approval names the version it approves; one approval mails the supplier once.
 */
let t: TestApp;
let buyer: Built;
let buyer2: Built;
/** The demo's purchase-approver: the approval role and the update ability (seed/accounts.ts). */
let approver: Built;
let approver2: Built;
let oemId: number;
let makerId: number;

const PO = '/api/v1/admin/purchase_orders';
const SUPPLIER_MAIL = 'donhang@binhminh.example.vn';
const abilities = (...actions: ('read' | 'create' | 'update')[]) =>
  actions.map((action) => ({ action, subject: 'purchase_order' as const }));

beforeAll(async () => {
  t = await createTestApp();
  buyer = await buildUser(t.db, { roles: ['purchasing'], abilities: abilities('read', 'create', 'update') });
  buyer2 = await buildUser(t.db, { roles: ['purchasing'], abilities: abilities('read', 'create', 'update') });
  approver = await buildUser(t.db, {
    roles: ['approve_purchase_order'],
    abilities: abilities('read', 'update'),
    name: 'Trưởng phòng mua hàng',
  });
  approver2 = await buildUser(t.db, { roles: ['approve_purchase_order'], abilities: abilities('read') });
  const [oem] = await t.db
    .insert(producerOems)
    .values({ platform: 'dtrack', name: 'Công ty TNHH Bao bì Bình Minh', email: SUPPLIER_MAIL })
    .returning();
  oemId = oem.id;
  makerId = (await buildProducer(t.db, { name: 'HTX Chè Tân Cương', email: 'tancuong@example.vn' })).id;
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const LINE = {
  description: 'Thùng carton 5 lớp in logo',
  unit: 'Chiếc',
  quantity: 10_000,
  unit_price: 11,
  vat_rate: 10,
};
const orderBody = (over: Partial<PurchaseOrderInput> = {}): PurchaseOrderInput => ({
  supplier_type: 'oem',
  supplier_id: oemId,
  delivery_date: '2099-05-20',
  delivery_place: 'Kho DTrack, KCN Tân Bình',
  lines: [LINE as PurchaseOrderInput['lines'][number]],
  ...over,
});
/** The approver's rewrite of issue 25: a producer of its choice, the unit price ×9,900. */
const rewrite = () =>
  orderBody({
    supplier_type: 'producer',
    supplier_id: makerId,
    lines: [{ ...(LINE as PurchaseOrderInput['lines'][number]), unit_price: 11 * 9_900 }],
  });

const put = (u: Built, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${PO}/${id}`, headers: as(u), payload });
const move = (u: Built, id: number, payload: { status: PurchaseOrderStatus; version?: number; reason?: string }) =>
  t.app.inject({ method: 'PUT', url: `${PO}/${id}/status`, headers: as(u), payload });
const read = async (u: Built, id: number) =>
  json(await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(u) })).data.purchase_order;

async function orderBy(u: Built, status: 'pending' | 'processing' = 'processing'): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: PO, headers: as(u), payload: orderBody() });
  expect(res.statusCode, res.body).toBe(201);
  const o = json(res).data.purchase_order;
  if (status === 'processing') {
    const sent = await move(u, o.id, { status: 'processing', version: o.version });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return o.id as number;
}

/** The order as stored (row, lines and history), to prove a refusal changed nothing. */
async function stored(id: number) {
  return {
    row: (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0],
    lines: await t.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id)),
    history: await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'purchase_order'), eq(activity.subjectId, id))),
  };
}

const supplierMails = () => readOutbox(t.config.outboxDir).filter((m) => m.to === SUPPLIER_MAIL);

describe('an edit never approves, and the approver never edits what it approves', () => {
  it("refuses the approver's one-request rewrite (supplier, price ×9,900, approved) and changes nothing", async () => {
    const id = await orderBy(buyer);
    const before = await stored(id);
    const res = await put(approver, id, { ...rewrite(), status: 'approved' });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).meta.errors).toEqual([
      {
        field: 'status',
        message: 'Sửa đơn không thể đổi trạng thái: hãy dùng nút chuyển trạng thái (gửi duyệt, duyệt, hủy đơn).',
      },
    ]);
    // Without the status, the rewrite alone is refused too: the order awaits the approver's approval.
    const edit = await put(approver, id, rewrite());
    expect(edit.statusCode, edit.body).toBe(409);
    expect(json(edit).meta).toEqual({
      code: 'purchaseOrderAwaitingApproval',
      message:
        'Đơn đặt hàng đang chờ duyệt: người có quyền duyệt không thể sửa đơn. Hãy duyệt đúng nội dung người lập đã viết, hoặc hủy đơn kèm lý do.',
    });
    expect(await stored(id)).toEqual(before);
    await t.app.events.drain();
    expect(readOutbox(t.config.outboxDir)).toEqual([]);
    // Its page offers it the approval of what the buyer wrote, and no editing.
    expect(await read(approver, id)).toMatchObject({
      status: 'processing',
      total: 121_000,
      editable: false,
      moves: [
        { to: 'approved', reason: false },
        { to: 'cancelled', reason: true },
      ],
    });
  });

  it('refuses edit-then-approve: an approver who edited an order while pending may not approve it', async () => {
    const id = await orderBy(buyer, 'pending');
    // Pending is still the author's draft: an approver may edit it, and so becomes one of its authors.
    const edit = await put(approver, id, rewrite());
    expect(edit.statusCode, edit.body).toBe(200);
    const sent = await move(buyer, id, { status: 'processing', version: json(edit).data.purchase_order.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const page = await read(approver, id);
    expect(page).toMatchObject({
      status: 'processing',
      total: 1_197_900_000,
      moves: [{ to: 'cancelled', reason: true }],
    });
    // Its page still lets it fix its own edit (it cannot approve it anyway); approve it, it cannot.
    expect(page.editable).toBe(true);
    const refused = await move(approver, id, { status: 'approved', version: page.version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused).meta).toEqual({
      code: 'transition_not_by_creator',
      message:
        'Bạn đã lập hoặc sửa đơn này nên không thể tự chuyển sang “Đã duyệt”. Một người khác có quyền cần thực hiện.',
    });
    expect((await stored(id)).row).toMatchObject({ status: 'processing', approvedBy: null });
    // Another approver, who wrote none of it, approves exactly what it reads.
    const ok = await move(approver2, id, { status: 'approved', version: page.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.purchase_order).toMatchObject({ status: 'approved', approved_by: { id: approver2.user.id } });
  });

  it('never changes the status through an edit, whoever sends it (422, the edit not kept)', async () => {
    const pending = await orderBy(buyer, 'pending');
    const processing = await orderBy(buyer);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    for (const [u, id, status] of [
      [buyer, pending, 'processing'],
      [buyer2, processing, 'approved'],
      [buyer2, processing, 'cancelled'],
      [admin, pending, 'approved'],
    ] as const) {
      const before = await stored(id);
      const res = await put(u, id, { ...orderBody({ note: 'Sửa kèm trạng thái' }), status, reason: 'Thử' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(422);
      expect(json(res).meta.errors.map((e: { field: string }) => e.field)).toEqual(['status']);
      expect(await stored(id)).toEqual(before);
    }
    // The same edit without a status is kept, and the status stays.
    const res = await put(buyer2, processing, orderBody({ note: 'Giao trước 10 giờ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.purchase_order).toMatchObject({ status: 'processing', note: 'Giao trước 10 giờ' });
  });
});

describe('an approval names the version it approves', () => {
  it('is refused without a version (422) or with a stale one (409, in Vietnamese), and the order stays', async () => {
    const id = await orderBy(buyer);
    const seen = (await read(approver, id)).version;
    const without = await move(approver, id, { status: 'approved' });
    expect(without.statusCode).toBe(422);
    expect(json(without).meta.errors).toEqual([
      {
        field: 'version',
        message:
          'Yêu cầu duyệt phải kèm phiên bản của đơn mà bạn đã xem. Vui lòng tải lại trang đơn đặt hàng rồi duyệt.',
      },
    ]);
    // While the approver reads it, another buyer raises the price.
    const edit = await put(
      buyer2,
      id,
      orderBody({ lines: [{ ...(LINE as PurchaseOrderInput['lines'][number]), unit_price: 99 }] }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const { code, version: current } = json(edit).data.purchase_order;
    expect(current).toBe(seen + 1);
    const before = await stored(id);
    const stale = await move(approver, id, { status: 'approved', version: seen });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(json(stale).meta).toEqual({
      code: 'purchaseOrderStale',
      message: `Đơn đặt hàng ${code} đã thay đổi sau khi bạn mở (bạn xem phiên bản ${seen}, hiện là phiên bản ${current}). Vui lòng tải lại để xem nội dung mới rồi thao tác lại.`,
    });
    expect(await stored(id)).toEqual(before);
    await t.app.events.drain();
    expect(supplierMails()).toEqual([]);
    // Having read the new version, it approves that one.
    const ok = await move(approver, id, { status: 'approved', version: current });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.purchase_order).toMatchObject({ status: 'approved', total: 1_089_000 });
  });

  it('also refuses an edit of a version the editor no longer sees', async () => {
    const id = await orderBy(buyer);
    const seen = (await read(buyer, id)).version;
    expect((await put(buyer2, id, { ...orderBody({ note: 'Lần một' }), version: seen })).statusCode).toBe(200);
    const late = await put(buyer, id, { ...orderBody({ note: 'Lần hai' }), version: seen });
    expect(late.statusCode).toBe(409);
    expect(json(late).meta.code).toBe('purchaseOrderStale');
    expect((await stored(id)).row.note).toBe('Lần một');
  });
});

describe('one approval, one mail', () => {
  it('answers five parallel approvals with one 200 and mails the supplier once', async () => {
    const id = await orderBy(buyer);
    const { version } = await read(approver, id);
    const answers = await Promise.all(
      [approver, approver2, approver, approver2, approver].map((u) => move(u, id, { status: 'approved', version })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    // The others had read a version the approval has since replaced.
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(json(a).meta.code).toBe('purchaseOrderStale');
    await t.app.events.drain();
    expect(supplierMails()).toHaveLength(1);
    const { history } = await stored(id);
    expect(history.filter((h) => h.action === 'approve')).toHaveLength(1);
    expect(history.filter((h) => h.action === 'mail_supplier')).toHaveLength(1);
  });

  it('mails the supplier and tells the creator once, even when the approval is told twice', async () => {
    const id = await orderBy(buyer);
    const told: unknown[] = [];
    t.app.events.on('purchase_order.moved', (e) => void (e.to === 'approved' && told.push(e)));
    const ok = await move(approver, id, { status: 'approved', version: (await read(approver, id)).version });
    expect(ok.statusCode, ok.body).toBe(200);
    await t.app.events.drain();
    expect(told).toHaveLength(1);
    // The same event again (a handler retried, a second node hearing it): nothing more is sent.
    t.app.events.publish(told.splice(0) as never);
    await t.app.events.drain();
    expect(supplierMails()).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.type, 'purchase_order.approved')));
    expect(
      notices.filter((n) => (n.params as { code?: string }).code === json(ok).data.purchase_order.code),
    ).toHaveLength(1);
  });
});
