import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PLATFORM_KEYS } from '@agrihub/contract';
import { activity, products, saleChannelReferences, saleChannels } from '../../db/schema/index.js';
import { seedSaleChannels } from '../../db/seed/sale-channels.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import {
  buildProduct,
  buildSaleChannel,
  buildSaleChannelReference,
  nextTestGtin,
  type SaleChannelRow,
} from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLATFORM = 'agrihub' as const;
const STRICT = { gtin: true, min_images: 3, approved_product: true, price: true, min_description: 50 };
const IMAGES = [1, 2, 3].map((id) => ({
  id,
  url: `/uploads/p/${id}.jpg`,
  thumbnail_url: `/uploads/p/${id}-thumb.webp`,
}));
const LONG =
  'Chè Shan tuyết cổ thụ hái tay trên đỉnh Tà Xùa, sao suốt trên chảo gang, nước xanh, vị chát dịu và hậu ngọt.';

/** A product of `u` that meets STRICT; `fields` take something away. */
const product = (u: Built, fields: Parameters<typeof buildProduct>[1] = {}) =>
  buildProduct(t.db, {
    producerId: u.producerId!,
    images: IMAGES,
    description: LONG,
    priceCents: 12_000_000,
    ...fields,
  });

const register = (u: Built, channelId: number, payload: object = {}, locale = 'vi') =>
  t.app.inject({ method: 'POST', url: `/api/v1/sale_channels/${channelId}/register`, headers: as(u, locale), payload });
const get = (u: Built, url: string, locale = 'vi') => t.app.inject({ method: 'GET', url, headers: as(u, locale) });
const put = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `/api/v1/sale_channel_references/${id}`, headers: as(u, locale), payload });
const refRow = async (id: number) =>
  (await t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.id, id)))[0];
const refsOfChannel = (channelId: number) =>
  t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.channelId, channelId));
const history = async (u: Built, id: number) =>
  json(await get(u, `/api/v1/sale_channel_references/${id}`)).data.history;

async function strictChannel(overrides: Partial<SaleChannelRow> = {}) {
  return buildSaleChannel(t.db, { platform: PLATFORM, name: 'Tiki', requirements: STRICT, ...overrides });
}

describe('the channel list', () => {
  it("lists the platform's channels in order, with the producer's own registration; other platforms' never", async () => {
    const producer = await buildUser(t.db, { platform: 'foodmap' });
    const second = await buildSaleChannel(t.db, { platform: 'foodmap', name: 'Lazada', position: 2, active: false });
    const first = await buildSaleChannel(t.db, { platform: 'foodmap', name: 'Shopee', position: 1 });
    await buildSaleChannel(t.db, { platform: 'dtrack', name: 'Kênh DTrack' });
    const list = async (u: Built) => json(await get(u, '/api/v1/sale_channels')).data.sale_channels;
    const before = await list(producer);
    expect(before.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    expect(before[0]).toMatchObject({
      name: 'Shopee',
      active: true,
      registration: null,
      logo_url: '/channels/shopee.svg',
    });
    expect(before[1]).toMatchObject({ active: false });
    expect(before[0]).not.toHaveProperty('feed_token');
    expect(JSON.stringify(before)).not.toContain(first.feedToken);
    const res = await register(producer, first.id);
    expect(res.statusCode, res.body).toBe(201);
    const after = await list(producer);
    expect(after[0].registration).toMatchObject({ register_status: 'pending', reason: null });
    expect(after[1].registration).toBeNull();
    // An administrator (no producer) reads the channels without a registration.
    const admin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect((await list(admin))[0]).not.toHaveProperty('registration');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/sale_channels', headers: { platform: 'foodmap' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('registering the producer itself', () => {
  it('goes pending with a history row; twice is 409; an account without a producer gets a clear 403', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM, producer: { status: 'pending' } });
    const channel = await strictChannel();
    const dry = await register(producer, channel.id, { dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(json(dry).data).toEqual({ sale_channel_references: [], products: [], ready: true });
    expect(await refsOfChannel(channel.id)).toHaveLength(0);

    const res = await register(producer, channel.id);
    expect(res.statusCode, res.body).toBe(201);
    const [ref] = json(res).data.sale_channel_references;
    expect(ref).toMatchObject({
      referenceable_type: 'producer',
      product: null,
      register_status: 'pending',
      sync_status: 'not_synced',
      missing: [],
      allowed_moves: [],
      channel: { id: channel.id, name: 'Tiki' },
      producer: { id: producer.producerId },
    });
    expect(json(res).meta.message).toBe('Đã gửi đăng ký 1 mục lên kênh Tiki, đang chờ duyệt.');
    expect((await history(producer, ref.id)).map((h: { action: string; to: string }) => [h.action, h.to])).toEqual([
      ['register', 'pending'],
    ]);

    const again = await register(producer, channel.id, {}, 'en');
    expect(again.statusCode).toBe(409);
    expect(json(again).meta).toMatchObject({ code: 'saleChannelAlreadyRegistered' });
    expect(json(again).meta.message).toContain('is already registered to Tiki');

    const admin = await buildUser(t.db, { platform: PLATFORM, roles: ['admin'] });
    const noProducer = await register(admin, channel.id, {}, 'en');
    expect(noProducer.statusCode).toBe(403);
    expect(json(noProducer).meta.message).toBe(
      'This account has no producer yet: enter your business information before registering to a sales channel.',
    );
    const vi = await get(admin, '/api/v1/sale_channel_references');
    expect(vi.statusCode).toBe(403);
    expect(json(vi).meta.message).toContain('Tài khoản chưa có đơn vị sản xuất');
  });

  it('a closed producer changes nothing (403)', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM, producer: { status: 'closed' } });
    const channel = await strictChannel();
    const res = await register(producer, channel.id);
    expect(res.statusCode).toBe(403);
    expect(json(res).meta.code).toBe('producer_closed_readonly');
    expect(await refsOfChannel(channel.id)).toHaveLength(0);
  });
});

describe('registering products', () => {
  it('checks every requirement of every product first: one incomplete product and nothing is sent (422 with what each lacks)', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const channel = await strictChannel();
    const ok = await product(producer);
    const noGtin = await product(producer, { gtin: null });
    const badGtin = await product(producer, { gtin: '8936000000012', gtin14: null });
    const fewImages = await product(producer, { images: IMAGES.slice(0, 1) });
    const draft = await product(producer, { status: 'draft' });
    const noPrice = await product(producer, { priceCents: null });
    const short = await product(producer, { description: '  Chè ngon  ' });
    const all = [ok, noGtin, badGtin, fewImages, draft, noPrice, short].map((p) => p.id);

    const res = await register(producer, channel.id, { product_ids: all });
    expect(res.statusCode, res.body).toBe(422);
    const body = json(res);
    expect(body.meta).toMatchObject({
      code: 'saleChannelProductsNotReady',
      message: 'Chưa gửi được: 6 sản phẩm chưa đủ điều kiện của kênh Tiki. Hãy bổ sung những mục còn thiếu.',
    });
    const missing = Object.fromEntries(
      body.products.map((p: { product_id: number; missing: unknown[] }) => [p.product_id, p.missing]),
    );
    expect(missing).toEqual({
      [ok.id]: [],
      [noGtin.id]: [{ key: 'gtin_missing' }],
      [badGtin.id]: [{ key: 'gtin_invalid' }],
      [fewImages.id]: [{ key: 'too_few_images', need: 3, have: 1 }],
      [draft.id]: [{ key: 'product_not_approved' }],
      [noPrice.id]: [{ key: 'price_missing' }],
      [short.id]: [{ key: 'description_too_short', need: 50, have: 8 }],
    });
    expect(await refsOfChannel(channel.id)).toHaveLength(0);

    // A dry run answers the same readiness (200) and sends nothing either.
    const dry = await register(producer, channel.id, { product_ids: all, dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(json(dry).data.ready).toBe(false);
    expect(json(dry).data.products).toEqual(body.products);
    const dryOk = await register(producer, channel.id, { product_ids: [ok.id], dry_run: true });
    expect(json(dryOk).data).toMatchObject({ ready: true, sale_channel_references: [] });
    expect(await refsOfChannel(channel.id)).toHaveLength(0);

    // The complete ones go (a repeated id counts once).
    const sent = await register(producer, channel.id, { product_ids: [ok.id, ok.id] }, 'en');
    expect(sent.statusCode, sent.body).toBe(201);
    const [ref] = json(sent).data.sale_channel_references;
    expect(ref).toMatchObject({
      referenceable_type: 'product',
      product: { id: ok.id, name: ok.name, gtin: ok.gtin },
      register_status: 'pending',
      missing: [],
    });
    expect(json(sent).meta.message).toBe('Sent 1 registration(s) to Tiki, waiting for approval.');

    // Already registered: 409 naming the product.
    const twice = await register(producer, channel.id, { product_ids: [ok.id] });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).meta.message).toBe(`${ok.name} đã được đăng ký lên kênh Tiki.`);
  });

  it('needs an approved producer', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM, producer: { status: 'pending' } });
    const channel = await strictChannel();
    const p = await product(producer);
    const res = await register(producer, channel.id, { product_ids: [p.id] });
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.message).toBe('Đơn vị sản xuất chưa được duyệt: chưa thể đăng ký sản phẩm lên kênh bán.');
  });

  it("another producer's product, another platform's, or an unknown id: 422 on the field, alike, nothing sent", async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const other = await buildUser(t.db, { platform: PLATFORM });
    const elsewhere = await buildUser(t.db, { platform: 'foodmap' });
    const channel = await strictChannel();
    const mine = await product(producer);
    const theirs = await product(other);
    const foreign = await product(elsewhere);
    const answers = [];
    for (const id of [theirs.id, foreign.id, 999_999]) {
      const res = await register(producer, channel.id, { product_ids: [mine.id, id] });
      expect(res.statusCode).toBe(422);
      answers.push(json(res));
    }
    for (const a of answers) {
      expect(a.meta.code).toBe('saleChannelProductNotFound');
      expect(a.meta.errors).toEqual([
        { field: 'product_ids.1', message: 'Không tìm thấy sản phẩm này trong các sản phẩm của đơn vị.' },
      ]);
      expect(a).not.toHaveProperty('products');
    }
    // The answer is the same whether the product exists elsewhere or not at all.
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(await refsOfChannel(channel.id)).toHaveLength(0);
  });

  it("another platform's channel is not found; a paused channel takes nothing", async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const foreign = await buildSaleChannel(t.db, { platform: 'foodmap' });
    const res = await register(producer, foreign.id);
    expect(res.statusCode).toBe(404);
    expect(json(res).meta.message).toBe('Không tìm thấy kênh bán.');
    const paused = await strictChannel({ name: 'Voso', active: false });
    const p = await product(producer);
    for (const payload of [{}, { product_ids: [p.id] }, { product_ids: [p.id], dry_run: true }]) {
      const refused = await register(producer, paused.id, payload);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).meta.message).toBe('Kênh bán Voso đang tạm ngừng nhận đăng ký.');
    }
    expect(await refsOfChannel(paused.id)).toHaveLength(0);
  });
});

describe("the owner's moves", () => {
  it('a rejected registration sent again goes back to pending through the table (register or PUT)', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const channel = await strictChannel();
    const p1 = await product(producer);
    const p2 = await product(producer);
    const r1 = await buildSaleChannelReference(t.db, {
      productId: p1.id,
      channelId: channel.id,
      registerStatus: 'rejected',
      reason: 'Ảnh mờ',
    });
    const r2 = await buildSaleChannelReference(t.db, {
      productId: p2.id,
      channelId: channel.id,
      registerStatus: 'rejected',
      reason: 'Thiếu mô tả',
    });
    const own = json(await get(producer, `/api/v1/sale_channel_references/${r1.id}`)).data.sale_channel_reference;
    expect(own).toMatchObject({ register_status: 'rejected', reason: 'Ảnh mờ', allowed_moves: ['pending'] });

    const res = await register(producer, channel.id, { product_ids: [p1.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.sale_channel_references[0]).toMatchObject({
      id: r1.id,
      register_status: 'pending',
      reason: null,
    });
    expect((await history(producer, r1.id))[0]).toMatchObject({ action: 'resubmit', from: 'rejected', to: 'pending' });

    // A resubmission checks the product again: incomplete → 422 and it stays rejected.
    await t.db
      .update(saleChannelReferences)
      .set({ registerStatus: 'rejected' })
      .where(eq(saleChannelReferences.id, r1.id));
    await t.db.update(products).set({ images: [] }).where(eq(products.id, p2.id));
    const incomplete = await put(producer, r2.id, { register_status: 'pending' });
    expect(incomplete.statusCode).toBe(422);
    expect(json(incomplete).products).toEqual([
      { product_id: p2.id, name: p2.name, missing: [{ key: 'too_few_images', need: 3, have: 0 }] },
    ]);
    expect((await refRow(r2.id)).registerStatus).toBe('rejected');
    await t.db.update(products).set({ images: IMAGES }).where(eq(products.id, p2.id));
    const ok = await put(producer, r2.id, { register_status: 'pending' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.sale_channel_reference).toMatchObject({
      register_status: 'pending',
      reason: null,
      allowed_moves: [],
    });
    expect(json(ok).meta.message).toBe('Đã cập nhật đăng ký kênh bán.');
  });

  it('closes an approved registration with a reason; may not approve; a closed one is final', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const channel = await strictChannel();
    const p = await product(producer);
    const syncedAt = new Date('2026-03-02T04:00:00Z');
    const approved = await buildSaleChannelReference(t.db, {
      productId: p.id,
      channelId: channel.id,
      registerStatus: 'approved',
      syncStatus: 'synced',
      lastSyncedAt: syncedAt,
    });
    const pending = await buildSaleChannelReference(t.db, { producerId: producer.producerId!, channelId: channel.id });

    const noReason = await put(producer, approved.id, { register_status: 'closed', reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(json(noReason).meta.errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do.' }]);
    const closed = await put(producer, approved.id, { register_status: 'closed', reason: 'Ngừng bán trên Tiki' });
    expect(closed.statusCode, closed.body).toBe(200);
    // Closed, it leaves the channel's feed: no longer "synced" (the last sync's time is kept).
    expect(json(closed).data.sale_channel_reference).toMatchObject({
      register_status: 'closed',
      reason: 'Ngừng bán trên Tiki',
      sync_status: 'not_synced',
      last_synced_at: syncedAt.toISOString(),
      allowed_moves: [],
    });
    expect((await history(producer, approved.id))[0]).toMatchObject({
      action: 'close',
      from: 'approved',
      to: 'closed',
      note: 'Ngừng bán trên Tiki',
    });

    const approve = await put(producer, pending.id, { register_status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(json(approve).meta).toMatchObject({
      code: 'transition_not_allowed',
      message: 'Không thể chuyển trạng thái từ “Chờ duyệt” sang “Đã duyệt”. Trạng thái có thể chuyển: không có.',
    });
    await t.db
      .update(saleChannelReferences)
      .set({ registerStatus: 'rejected' })
      .where(eq(saleChannelReferences.id, pending.id));
    const fromRejected = await put(producer, pending.id, { register_status: 'approved' });
    expect(json(fromRejected).meta.message).toBe(
      'Không thể chuyển trạng thái từ “Bị từ chối” sang “Đã duyệt”. Trạng thái có thể chuyển: Chờ duyệt.',
    );
    expect((await refRow(pending.id)).registerStatus).toBe('rejected');

    const reopen = await register(producer, channel.id, { product_ids: [p.id] });
    expect(reopen.statusCode).toBe(409);
    expect(json(reopen).meta.code).toBe('transition_not_allowed');
    expect((await refRow(approved.id)).registerStatus).toBe('closed');
  });

  it('a paused channel takes no resubmission', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const channel = await strictChannel({ name: 'Postmart', active: false });
    const ref = await buildSaleChannelReference(t.db, {
      producerId: producer.producerId!,
      channelId: channel.id,
      registerStatus: 'rejected',
    });
    const res = await put(producer, ref.id, { register_status: 'pending' });
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('saleChannelInactive');
  });
});

describe('lists', () => {
  it("the producer's registrations: filters, counters under the other filters, paging, never another producer's", async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const other = await buildUser(t.db, { platform: PLATFORM });
    const tiki = await strictChannel();
    const voso = await strictChannel({ name: 'Voso' });
    const tra = await product(producer, { name: 'Trà Ô long Đà Lạt' });
    const gao = await product(producer, { name: 'Gạo ST25' });
    await buildSaleChannelReference(t.db, {
      productId: tra.id,
      channelId: tiki.id,
      registerStatus: 'approved',
      syncStatus: 'synced',
    });
    await buildSaleChannelReference(t.db, { productId: gao.id, channelId: tiki.id, registerStatus: 'pending' });
    await buildSaleChannelReference(t.db, {
      productId: tra.id,
      channelId: voso.id,
      registerStatus: 'approved',
      syncStatus: 'out_of_date',
    });
    await buildSaleChannelReference(t.db, {
      producerId: producer.producerId!,
      channelId: voso.id,
      registerStatus: 'rejected',
      reason: 'x',
    });
    await buildSaleChannelReference(t.db, {
      productId: (await product(other)).id,
      channelId: tiki.id,
      registerStatus: 'approved',
    });

    const list = async (query: string) => json(await get(producer, `/api/v1/sale_channel_references${query}`));
    const all = await list('');
    expect(all.meta).toMatchObject({
      total_count: 4,
      current_page: 1,
      per_page: 20,
      counts: {
        register_status: { approved: 2, pending: 1, rejected: 1 },
        sync_status: { synced: 1, not_synced: 2, out_of_date: 1 },
      },
    });
    const approved = await list('?register_status=approved');
    expect(approved.meta.total_count).toBe(2);
    expect(approved.meta.counts.register_status).toEqual({ approved: 2, pending: 1, rejected: 1 });
    const onTiki = await list(`?channel_id=${tiki.id}`);
    expect(
      onTiki.data.sale_channel_references.map((r: { product: { name: string } }) => r.product.name).sort(),
    ).toEqual(['Gạo ST25', 'Trà Ô long Đà Lạt']);
    expect(onTiki.meta.counts.register_status).toEqual({ approved: 1, pending: 1 });
    expect((await list('?referenceable_type=producer')).data.sale_channel_references).toEqual([
      expect.objectContaining({
        referenceable_type: 'producer',
        register_status: 'rejected',
        reason: 'x',
        allowed_moves: ['pending'],
      }),
    ]);
    expect((await list('?q=tra o long')).meta.total_count).toBe(2);
    expect((await list('?out_of_date=true')).meta.total_count).toBe(1);
    expect((await list('?sync_status=synced')).data.sale_channel_references[0].product.name).toBe('Trà Ô long Đà Lạt');
    expect((await list(`?product_id=${gao.id}`)).meta.total_count).toBe(1);
    const page2 = await list('?per_page=3&page=2&sort=created_at');
    expect(page2.data.sale_channel_references).toHaveLength(1);
    const bad = await get(producer, '/api/v1/sale_channel_references?register_status=done&sort=name', 'en');
    expect(bad.statusCode).toBe(422);
  });

  it('referenceable products: readiness and registration per active channel, or one channel; by product', async () => {
    const producer = await buildUser(t.db, { platform: 'dtrack' });
    const other = await buildUser(t.db, { platform: 'dtrack' });
    const easy = await buildSaleChannel(t.db, { platform: 'dtrack', position: 1 });
    const hard = await buildSaleChannel(t.db, { platform: 'dtrack', requirements: STRICT, position: 2 });
    await buildSaleChannel(t.db, { platform: 'dtrack', active: false, position: 3 });
    const ready = await product(producer, { name: 'A Mật ong bạc hà', gtin: nextTestGtin() });
    await product(producer, { name: 'B Cà phê', images: [], priceCents: null });
    await product(other);
    const ref = await buildSaleChannelReference(t.db, {
      productId: ready.id,
      channelId: easy.id,
      registerStatus: 'approved',
      syncStatus: 'synced',
    });

    const res = await get(producer, '/api/v1/sale_channel_referenceable');
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.meta).toMatchObject({ total_count: 2 });
    const [a, b] = body.data.products;
    expect(a).toMatchObject({
      id: ready.id,
      name: 'A Mật ong bạc hà',
      status: 'approved',
      image_url: IMAGES[0].thumbnail_url,
    });
    const mine = (x: { channels: { channel_id: number }[] }) => x.channels.map((c) => c.channel_id);
    expect(mine(a)).toEqual(expect.arrayContaining([easy.id, hard.id]));
    const aEasy = a.channels.find((c: { channel_id: number }) => c.channel_id === easy.id);
    expect(aEasy).toEqual({
      channel_id: easy.id,
      missing: [],
      reference: { id: ref.id, register_status: 'approved', sync_status: 'synced', reason: null },
    });
    const bHard = b.channels.find((c: { channel_id: number }) => c.channel_id === hard.id);
    expect(bHard.missing.map((m: { key: string }) => m.key)).toEqual(['too_few_images', 'price_missing']);
    const one = json(await get(producer, `/api/v1/sale_channel_referenceable?channel_id=${hard.id}&q=ca phe`));
    expect(one.data.products).toHaveLength(1);
    expect(one.data.products[0].channels).toEqual([expect.objectContaining({ channel_id: hard.id, reference: null })]);

    const byProduct = await get(producer, `/api/v1/sale_channel_references/by_product?product_id=${ready.id}`);
    expect(byProduct.statusCode, byProduct.body).toBe(200);
    expect(json(byProduct).data.sale_channel_references).toEqual([
      expect.objectContaining({ id: ref.id, register_status: 'approved' }),
    ]);
    expect(json(byProduct).data.product).toMatchObject({ id: ready.id });
    const otherProduct = await product(other);
    expect(
      (await get(producer, `/api/v1/sale_channel_references/by_product?product_id=${otherProduct.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('scope', () => {
  it("another producer's or another platform's registration is not found (read and move)", async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const other = await buildUser(t.db, { platform: PLATFORM });
    const elsewhere = await buildUser(t.db, { platform: 'foodmap' });
    const theirs = await buildSaleChannelReference(t.db, { producerId: other.producerId!, registerStatus: 'approved' });
    const foreign = await buildSaleChannelReference(t.db, {
      producerId: elsewhere.producerId!,
      registerStatus: 'approved',
    });
    for (const id of [theirs.id, foreign.id]) {
      const read = await get(producer, `/api/v1/sale_channel_references/${id}`);
      expect(read.statusCode).toBe(404);
      expect(json(read).meta.message).toBe('Không tìm thấy đăng ký kênh bán.');
      expect((await put(producer, id, { register_status: 'closed', reason: 'x' })).statusCode).toBe(404);
    }
    expect((await refRow(theirs.id)).registerStatus).toBe('approved');
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'sale_channel_reference'), eq(activity.subjectId, theirs.id)));
    expect(rows).toHaveLength(0);
  });

  it('the detail: the reference, its sync log and its history', async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const channel = await strictChannel();
    const p = await product(producer);
    const res = await register(producer, channel.id, { product_ids: [p.id] });
    const id = json(res).data.sale_channel_references[0].id;
    const detail = await get(producer, `/api/v1/sale_channel_references/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(json(detail).data).toMatchObject({
      sale_channel_reference: { id, register_status: 'pending' },
      sync_log: [],
      history: [
        expect.objectContaining({
          action: 'register',
          to: 'pending',
          user: expect.objectContaining({ id: producer.user.id }),
        }),
      ],
    });
  });
});

describe('the channel seed', () => {
  it('seven channels per platform with their own feed tokens and a logo file each; a second run adds nothing and keeps edits', async () => {
    const app = await createTestApp();
    try {
      await seedSaleChannels(app.db);
      const rows = await app.db.select().from(saleChannels);
      expect(rows).toHaveLength(7 * PLATFORM_KEYS.length);
      for (const platform of PLATFORM_KEYS) {
        const mine = rows.filter((r) => r.platform === platform).sort((a, b) => a.position - b.position);
        expect(mine.map((r) => r.code)).toEqual([
          'shopee',
          'lazada',
          'tiktok_shop',
          'tiki',
          'postmart',
          'voso',
          'own_store',
        ]);
        expect(mine.at(-1)!.kind).toBe('own_store');
      }
      expect(rows.find((r) => r.platform === 'agrihub' && r.code === 'own_store')!.name).toBe('AgriHub Store');
      expect(rows.find((r) => r.code === 'tiki')!.requirements.gtin).toBe(true);
      expect(new Set(rows.map((r) => r.feedToken)).size).toBe(rows.length);
      const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
      for (const r of rows) {
        const svg = fs.readFileSync(path.join(web, r.logoUrl), 'utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
      const shopee = rows.find((r) => r.platform === 'dtrack' && r.code === 'shopee')!;
      await app.db.update(saleChannels).set({ active: false }).where(eq(saleChannels.id, shopee.id));
      await seedSaleChannels(app.db);
      const again = await app.db.select().from(saleChannels);
      expect(again).toHaveLength(rows.length);
      expect(again.find((r) => r.id === shopee.id)).toMatchObject({ active: false, feedToken: shopee.feedToken });
    } finally {
      await app.close();
    }
  });
});
