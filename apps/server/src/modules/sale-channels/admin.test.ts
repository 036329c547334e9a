import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { saleChannelRegistration, type SaleChannelRegisterStatus } from '@agrihub/contract';
import { activity, notifications, saleChannelReferences, saleChannels } from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildProduct, buildSaleChannel, buildSaleChannelReference } from '../../../test/factories.js';
import { buildActors, checkMachine, type ActorKind } from '../../../test/machine-table.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/** The back office's sales channel routes (DESIGN §5.3): list, decisions, bulk, export, channel settings, notices. */
let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const BASE = '/api/v1/admin/sale_channel_references';
const get = (u: Built, url: string, locale = 'vi') => t.app.inject({ method: 'GET', url, headers: as(u, locale) });
const put = (u: Built, url: string, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url, headers: as(u, locale), payload });
const setStatus = (id: number, s: SaleChannelRegisterStatus) =>
  t.db.update(saleChannelReferences).set({ registerStatus: s }).where(eq(saleChannelReferences.id, id));

/** A channel of agrihub with two producers: one with a shop registration and two products registered. */
async function world() {
  const channel = await buildSaleChannel(t.db, { platform: 'agrihub', name: 'Shopee thử' });
  const a = await buildUser(t.db, { platform: 'agrihub', producer: { name: 'HTX Chè Tà Xùa' } });
  const b = await buildUser(t.db, { platform: 'agrihub', producer: { name: 'Công ty Gạo Sóc Trăng' } });
  const tea = await buildProduct(t.db, { producerId: a.producerId!, name: 'Chè Shan tuyết' });
  const rice = await buildProduct(t.db, { producerId: b.producerId!, name: 'Gạo ST25' });
  const shop = await buildSaleChannelReference(t.db, { producerId: a.producerId!, channelId: channel.id });
  const r1 = await buildSaleChannelReference(t.db, { productId: tea.id, channelId: channel.id, syncStatus: 'synced', registerStatus: 'approved' });
  const r2 = await buildSaleChannelReference(t.db, { productId: rice.id, channelId: channel.id });
  return { channel, a, b, tea, rice, shop, r1, r2 };
}

describe('admin list', () => {
  it('filters, pages and counts per status; accent-free q; producers get 403, support needs the ability', async () => {
    const w = await world();
    const list = async (qs: string, u = admin) => {
      const res = await get(u, `${BASE}?channel_id=${w.channel.id}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return json(res);
    };
    const all = await list('');
    expect(all.meta.total_count).toBe(3);
    expect(all.meta.counts.register_status).toEqual({ pending: 2, approved: 1 });
    expect(all.meta.counts.sync_status).toEqual({ not_synced: 2, synced: 1 });
    const pending = await list('register_status=pending');
    expect(pending.data.sale_channel_references.map((r: { id: number }) => r.id).sort()).toEqual([w.shop.id, w.r2.id].sort());
    // Counters are under the other filters only.
    expect(pending.meta.counts.register_status).toEqual({ pending: 2, approved: 1 });
    expect((await list('sync_status=synced')).data.sale_channel_references[0].id).toBe(w.r1.id);
    expect((await list('referenceable_type=producer')).data.sale_channel_references.map((r: { id: number }) => r.id)).toEqual([w.shop.id]);
    const q = await list('q=che shan tuyet');
    expect(q.data.sale_channel_references.map((r: { id: number }) => r.id)).toEqual([w.r1.id]);
    expect(q.meta.counts.register_status).toEqual({ approved: 1 });
    const page1 = await list('per_page=2&page=1&sort=created_at');
    const page2 = await list('per_page=2&page=2&sort=created_at');
    expect(page1.data.sale_channel_references).toHaveLength(2);
    expect(page2.data.sale_channel_references).toHaveLength(1);
    expect(page1.meta.total_count).toBe(3);
    const first = page1.data.sale_channel_references[0];
    expect(first.allowed_moves).toEqual(['approved', 'rejected']);
    // Access.
    expect((await get(w.a, BASE)).statusCode).toBe(403);
    const supportWithout = await buildUser(t.db, { platform: 'agrihub', roles: ['customer_support'], abilities: [] });
    expect((await get(supportWithout, BASE)).statusCode).toBe(403);
    const supportRead = await buildUser(t.db, {
      platform: 'agrihub',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'sale_channel_reference' }],
    });
    const read = await list('', supportRead);
    // May read, may not decide: no move offered, a decision is refused.
    expect(read.data.sale_channel_references.every((r: { allowed_moves: string[] }) => !r.allowed_moves.length)).toBe(true);
    expect((await put(supportRead, `${BASE}/${w.r2.id}`, { register_status: 'approved' })).statusCode).toBe(403);
    // Another platform's admin sees nothing of agrihub.
    const foreign = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect(json(await get(foreign, `${BASE}?channel_id=${w.channel.id}`)).meta.total_count).toBe(0);
    expect((await get(foreign, `${BASE}/${w.r2.id}`)).statusCode).toBe(404);
    expect((await put(foreign, `${BASE}/${w.r2.id}`, { register_status: 'approved' })).statusCode).toBe(404);
  });

  it('a bad filter is a 422 in the caller language', async () => {
    const res = await get(admin, `${BASE}?register_status=nope`, 'en');
    expect(res.statusCode).toBe(422);
  });
});

describe('admin decisions', () => {
  it('reject needs a reason (422 vi/en); approve and close are recorded with the history and sync log', async () => {
    const w = await world();
    const vi = await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'rejected' });
    expect(vi.statusCode).toBe(422);
    const en = await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'rejected', reason: '  ' }, 'en');
    expect(en.statusCode).toBe(422);
    expect(json(vi).meta.message).not.toBe(json(en).meta.message);
    const rejected = await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'rejected', reason: 'Thiếu ảnh nhãn' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected).data.sale_channel_reference).toMatchObject({ register_status: 'rejected', reason: 'Thiếu ảnh nhãn' });
    const approved = await put(admin, `${BASE}/${w.shop.id}`, { register_status: 'approved' });
    expect(json(approved).data.sale_channel_reference.allowed_moves).toEqual(['closed']);
    const closed = await put(admin, `${BASE}/${w.shop.id}`, { register_status: 'closed', reason: 'Ngừng hợp tác' });
    expect(closed.statusCode).toBe(200);
    // Resubmitting is the owner's move, never the admin's.
    expect((await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'pending' })).statusCode).toBe(409);
    const detail = json(await get(admin, `${BASE}/${w.shop.id}`)).data;
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(['approve', 'close']));
    expect(detail.sync_log).toEqual([]);
    expect((await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'approved', extra: 1 })).statusCode).toBe(422);
    expect((await get(admin, `${BASE}/999999999`)).statusCode).toBe(404);
  });

  it('every move by every actor through the admin route answers as the table says', async () => {
    const actors = await buildActors(t, { action: 'update', subject: 'sale_channel_reference' });
    const channel = await buildSaleChannel(t.db, { platform: 'dtrack' });
    const ref = await buildSaleChannelReference(t.db, { producerId: actors.owner.producerId!, channelId: channel.id });
    const refusedBefore = (kind: ActorKind) =>
      kind === 'owner' || kind === 'other_producer' || kind === 'support_without' ? (403 as const) : null;
    const send = (to: SaleChannelRegisterStatus) => (u: Built, reason: string | undefined) =>
      put(u, `${BASE}/${ref.id}`, { register_status: to, ...(reason ? { reason } : {}) });
    const cases = await checkMachine({
      t,
      // The admin route is the back office's: the owner's moves (resubmit) are not offered to staff.
      machine: saleChannelRegistration,
      subject: 'sale_channel_reference',
      subjectId: ref.id,
      actors,
      routes: {
        pending: { send: send('pending'), refusedBefore },
        approved: { send: send('approved'), refusedBefore },
        rejected: { send: send('rejected'), refusedBefore },
        closed: { send: send('closed'), refusedBefore },
      },
      reset: async (s) => void (await setStatus(ref.id, s)),
      stateOf: async () => (await t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.id, ref.id)))[0].registerStatus,
      eventOf: {
        approved: 'sale_channel_reference.moved',
        rejected: 'sale_channel_reference.moved',
        closed: 'sale_channel_reference.moved',
        pending: 'sale_channel_reference.moved',
      },
    });
    expect(cases).toBeGreaterThan(50);
  });
});

describe('bulk', () => {
  it('moves the ones that can in one go, skips and names the others; a reject needs a reason', async () => {
    const w = await world();
    const foreignProducer = await buildUser(t.db, { platform: 'foodmap' });
    const foreign = await buildSaleChannelReference(t.db, { producerId: foreignProducer.producerId! });
    const url = `${BASE}/bulk`;
    const ids = [w.shop.id, w.r1.id, w.r2.id, foreign.id];
    const noReason = await put(admin, url, { ids, register_status: 'rejected' }, 'en');
    expect(noReason.statusCode).toBe(422);
    expect((await put(admin, url, { ids: [], register_status: 'approved' })).statusCode).toBe(422);
    const res = await put(admin, url, { ids, register_status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ updated: 2, skipped: [w.r1.id, foreign.id] });
    expect(json(res).meta.message).toContain('2');
    for (const id of [w.shop.id, w.r2.id]) {
      const [row] = await t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.id, id));
      expect(row.registerStatus).toBe('approved');
    }
    const [f] = await t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.id, foreign.id));
    expect(f.registerStatus).toBe('pending');
    const rows = await t.db.select().from(activity).where(eq(activity.subjectType, 'sale_channel_reference'));
    expect(rows.filter((a) => a.subjectId === w.r2.id && a.action === 'approve')).toHaveLength(1);
    const closeAll = await put(admin, url, { ids, register_status: 'closed', reason: 'Kênh ngừng hoạt động' });
    expect(json(closeAll).data.updated).toBe(3);
    expect((await put(w.a, url, { ids, register_status: 'approved' })).statusCode).toBe(403);
  });
});

async function sheetRows(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
}

describe('export', () => {
  it('exportAsFilter takes the filters, exportAllData every registration of the platform; nothing internal; staff need the ability', async () => {
    const w = await world();
    await put(admin, `${BASE}/${w.r2.id}`, { register_status: 'rejected', reason: 'Thiếu GTIN' });
    for (const path of ['/api/v1/sale_channel_references/export', `${BASE}/export`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${path}?mode=exportAsFilter&channel_id=${w.channel.id}&register_status=rejected`,
        headers: as(admin),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const { sheet, rows } = await sheetRows(res);
      expect(sheet.name).toBe('Đăng ký kênh bán');
      expect(rows).toHaveLength(1);
      expect(rows[0].slice(1, 6)).toEqual([w.r2.id, 'Shopee thử', 'Sản phẩm', 'Công ty Gạo Sóc Trăng', 'Gạo ST25']);
      expect(rows[0][9]).toBe('Chưa đồng bộ');
      expect(rows[0][1]).toBe(w.r2.id);
      expect(rows[0][7]).toBe('Bị từ chối');
      expect(rows[0][8]).toBe('Thiếu GTIN');
      expect(JSON.stringify(rows)).not.toContain(w.channel.feedToken);
    }
    const otherChannel = await buildSaleChannelReference(t.db, { producerId: w.b.producerId! });
    const all = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sale_channel_references/export?mode=exportAllData&channel_id=${w.channel.id}`,
      headers: as(admin, 'en'),
    });
    const { sheet, rows } = await sheetRows(all);
    expect(sheet.name).toBe('Sales channel registrations');
    const ids = rows.map((r) => r[1] as number);
    // exportAllData ignores the list filters of the query: the other channel's registration is there too.
    expect(ids).toEqual(expect.arrayContaining([w.shop.id, w.r1.id, w.r2.id, otherChannel.id]));
    expect(new Set(ids).size).toBe(ids.length);
    // exportAllData ignores the filters: other channels of the platform too, never another platform's.
    const foreignProducer = await buildUser(t.db, { platform: 'foodmap' });
    const foreign = await buildSaleChannelReference(t.db, { producerId: foreignProducer.producerId! });
    const again = await sheetRows(
      await t.app.inject({ method: 'POST', url: '/api/v1/sale_channel_references/export?mode=exportAllData', headers: as(admin) }),
    );
    expect(again.rows.map((r) => r[1])).not.toContain(foreign.id);
    expect(again.rows.length).toBeGreaterThanOrEqual(3);
    // Staff without read on sale_channel_reference are refused (a producer exports its own: below).
    const support = await buildUser(t.db, { platform: 'agrihub', roles: ['customer_support'], abilities: [] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/sale_channel_references/export', headers: as(support) });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).meta.code).toBe('permission_denied');
  });

  // Issue 25: the spec path needed an ability no producer can hold, so it answered every producer 403.
  it('a producer exports its own registrations (both modes, filters apply), never another producer’s; the admin alias stays closed to it', async () => {
    const w = await world();
    const foreign = await buildUser(t.db, { platform: 'foodmap' });
    const foreignRef = await buildSaleChannelReference(t.db, { producerId: foreign.producerId! });
    const exportAs = (u: Built, query: string, path = '/api/v1/sale_channel_references/export') =>
      t.app.inject({ method: 'POST', url: `${path}?${query}`, headers: as(u) });
    const all = await exportAs(w.a, 'mode=exportAllData');
    expect(all.statusCode, all.body.slice(0, 200)).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await sheetRows(all);
    expect(rows.map((r) => r[1]).sort()).toEqual([w.shop.id, w.r1.id].sort());
    expect(rows.every((r) => r[4] === 'HTX Chè Tà Xùa')).toBe(true);
    expect(rows.map((r) => r[1])).not.toContain(foreignRef.id);
    const filtered = await sheetRows(await exportAs(w.a, `mode=exportAsFilter&referenceable_type=product`));
    expect(filtered.rows.map((r) => r[1])).toEqual([w.r1.id]);
    // Producer b's filter on a's product finds nothing of a's.
    const other = await sheetRows(await exportAs(w.b, `mode=exportAsFilter&product_id=${w.tea.id}`));
    expect(other.rows).toEqual([]);
    expect((await exportAs(w.a, 'mode=exportAllData', `${BASE}/export`)).statusCode).toBe(403);
    // An account without a producer learns why, in its language.
    const newcomer = await buildUser(t.db, { platform: 'agrihub', producer: false });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sale_channel_references/export?mode=exportAllData',
      headers: as(newcomer, 'en'),
    });
    expect(none.statusCode).toBe(403);
    expect(json(none).meta.code).toBe('saleChannelNeedsProducer');
  });
});

describe('channel settings', () => {
  it('lists channels with feed URLs; validates edits; rotating the token changes the URLs; history kept', async () => {
    const channel = await buildSaleChannel(t.db, { platform: 'agrihub', name: 'Lazada thử' });
    const list = json(await get(admin, '/api/v1/admin/sale_channels')).data.sale_channels;
    const mine = list.find((c: { id: number }) => c.id === channel.id);
    expect(mine.feed_xml_url).toMatch(new RegExp(`/feeds/${channel.feedToken}\\.xml$`));
    expect(mine.feed_csv_url).toMatch(new RegExp(`/feeds/${channel.feedToken}\\.csv$`));
    const url = `/api/v1/admin/sale_channels/${channel.id}`;
    const req = { gtin: true, min_images: 3, approved_product: true, price: true, min_description: 0 };
    expect((await put(admin, url, { requirements: { ...req, min_images: 11 } })).statusCode).toBe(422);
    expect((await put(admin, url, { requirements: { ...req, min_images: -1 } }, 'en')).statusCode).toBe(422);
    expect((await put(admin, url, { feed_token: 'mine' })).statusCode).toBe(422);
    const ok = await put(admin, url, { requirements: req, active: false, description: 'Sàn thương mại', position: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.sale_channel).toMatchObject({ requirements: req, active: false, description: 'Sàn thương mại', position: 3 });
    const rotated = await put(admin, url, { rotate_feed_token: true });
    const after = json(rotated).data.sale_channel;
    expect(after.feed_xml_url).not.toBe(mine.feed_xml_url);
    const [row] = await t.db.select().from(saleChannels).where(eq(saleChannels.id, channel.id));
    expect(row.feedToken).not.toBe(channel.feedToken);
    expect(after.feed_xml_url).toContain(row.feedToken);
    expect(json(rotated).data.history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['update', 'rotate_feed_token']),
    );
    expect(JSON.stringify(json(rotated).data.history)).not.toContain(row.feedToken);
    // Producers are refused, other platforms do not find it.
    const producer = await buildUser(t.db, { platform: 'agrihub' });
    expect((await get(producer, '/api/v1/admin/sale_channels')).statusCode).toBe(403);
    const foreign = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect((await put(foreign, url, { active: true })).statusCode).toBe(404);
  });
});

describe('notifications to the producer', () => {
  it('approve, reject (reason) and close by the admin reach the producer in-app and by mail in its language', async () => {
    const channel = await buildSaleChannel(t.db, { platform: 'agrihub', name: 'Tiki thử' });
    const owner = await buildUser(t.db, { platform: 'agrihub', locale: 'en', producer: { name: 'HTX Mật Ong' } });
    const product = await buildProduct(t.db, { producerId: owner.producerId!, name: 'Mật ong rừng' });
    const ref = await buildSaleChannelReference(t.db, { productId: product.id, channelId: channel.id });
    const shop = await buildSaleChannelReference(t.db, { producerId: owner.producerId!, channelId: channel.id });
    expect((await put(admin, `${BASE}/${ref.id}`, { register_status: 'rejected', reason: 'Ảnh mờ' })).statusCode).toBe(200);
    expect((await put(admin, `${BASE}/${shop.id}`, { register_status: 'approved' })).statusCode).toBe(200);
    expect((await put(admin, `${BASE}/${shop.id}`, { register_status: 'closed', reason: 'Vi phạm chính sách' })).statusCode).toBe(200);
    await t.app.events.drain();
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(mine.map((n) => n.type).sort()).toEqual([
      'sale_channel_reference.approved',
      'sale_channel_reference.closed',
      'sale_channel_reference.rejected',
    ]);
    expect(mine.every((n) => n.link === '/sales-channels')).toBe(true);
    const read = json(await get(owner, '/api/v1/notifications', 'en')).data.notifications as { type: string; body: string }[];
    expect(read.find((n) => n.type === 'sale_channel_reference.rejected')!.body).toContain('Ảnh mờ');
    expect(read.find((n) => n.type === 'sale_channel_reference.rejected')!.body).toContain('Mật ong rừng');
    const mails = readOutbox(t.config.outboxDir).filter((m) => m.to === owner.user.email);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.subject).join('|')).toContain('Sales channel registration rejected');
    expect(mails.some((m) => m.text.includes('Vi phạm chính sách') && m.text.includes('/sales-channels'))).toBe(true);
    const vi = json(await get(owner, '/api/v1/notifications', 'vi')).data.notifications as { type: string; title: string }[];
    expect(vi.find((n) => n.type === 'sale_channel_reference.closed')!.title).toBe('Đăng ký kênh bán đã bị đóng');
  });

  it("the owner's own move tells nobody", async () => {
    const owner = await buildUser(t.db, { platform: 'agrihub' });
    const channel = await buildSaleChannel(t.db, { platform: 'agrihub' });
    const ref = await buildSaleChannelReference(t.db, { producerId: owner.producerId!, channelId: channel.id, registerStatus: 'approved' });
    const res = await put(owner, `/api/v1/sale_channel_references/${ref.id}`, { register_status: 'closed', reason: 'Tạm nghỉ' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).toEqual([]);
  });
});
