import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInVietnam } from '@agrihub/contract';
import {
  clientMessages,
  purchaseOrders,
  registerServices,
  scanDays,
  traceabilities,
  userRegisterServices,
} from '../../db/schema/index.js';
import { as, buildUser, createTestApp, headers, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProducer, buildProduct, buildSaleChannelReference } from '../../../test/factories.js';
import { dashboardDays } from './queries.js';

// The admin dashboard (DESIGN §5.5): the platform's figures from a small known dataset, per-day
// series with their zero days, overdue requests, blocks limited by the viewer's abilities, and other
// platforms' rows never counted.

let t: TestApp;
let admin: Built;
let days: string[];
const DAY_MS = 86_400_000;
/** Noon in Vietnam of the day `ago` days before today. */
const noonDaysAgo = (ago: number) => new Date(Date.parse(`${days[days.length - 1]}T12:00:00+07:00`) - ago * DAY_MS);
let approvedDtrack: number;

async function serviceOf(platform: 'dtrack' | 'agrihub') {
  const [s] = await t.db
    .insert(registerServices)
    .values({ platform, slug: `ma-vach-${platform}`, titleVi: 'Mã số mã vạch', titleEn: 'Barcode', type: 1 })
    .returning();
  return s;
}

/** The dataset of one platform; the other platform gets the same rows to prove they are never counted. */
async function seed(platform: 'dtrack' | 'agrihub') {
  const pending1 = await buildProducer(t.db, { platform, status: 'pending' });
  await buildProducer(t.db, { platform, status: 'pending' });
  await buildProducer(t.db, { platform, status: 'closed' });
  const a = await buildProducer(t.db, { platform });
  const b = await buildProducer(t.db, { platform });
  // Products: 1 draft, 2 pending, 3 approved, 1 rejected.
  await buildProduct(t.db, { producerId: a.id, status: 'draft' });
  await buildProduct(t.db, { producerId: a.id, status: 'pending' });
  const pendingProduct = await buildProduct(t.db, { producerId: b.id, status: 'pending' });
  const approved = await buildProduct(t.db, { producerId: a.id });
  await buildProduct(t.db, { producerId: b.id });
  await buildProduct(t.db, { producerId: b.id });
  await buildProduct(t.db, { producerId: b.id, status: 'rejected', rejectReason: 'Thiếu ảnh' });
  // Batches published: 2 today, 1 three days ago, 1 on the first day of the window, 1 the day before it; 1 draft.
  const now = new Date();
  for (const publishedAt of [now, now, noonDaysAgo(3), noonDaysAgo(29), noonDaysAgo(30)]) {
    await buildBatch(t.db, { productId: approved.id, publishedAt });
  }
  await buildBatch(t.db, { productId: approved.id, status: 'draft' });
  // Scans per day: 7 today, 3 five days ago, 100 forty days ago (out of the window).
  await t.db.insert(scanDays).values([
    { platform, day: days[29], scans: 7 },
    { platform, day: days[24], scans: 3 },
    { platform, day: new Date(Date.parse(days[0]) - 10 * DAY_MS).toISOString().slice(0, 10), scans: 100 },
  ]);
  // Service requests: 2 at advice (one overdue), 1 paid overdue and locked, 1 fill_info, 1 done (due date passed: never overdue), 1 cancelled.
  const service = await serviceOf(platform);
  const past = new Date(Date.now() - 2 * DAY_MS);
  const future = new Date(Date.now() + 2 * DAY_MS);
  const request = (step: string, status: string, more: Partial<typeof userRegisterServices.$inferInsert> = {}) => ({
    platform,
    producerId: a.id,
    serviceId: service.id,
    step: step as never,
    status: status as never,
    ...more,
  });
  await t.db
    .insert(userRegisterServices)
    .values([
      request('advice', 'processing', { stepDueAt: past }),
      request('advice', 'processing', { stepDueAt: future }),
      request('paid', 'processing', { stepDueAt: past, lockedAt: new Date() }),
      request('fill_info', 'pending'),
      request('done', 'approved', { stepDueAt: past }),
      request('cancelled', 'cancelled'),
    ]);
  // Sales registrations pending: 2 of producers, 1 of a product; 1 approved.
  await buildSaleChannelReference(t.db, { producerId: a.id });
  await buildSaleChannelReference(t.db, { producerId: b.id });
  await buildSaleChannelReference(t.db, { productId: approved.id });
  await buildSaleChannelReference(t.db, { productId: pendingProduct.id, registerStatus: 'approved' });
  // Leads: 2 new, 1 taken up.
  const lead = (status: string) => ({
    platform,
    name: 'Chị Hoa',
    phone: '0912345678',
    topic: 'other' as const,
    message: 'Tư vấn',
    consentAt: new Date(),
    status: status as never,
  });
  await t.db.insert(clientMessages).values([lead('pending'), lead('pending'), lead('made_call')]);
  // Purchase orders: 1 to approve (processing), 1 pending, 1 approved.
  const order = (n: number, status: string) => ({
    platform,
    code: `PO-2026-${n}`,
    year: 2026,
    seq: n,
    status: status as never,
    orderDate: '2026-01-05',
    supplierType: 'producer' as const,
    supplierId: pending1.id,
    supplierName: 'HTX',
    deliveryDate: '2026-01-20',
    deliveryPlace: 'Kho Hà Nội',
  });
  await t.db.insert(purchaseOrders).values([order(1, 'processing'), order(2, 'pending'), order(3, 'approved')]);
  return approved.id;
}

beforeAll(async () => {
  t = await createTestApp();
  days = dashboardDays(new Date());
  admin = await buildUser(t.db, { roles: ['admin'] });
  approvedDtrack = await seed('dtrack');
  await seed('agrihub');
  // More on AgriHub only, which DTrack's figures must not see.
  await buildProducer(t.db, { platform: 'agrihub', status: 'pending' });
});
afterAll(() => t?.close());

const dashboard = async (u: Built) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: as(u) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.dashboard;
};

describe('GET /api/v1/admin/dashboard', () => {
  it("counts the platform's rows by status, each pending count with its filtered list", async () => {
    const d = await dashboard(admin);
    expect(d.producers).toEqual({ pending: 2, approved: 2, closed: 1, total: 5 });
    expect(d.products).toEqual({ draft: 1, pending: 2, approved: 3, rejected: 1, total: 7 });
    expect(d.pending).toEqual([
      { key: 'producers', count: 2, link: '/admin/producers?status=pending' },
      { key: 'products', count: 2, link: '/admin/products?status=pending' },
      { key: 'service_requests', count: 2, link: '/admin/services-approval?step=advice' },
      { key: 'service_requests_overdue', count: 2, link: '/admin/services-approval?overdue=true' },
      { key: 'producer_sales', count: 2, link: '/admin/sales-approval?register_status=pending' },
      { key: 'product_sales', count: 1, link: '/admin/product-sales-approval?register_status=pending' },
      { key: 'purchase_orders', count: 1, link: '/admin/purchase-orders?status=processing' },
      { key: 'leads', count: 2, link: '/admin/client-messages?status=pending' },
    ]);
  });

  it('30 Vietnamese days, oldest first, zeros included: batches published and scans', async () => {
    const d = await dashboard(admin);
    expect(d.daily.days).toHaveLength(30);
    expect(d.daily.days[29].date).toBe(todayInVietnam());
    expect(d.daily.days.map((x: { date: string }) => x.date)).toEqual(days);
    const batches = Object.fromEntries(
      d.daily.days.map((x: { date: string; batches_published: number }) => [x.date, x.batches_published]),
    );
    expect(batches).toEqual(
      Object.fromEntries(days.map((day, i) => [day, i === 29 ? 2 : i === 26 ? 1 : i === 0 ? 1 : 0])),
    );
    const scans = d.daily.days.map((x: { scans: number }) => x.scans);
    expect(scans).toEqual(days.map((_, i) => (i === 29 ? 7 : i === 24 ? 3 : 0)));
    expect(d.daily.batches_published).toBe(4);
    expect(d.daily.scans).toBe(10);
  });

  it('service requests by step (every step listed), open, overdue (never a finished one) and locked', async () => {
    const d = await dashboard(admin);
    const byStep = Object.fromEntries(
      d.service_requests.by_step.map((s: { step: string; count: number }) => [s.step, s.count]),
    );
    expect(byStep).toEqual({
      fill_info: 1,
      advice: 2,
      contract: 0,
      paid: 1,
      profile_completed: 0,
      submitted_profile: 0,
      approved_profile: 0,
      done: 1,
      inprogress: 0,
      cancelled: 1,
    });
    expect(d.service_requests).toMatchObject({ open: 4, overdue: 2, locked: 1 });
  });

  it('the per-day counts follow a batch whose publication time moves or that is deleted', async () => {
    const batch = await buildBatch(t.db, { productId: approvedDtrack, publishedAt: noonDaysAgo(10) });
    expect((await dashboard(admin)).daily.days[19].batches_published).toBe(1);
    await t.db
      .update(traceabilities)
      .set({ publishedAt: noonDaysAgo(12) })
      .where(eq(traceabilities.id, batch.id));
    let d = await dashboard(admin);
    expect([d.daily.days[19].batches_published, d.daily.days[17].batches_published]).toEqual([0, 1]);
    // Another column changed: nothing moves.
    await t.db.update(traceabilities).set({ lotCode: 'LO-MOVED' }).where(eq(traceabilities.id, batch.id));
    expect((await dashboard(admin)).daily.days[17].batches_published).toBe(1);
    await t.db.delete(traceabilities).where(eq(traceabilities.id, batch.id));
    d = await dashboard(admin);
    expect(d.daily.days[17].batches_published).toBe(0);
    expect(d.daily.batches_published).toBe(4);
  });

  it("a public scan is added to today's count of its platform", async () => {
    const batch = await buildBatch(t.db, { productId: approvedDtrack });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/traceabilities/${batch.publicCode}`,
      headers: headers('dtrack'),
      remoteAddress: '10.77.1.1',
    });
    expect(res.statusCode).toBe(200);
    await t.app.scanBuffer.flush();
    const d = await dashboard(admin);
    expect(d.daily.days[29]).toMatchObject({ scans: 8, batches_published: 3 });
  });

  it("the viewer's abilities decide the blocks: a support user with read on producers and messages only", async () => {
    const support = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'message' },
      ],
    });
    const d = await dashboard(support);
    expect(d.producers).toEqual({ pending: 2, approved: 2, closed: 1, total: 5 });
    expect(d.products).toBeNull();
    expect(d.daily).toBeNull();
    expect(d.service_requests).toBeNull();
    expect(d.pending.map((p: { key: string }) => p.key)).toEqual(['producers', 'leads']);
  });

  it('an approver of purchase orders sees the orders to approve; products and batches with read on product', async () => {
    const approver = await buildUser(t.db, { roles: ['approve_purchase_order'] });
    expect((await dashboard(approver)).pending).toEqual([
      { key: 'purchase_orders', count: 1, link: '/admin/purchase-orders?status=processing' },
    ]);
    const reviewer = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'product' }],
    });
    const d = await dashboard(reviewer);
    expect(d.pending.map((p: { key: string }) => p.key)).toEqual(['products']);
    expect(d.products.total).toBe(7);
    expect(d.daily.batches_published).toBeGreaterThanOrEqual(4);
  });

  it('another platform: its own figures only; no purchase orders nor per-day batches where the platform has none', async () => {
    const agrihubAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    const d = await dashboard(agrihubAdmin);
    expect(d.producers).toEqual({ pending: 3, approved: 2, closed: 1, total: 6 });
    expect(d.products.total).toBe(7);
    expect(d.daily).toBeNull();
    expect(d.pending.map((p: { key: string }) => p.key)).not.toContain('purchase_orders');
    expect(d.pending.find((p: { key: string }) => p.key === 'leads').count).toBe(2);
  });

  it('is for administrators only', async () => {
    const producer = await buildUser(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: as(producer) });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: headers('dtrack') });
    expect(anonymous.statusCode).toBe(401);
  });
});
