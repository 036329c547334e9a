import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { activity, notifications, traceabilities, users } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { buildCoffeeChain } from '../../../test/chain-fixtures.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { pdfText } from '../../../test/pdf-text.js';

let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Node = {
  key: string;
  type: string;
  lot_id?: number;
  lot_code?: string;
  quantity?: number | null;
  visibility?: string;
  depth: number;
  partner_name?: string;
};
const traceOf = async (u: Built, lotId: number, direction = 'both', prefix = '/api/v1/chain') =>
  t.app.inject({ method: 'GET', url: `${prefix}/lots/${lotId}/trace?direction=${direction}`, headers: as(u) });
const codes = (nodes: Node[]) =>
  nodes
    .filter((n) => n.type === 'lot')
    .map((n) => n.lot_code)
    .sort();

describe('trace', () => {
  it('walks backward through a transformation and the shipments to every farm lot, and forward to every holder', async () => {
    const c = await buildCoffeeChain(t.db);
    const res = await traceOf(c.coop, c.r.id);
    expect(res.statusCode).toBe(200);
    const trace = json(res).data.trace;
    expect(codes(trace.nodes)).toEqual(['C1', 'C2', 'F1', 'F2', 'R', 'S1']);
    const byCode = Object.fromEntries((trace.nodes as Node[]).filter((n) => n.lot_code).map((n) => [n.lot_code, n]));
    expect(byCode.R).toMatchObject({ depth: 0, visibility: 'full', quantity: 110 });
    expect(byCode.C1).toMatchObject({ depth: -1, visibility: 'full', quantity: 60 });
    // The farm's lots and the shop's lot are one step from the cooperative's: names, no quantity.
    expect(byCode.F1).toMatchObject({ depth: -2, visibility: 'names', quantity: null, unit: null });
    expect(byCode.S1).toMatchObject({ depth: 1, visibility: 'names', quantity: null });
    const holders = (trace.nodes as Node[]).filter((n) => n.type === 'holder');
    expect(holders).toEqual([
      expect.objectContaining({ partner_name: 'Quán cà phê Hẻm 12', on_platform: false, depth: 1 }),
    ]);
    expect(trace.edges).toHaveLength(6);
    expect(trace.edges.find((e: { kind: string }) => e.kind === 'transformation')).toMatchObject({
      transformation_id: expect.any(Number),
      shipment_id: null,
      quantity: 60,
    });
    expect(trace.hidden_beyond).toBe(false);

    const back = json(await traceOf(c.coop, c.r.id, 'backward')).data.trace;
    expect(codes(back.nodes)).toEqual(['C1', 'C2', 'F1', 'F2', 'R']);
    const fwd = json(await traceOf(c.coop, c.c2.id, 'forward')).data.trace;
    expect(codes(fwd.nodes)).toEqual(['C2', 'D', 'R', 'S1']);
    // The shipment to the shop not yet received: the shop holds it.
    expect(
      (fwd.nodes as Node[])
        .filter((n) => n.type === 'holder')
        .map((n) => n.partner_name)
        .sort(),
    ).toEqual(['Cửa hàng Cà phê Phố Núi', 'Quán cà phê Hẻm 12']);
  });

  it('shows each producer its own lots, one step either side by name, nothing beyond; another producer’s lot is 404', async () => {
    const c = await buildCoffeeChain(t.db);
    const farm = json(await traceOf(c.farm, c.f1.id, 'forward')).data.trace;
    expect(codes(farm.nodes)).toEqual(['C1', 'F1']);
    expect(farm.hidden_beyond).toBe(true);
    expect(farm.edges).toEqual([expect.objectContaining({ kind: 'shipment', quantity: 60, unit: 'Kg' })]);
    expect(JSON.stringify(farm)).not.toContain('ghi chú');

    const shop = json(await traceOf(c.shop, c.s1.id, 'backward')).data.trace;
    expect(codes(shop.nodes)).toEqual(['R', 'S1']);
    expect(shop.nodes.find((n: Node) => n.lot_code === 'R')).toMatchObject({
      visibility: 'names',
      quantity: null,
      own: false,
    });
    expect(shop.hidden_beyond).toBe(true);

    for (const [u, lot] of [
      [c.shop, c.r],
      [c.farm, c.c1],
      [c.coop, c.f1],
    ] as const) {
      const res = await traceOf(u, lot.id);
      expect(res.statusCode).toBe(404);
    }
    // A producer cannot reach the administrator's side.
    expect((await traceOf(c.coop, c.r.id, 'both', '/api/v1/admin/chain')).statusCode).toBe(403);
  });

  it('shows the platform administrator the whole chain in full', async () => {
    const c = await buildCoffeeChain(t.db);
    const res = await traceOf(admin, c.s1.id, 'both', '/api/v1/admin/chain');
    expect(res.statusCode).toBe(200);
    const trace = json(res).data.trace;
    expect(codes(trace.nodes)).toEqual(['C1', 'C2', 'F1', 'F2', 'R', 'S1']);
    expect(trace.nodes.every((n: Node) => n.type !== 'lot' || n.visibility === 'full')).toBe(true);
    expect(trace.hidden_beyond).toBe(false);
    const other = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    // Another platform's administrator never reaches it (Foodmap has no batches: the gate answers first).
    expect([403, 404]).toContain((await traceOf(other, c.s1.id, 'both', '/api/v1/admin/chain')).statusCode);
  });

  it('refuses a bad direction with 422', async () => {
    const c = await buildCoffeeChain(t.db);
    const res = await traceOf(c.coop, c.r.id, 'sideways');
    expect(res.statusCode).toBe(422);
  });
});

const post = (u: Built, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: as(u), payload: payload as object });

describe('mock recall', () => {
  it('lists exactly the affected lots and holders downstream of a lot, with quantities held, and records it', async () => {
    const c = await buildCoffeeChain(t.db);
    const res = await post(admin, '/api/v1/admin/chain/mock-recalls', { lot_id: c.f1.id });
    expect(res.statusCode).toBe(200);
    const report = json(res).data.mock_recall;
    expect(report.lots.map((l: { lot_code: string }) => l.lot_code).sort()).toEqual(['C1', 'F1', 'R', 'S1']);
    expect(report.lots.find((l: { lot_code: string }) => l.lot_code === 'R')).toMatchObject({
      quantity: 110,
      quantity_held: 60,
      unit: 'Kg',
      producer_name: 'HTX Cà phê Ea Tu',
      depth: 2,
    });
    expect(
      report.holders.map((h: { name: string; lot_code: string; quantity: number }) => [h.name, h.lot_code, h.quantity]),
    ).toEqual([
      ['Nông trại Cư M’gar', 'F1', 40],
      ['HTX Cà phê Ea Tu', 'R', 60],
      ['Cửa hàng Cà phê Phố Núi', 'S1', 30],
      ['Quán cà phê Hẻm 12', 'R', 20],
    ]);
    expect(report.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(report.elapsed_ms).toBeLessThan(5000);
    expect(report.hidden_count).toBe(0);
    const [row] = await t.db
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.subjectType, 'traceability'),
          eq(activity.subjectId, c.f1.id),
          eq(activity.action, 'mock_recall'),
        ),
      );
    expect(row.diff).toMatchObject({ lots: 4, holders: 4 });
  });

  it('starts from a location: every lot with an event there, then forward', async () => {
    const c = await buildCoffeeChain(t.db);
    const report = json(await post(admin, '/api/v1/admin/chain/mock-recalls', { location_id: c.plot.id })).data
      .mock_recall;
    expect(report.start).toMatchObject({ location_id: c.plot.id, label: 'Lô đồi số 3' });
    expect(report.lots.map((l: { lot_code: string }) => l.lot_code).sort()).toEqual([
      'C1',
      'C2',
      'D',
      'F1',
      'F2',
      'R',
      'S1',
    ]);
    expect(report.holders.filter((h: { lot_id: number | null }) => h.lot_id === null)).toEqual([
      expect.objectContaining({
        name: 'Cửa hàng Cà phê Phố Núi',
        on_platform: true,
        lot_code: 'C2',
        quantity: 10,
        shipped_on: '2025-04-12',
      }),
      expect.objectContaining({ name: 'Quán cà phê Hẻm 12', on_platform: false, lot_code: 'R', quantity: 20 }),
    ]);
    // The farm's own mock recall of its plot: its lots in full, the cooperative's first lots by name, the rest counted.
    const own = json(await post(c.farm, '/api/v1/chain/mock-recalls', { location_id: c.plot.id })).data.mock_recall;
    expect(own.lots.map((l: { lot_code: string; quantity: number | null }) => [l.lot_code, l.quantity])).toEqual([
      ['F1', 100],
      ['F2', 100],
      ['C1', null],
      ['C2', null],
    ]);
    expect(own.hidden_count).toBe(3);
    expect(own.holders.every((h: { lot_id: number | null }) => h.lot_id !== null)).toBe(true);
    expect((await post(c.coop, '/api/v1/chain/mock-recalls', { location_id: c.plot.id })).statusCode).toBe(404);
    expect((await post(c.coop, '/api/v1/chain/mock-recalls', { lot_id: c.f1.id })).statusCode).toBe(404);
    expect(
      (
        await t.db
          .select()
          .from(activity)
          .where(and(eq(activity.subjectType, 'location'), eq(activity.subjectId, c.plot.id)))
      ).length,
    ).toBe(2);
  });

  it('writes the same report as XLSX and as PDF', async () => {
    const c = await buildCoffeeChain(t.db);
    const xlsx = await post(admin, '/api/v1/admin/chain/mock-recalls/export', { lot_id: c.f1.id, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Thu hồi thử');
    const values = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[2]);
    // Every affected lot (its producer and what is held on its row), then the shipment held outside.
    expect(values).toEqual(['F1', 'C1', 'R', 'S1', 'R']);
    expect(String((sheet.getRow(6).values as unknown[])[4])).toContain('Quán cà phê Hẻm 12');

    const pdf = await post(admin, '/api/v1/admin/chain/mock-recalls/export', { lot_id: c.f1.id, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Báo cáo thu hồi thử');
    expect(text).toContain('Cửa hàng Cà phê Phố Núi');
    expect(text).toContain('Quán cà phê Hẻm 12 (ngoài nền tảng)');
    expect(
      (await post(admin, '/api/v1/admin/chain/mock-recalls/export', { lot_id: c.f1.id, format: 'csv' })).statusCode,
    ).toBe(422);
  });
});

describe('recall', () => {
  const notificationsOf = async (u: Built) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, 'chain.recalled')));

  it('a producer recalls its own affected lots only, lists the others, and each holder hears of it once', async () => {
    const c = await buildCoffeeChain(t.db);
    await clearOutbox(t);
    const refused = await post(c.farm, '/api/v1/chain/recalls', { lot_id: c.f1.id, reason: 'Nhiễm nấm mốc' });
    expect(refused.statusCode).toBe(422);
    const res = await post(c.farm, '/api/v1/chain/recalls', {
      lot_id: c.f1.id,
      reason: 'Nhiễm nấm mốc',
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    const result = json(res).data.recall;
    expect(result.recalled.map((l: { lot_code: string }) => l.lot_code)).toEqual(['F1']);
    expect(result.others).toEqual([{ lot_code: 'C1', producer_name: 'HTX Cà phê Ea Tu' }]);
    expect(result.hidden_count).toBe(2);
    expect(result.notified_producers).toBe(2);
    const states = await t.db
      .select({
        code: traceabilities.lotCode,
        recalledAt: traceabilities.recalledAt,
        reason: traceabilities.recallReason,
      })
      .from(traceabilities)
      .where(inArray(traceabilities.id, [c.f1.id, c.c1.id]));
    expect(states.find((s) => s.code === 'F1')).toMatchObject({
      recalledAt: expect.any(Date),
      reason: 'Nhiễm nấm mốc',
    });
    expect(states.find((s) => s.code === 'C1')!.recalledAt).toBeNull();
    await t.app.events.drain();
    expect(await notificationsOf(c.coop)).toHaveLength(1);
    expect(await notificationsOf(c.shop)).toHaveLength(1);
    expect(await notificationsOf(c.farm)).toHaveLength(0);
    expect((await notificationsOf(c.coop))[0].params).toMatchObject({
      start: 'F1',
      count: '2',
      reason: 'Nhiễm nấm mốc',
    });
    const [coopUser] = await t.db.select().from(users).where(eq(users.id, c.coop.user.id));
    await t.app.mailQueue.drain();
    expect(readOutbox(t.config.outboxDir).filter((m) => m.to.includes(coopUser.email))).toHaveLength(1);
    const history = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'traceability'), eq(activity.subjectId, c.f1.id)));
    expect(history.map((h) => h.action).sort()).toEqual(['chain_recall', 'recall']);
    // The batch page's history shows both, in the producer's view.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/traceabilities/${c.f1.id}/history`,
      headers: as(c.farm),
    });
    expect(page.statusCode).toBe(200);
    expect(
      json(page)
        .data.history.map((h: { action: string }) => h.action)
        .sort(),
    ).toEqual(['chain_recall', 'recall']);
  });

  it('the platform administrator recalls every published lot from a location; drafts are listed, not recalled', async () => {
    const c = await buildCoffeeChain(t.db);
    const res = await post(admin, '/api/v1/admin/chain/recalls', {
      location_id: c.plot.id,
      reason: 'Dư lượng thuốc BVTV',
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    const result = json(res).data.recall;
    expect(result.recalled.map((l: { lot_code: string }) => l.lot_code).sort()).toEqual([
      'C1',
      'C2',
      'F1',
      'F2',
      'R',
      'S1',
    ]);
    expect(result.drafts.map((l: { lot_code: string }) => l.lot_code)).toEqual(['D']);
    expect(result.notified_producers).toBe(3);
    const recalled = await t.db
      .select({ code: traceabilities.lotCode })
      .from(traceabilities)
      .where(inArray(traceabilities.id, [c.f1.id, c.f2.id, c.c1.id, c.c2.id, c.r.id, c.s1.id, c.d.id, c.f3.id]));
    expect(recalled).toHaveLength(8);
    const rows = await t.db
      .select()
      .from(traceabilities)
      .where(inArray(traceabilities.id, [c.d.id, c.f3.id, c.r.id]));
    expect(rows.find((r) => r.id === c.r.id)!.recalledAt).not.toBeNull();
    expect(rows.find((r) => r.id === c.d.id)!.recalledAt).toBeNull();
    expect(rows.find((r) => r.id === c.f3.id)!.recalledAt).toBeNull();
    await t.app.events.drain();
    for (const u of [c.farm, c.coop, c.shop]) expect(await notificationsOf(u)).toHaveLength(1);
    // Again: nothing left to recall.
    const again = json(
      await post(admin, '/api/v1/admin/chain/recalls', { location_id: c.plot.id, reason: 'Lần hai', confirm: true }),
    ).data.recall;
    expect(again.recalled).toEqual([]);
    expect(again.already_recalled).toHaveLength(6);
  });

  it('refuses a recall by a staff member who is not the platform’s administrator', async () => {
    const c = await buildCoffeeChain(t.db);
    const support = await buildUser(t.db, {
      roles: ['support'],
      abilities: [{ action: 'update', subject: 'producer' }],
    });
    const res = await post(support, '/api/v1/admin/chain/recalls', { lot_id: c.f1.id, reason: 'x', confirm: true });
    expect(res.statusCode).toBe(403);
  });
});
