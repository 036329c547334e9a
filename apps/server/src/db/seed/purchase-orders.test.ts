import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PURCHASE_ORDER_STATUSES, purchaseOrderTotals, type PurchaseOrderSummary } from '@agrihub/contract';
import { purchaseOrderLines, purchaseOrders, users } from '../schema/index.js';
import { openSession } from '../../modules/auth/sessions.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { demoEmail, seedAccounts } from './accounts.js';
import { seedCatalog } from './catalog.js';
import { seedOems } from './oems.js';
import { DEMO_PURCHASE_ORDERS, seedPurchaseOrders } from './purchase-orders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
  await seedCatalog(t.db);
  await seedOems(t.db);
  await seedPurchaseOrders(t.db);
}, 120_000);
afterAll(() => t.close());

async function signIn(local: string) {
  const [u] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.platform, 'dtrack'), eq(users.email, demoEmail(local, 'dtrack'))));
  return { user: u, headers: headers('dtrack', (await openSession(t.db, u.id)).access_token) };
}

describe('demo purchase orders seed', () => {
  it('gives DTrack orders in every status once, with their totals, approvals and history', async () => {
    await seedPurchaseOrders(t.db);
    const { headers: h } = await signIn('admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/purchase_orders?per_page=100', headers: h });
    expect(res.statusCode).toBe(200);
    const orders = json(res).data.purchase_orders as PurchaseOrderSummary[];
    expect(orders).toHaveLength(DEMO_PURCHASE_ORDERS.length);
    expect(Object.keys(json(res).meta.counts).sort()).toEqual([...PURCHASE_ORDER_STATUSES].sort());
    for (const o of orders) {
      const lines = await t.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, o.id));
      const totals = purchaseOrderTotals(
        lines.map((l) => ({
          quantity: Number(l.quantity),
          unit_price: l.unitPrice,
          discount_type: l.discountType,
          discount_value: Number(l.discountValue),
          vat_rate: l.vatRate,
        })),
      );
      expect(o.total, o.code).toBe(totals.total);
      expect(o.line_count).toBe(lines.length);
      if (o.status === 'approved') {
        expect(o.approved_by?.id).not.toBe(o.created_by?.id);
      }
      if (o.status === 'cancelled') expect(o.reason).toBeTruthy();
    }
    // Several VAT rates and both kinds of discount; the OEM order approved was mailed to its supplier.
    const rates = new Set((await t.db.select().from(purchaseOrderLines)).map((l) => l.vatRate));
    expect([...rates].sort((a, b) => a - b)).toEqual([5, 8, 10]);
    const [mailed] = await t.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.supplierName, 'Công ty CP Nước mắm Phú Quốc Xanh'));
    expect(mailed).toMatchObject({ status: 'approved', mailedTo: 'lienhe@nuocmamphuquocxanh.vn' });
    const detail = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/purchase_orders/${mailed.id}`, headers: h }),
    ).data;
    expect(detail.history.map((a: { action: string }) => a.action)).toEqual([
      'mail_supplier',
      'approve',
      'submit',
      'create',
    ]);
    // Only DTrack has purchase orders.
    expect(await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.platform, 'agrihub'))).toEqual([]);
  });
});
