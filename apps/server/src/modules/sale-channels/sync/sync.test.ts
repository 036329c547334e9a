import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { saleChannelReferences, saleChannelSyncLogs, uploads } from '../../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../../test/helper.js';
import {
  approveProduct,
  buildBatch,
  buildProduct,
  buildSaleChannel,
  buildSaleChannelReference,
  nextTestGtin,
  type SaleChannelRow,
} from '../../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from '../../products/test-support.js';
import { platformOrigin } from '../../notifications/mail.js';
import { feedAdapter, registerChannelAdapter, type AdapterReference } from './adapter.js';
import type { PlatformKey } from '@agrihub/contract';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
});
afterAll(() => t.close());

const PLATFORM = 'agrihub' as const;
/** A name and description that need escaping in XML and quoting in CSV, with Vietnamese letters. */
const NAME = 'Chè "Shan tuyết" <cổ thụ> & trà, loại 1';
const DESCRIPTION = 'Hái tay trên đỉnh Tà Xùa, sao suốt;\nnước xanh, vị chát dịu — hậu ngọt.';
const REQUIREMENTS = { gtin: true, min_images: 2, approved_product: false, price: true, min_description: 20 };

async function imageUploads(u: Built, n: number) {
  return t.db
    .insert(uploads)
    .values(
      Array.from({ length: n }, (_, i) => ({
        platform: u.platform,
        userId: u.user.id,
        kind: 'image' as const,
        storageKey: `p/${u.user.id}-${i}-${Math.random().toString(36).slice(2)}.jpg`,
        contentType: 'image/jpeg',
        byteSize: 10,
        filename: `anh-${i}.jpg`,
      })),
    )
    .returning();
}

/** An approved product of `u` made through the API (3 images, GTIN, price 125 000 đ), with a batch on sale. */
async function listedProduct(u: Built) {
  const images = await imageUploads(u, 3);
  const gtin = nextTestGtin();
  const body = productBody(cat.leaf, {
    name: NAME,
    description: DESCRIPTION,
    gtin,
    price: { cents: 125_000 },
    image_ids: images.map((i) => i.id),
  });
  const created = await createProduct(t.app, u, body);
  const product = await approveProduct(t.db, created.id);
  const batch = await buildBatch(t.db, { productId: product.id });
  return { product, images, body, batch };
}

const inject = (u: Built | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, locale = 'vi') =>
  t.app.inject({ method, url, headers: u ? as(u, locale) : { platform: PLATFORM }, ...(payload ? { payload } : {}) });
const sync = (u: Built, id: number, locale = 'vi') =>
  inject(u, 'POST', `/api/v1/sale_channel_references/${id}/sync`, undefined, locale);
const refRow = async (id: number) =>
  (await t.db.select().from(saleChannelReferences).where(eq(saleChannelReferences.id, id)))[0];
const feed = (token: string, format: 'xml' | 'csv', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/feeds/${token}.${format}`, headers });

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'g:additional_image_link',
});
/** The feed's items, parsed back by a real XML parser. */
async function xmlItems(channel: SaleChannelRow): Promise<Record<string, unknown>[]> {
  const res = await feed(channel.feedToken, 'xml');
  expect(res.statusCode, res.body).toBe(200);
  const doc = parser.parse(res.body);
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  return doc.rss.channel.item ?? [];
}

/** RFC 4180 CSV parsed back: rows of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
async function csvItems(channel: SaleChannelRow): Promise<Record<string, string>[]> {
  const res = await feed(channel.feedToken, 'csv');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [head, ...rows] = parseCsv(res.body);
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

/** The availability of each item of the channel's feed. */
const feedAvailability = async (channel: SaleChannelRow) => (await xmlItems(channel)).map((i) => i['g:availability']);

async function setup(u?: Built, platform: PlatformKey = PLATFORM) {
  const producer = u ?? (await buildUser(t.db, { platform, producer: { name: 'HTX Chè Tà Xùa' } }));
  const { product, images, body, batch } = await listedProduct(producer);
  const channel = await buildSaleChannel(t.db, { platform, name: 'Tiki', requirements: REQUIREMENTS });
  const ref = await buildSaleChannelReference(t.db, {
    productId: product.id,
    channelId: channel.id,
    registerStatus: 'approved',
  });
  return { producer, product, images, body, channel, ref, batch };
}

describe('sync and the feed', () => {
  it('snapshots an approved product into its channel feed, XML and CSV parsed back field by field', async () => {
    const { producer, product, images, channel, ref } = await setup();
    expect((await xmlItems(channel)).length).toBe(0);
    const res = await sync(producer, ref.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.sale_channel_reference).toMatchObject({ sync_status: 'synced', last_error: null });
    expect(json(res).data.sale_channel_reference.last_synced_at).toEqual(expect.any(String));
    expect(json(res).meta.message).toBe('Đã đồng bộ sản phẩm lên nguồn dữ liệu của kênh.');
    const logs = await t.db.select().from(saleChannelSyncLogs).where(eq(saleChannelSyncLogs.referenceId, ref.id));
    expect(logs.map((l) => [l.status, l.actorId])).toEqual([['synced', producer.user.id]]);

    const origin = platformOrigin(t.config, PLATFORM);
    const link = `${origin}/trace/p/${product.publicCode}`;
    const imageUrls = images.map((i) => `${origin}/uploads/${i.storageKey}`);
    const [item, ...others] = await xmlItems(channel);
    expect(others).toHaveLength(0);
    expect(item).toEqual({
      'g:id': product.publicCode,
      'g:title': NAME,
      'g:description': DESCRIPTION,
      'g:link': link,
      'g:image_link': imageUrls[0],
      'g:additional_image_link': imageUrls.slice(1),
      'g:availability': 'in_stock',
      'g:price': '125000 VND',
      'g:brand': 'HTX Chè Tà Xùa',
      'g:gtin': product.gtin,
      'g:condition': 'new',
    });

    const [row, ...more] = await csvItems(channel);
    expect(more).toHaveLength(0);
    expect(row).toEqual({
      id: product.publicCode,
      title: NAME,
      description: DESCRIPTION,
      link,
      image_link: imageUrls[0],
      additional_image_link: imageUrls.slice(1).join(','),
      availability: 'in_stock',
      price: '125000 VND',
      brand: 'HTX Chè Tà Xùa',
      gtin: product.gtin,
      identifier_exists: 'yes',
      condition: 'new',
    });
  });

  it('caches privately with an ETag and Last-Modified; unknown, rotated or paused tokens are 404; no account needed', async () => {
    const { producer, channel, ref } = await setup();
    await sync(producer, ref.id);
    const res = await feed(channel.feedToken, 'xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await feed(channel.feedToken, 'xml', { 'if-none-match': String(res.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await feed('x'.repeat(43), 'xml')).statusCode).toBe(404);
    expect((await feed(channel.feedToken, 'csv')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/${channel.feedToken}.json` })).statusCode).toBe(404);
    // Paused: the feed is withdrawn.
    const { saleChannels } = await import('../../../db/schema/index.js');
    await t.db.update(saleChannels).set({ active: false }).where(eq(saleChannels.id, channel.id));
    expect((await feed(channel.feedToken, 'xml')).statusCode).toBe(404);
  });

  it('a compressed feed (Accept-Encoding) keeps its ETag, and If-None-Match still answers 304', async () => {
    const { producer, channel, ref } = await setup();
    await sync(producer, ref.id);
    const plain = await feed(channel.feedToken, 'xml');
    const gzipped = await feed(channel.feedToken, 'xml', { 'accept-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.headers['etag']).toBe(plain.headers['etag']);
    const again = await feed(channel.feedToken, 'xml', {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(gzipped.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("lists only the channel's approved, synced registrations: another channel's token, a rejected or closed one, an error never", async () => {
    const { producer, channel, ref } = await setup();
    const other = await buildSaleChannel(t.db, { platform: PLATFORM, requirements: REQUIREMENTS });
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    expect(await xmlItems(other)).toHaveLength(0);
    expect(await csvItems(other)).toHaveLength(0);

    // A second product: synced, then closed by its owner → gone, snapshot kept.
    const second = await listedProduct(producer);
    const closing = await buildSaleChannelReference(t.db, {
      productId: second.product.id,
      channelId: channel.id,
      registerStatus: 'approved',
    });
    expect((await sync(producer, closing.id)).statusCode).toBe(200);
    expect((await xmlItems(channel)).map((i) => i['g:id'])).toEqual([
      (await refRow(ref.id)).snapshot!.id,
      second.product.publicCode,
    ]);
    const closed = await inject(producer, 'PUT', `/api/v1/sale_channel_references/${closing.id}`, {
      register_status: 'closed',
      reason: 'Ngừng bán trên kênh này',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await xmlItems(channel)).map((i) => i['g:id'])).toEqual([(await refRow(ref.id)).snapshot!.id]);
    expect((await csvItems(channel)).map((i) => i.id)).toEqual([(await refRow(ref.id)).snapshot!.id]);
    expect((await refRow(closing.id)).snapshot).not.toBeNull();

    // Rejected (as the admin would): gone as well.
    await t.db
      .update(saleChannelReferences)
      .set({ registerStatus: 'rejected' })
      .where(eq(saleChannelReferences.id, ref.id));
    expect(await xmlItems(channel)).toHaveLength(0);
  });

  it('an edit makes the listing out of date: the feed keeps the old price until resynced, then shows the new one', async () => {
    const { producer, product, body, channel, ref } = await setup();
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    const edit = await inject(producer, 'PUT', `/api/v1/products/${product.id}`, {
      ...body,
      price: { cents: 139_000 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });
    const logs = await t.db.select().from(saleChannelSyncLogs).where(eq(saleChannelSyncLogs.referenceId, ref.id));
    expect(logs.map((l) => l.status).sort()).toEqual(['out_of_date', 'synced']);
    expect((await xmlItems(channel))[0]['g:price']).toBe('125000 VND');

    const listed = await inject(producer, 'GET', '/api/v1/sale_channel_references?out_of_date=true');
    expect(json(listed).data.sale_channel_references.map((r: { id: number }) => r.id)).toEqual([ref.id]);

    const resync = await inject(
      producer,
      'POST',
      '/api/v1/sale_channel_references/resync_out_of_date',
      undefined,
      'en',
    );
    expect(resync.statusCode, resync.body).toBe(200);
    expect(json(resync)).toMatchObject({
      data: { resynced: 1, failed: 0, failed_ids: [] },
      meta: { message: 'Resynced 1 product(s).' },
    });
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'synced' });
    const [item] = await xmlItems(channel);
    expect(item['g:price']).toBe('139000 VND');
    // The product is back to draft after the edit: the listing still shows the approved version's words.
    expect(item['g:title']).toBe(NAME);

    const none = await inject(producer, 'POST', '/api/v1/sale_channel_references/resync_out_of_date');
    expect(json(none)).toMatchObject({
      data: { resynced: 0, failed: 0 },
      meta: { message: 'Không có sản phẩm nào cần đồng bộ lại.' },
    });
    // An edit that changes nothing listed leaves it synced.
    const same = await inject(producer, 'PUT', `/api/v1/products/${product.id}`, {
      ...body,
      price: { cents: 139_000 },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'synced' });
    // A new approval replaces the approved version the listing shows.
    const admin = await buildUser(t.db, { platform: PLATFORM, roles: ['admin'] });
    await t.db.update(saleChannelReferences).set({ syncStatus: 'synced' }).where(eq(saleChannelReferences.id, ref.id));
    expect((await inject(producer, 'POST', `/api/v1/products/${product.id}/register`)).statusCode).toBe(200);
    const approved = await inject(admin, 'POST', `/api/v1/admin/products/${product.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });
  });

  it('a product that no longer meets the channel: error with what is missing (translated), a log row, out of the feed', async () => {
    const { producer, body, channel, ref, product } = await setup();
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    const edit = await inject(producer, 'PUT', `/api/v1/products/${product.id}`, {
      ...body,
      image_ids: body.image_ids!.slice(0, 1),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });
    // Still listed (last synced snapshot) until the sync refuses it.
    expect(await xmlItems(channel)).toHaveLength(1);
    const res = await sync(producer, ref.id);
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toMatchObject({
      code: 'saleChannelSyncInvalid',
      message: 'Sản phẩm không còn đủ điều kiện của kênh: cần ít nhất 2 ảnh (hiện có 1).',
    });
    // Stored as facts, put in words in each reader's language.
    const row = await refRow(ref.id);
    expect(row).toMatchObject({
      syncStatus: 'error',
      lastErrorDetail: { missing: [{ key: 'too_few_images', need: 2, have: 1 }] },
    });
    expect(row.snapshot).not.toBeNull();
    const [last] = await t.db
      .select()
      .from(saleChannelSyncLogs)
      .where(and(eq(saleChannelSyncLogs.referenceId, ref.id), eq(saleChannelSyncLogs.status, 'error')));
    expect(last.errorDetail).toEqual(row.lastErrorDetail);
    expect(await xmlItems(channel)).toHaveLength(0);
    const vi = 'Sản phẩm không còn đủ điều kiện của kênh: cần ít nhất 2 ảnh (hiện có 1).';
    const detail = await inject(producer, 'GET', `/api/v1/sale_channel_references/${ref.id}`);
    expect(json(detail).data.sale_channel_reference).toMatchObject({ sync_status: 'error', last_error: vi });
    expect(json(detail).data.sync_log[0]).toMatchObject({ status: 'error', error: vi });
    const enText = "The product no longer meets the channel's requirements: at least 2 images needed (1 now).";
    const detailEn = await inject(producer, 'GET', `/api/v1/sale_channel_references/${ref.id}`, undefined, 'en');
    expect(json(detailEn).data.sale_channel_reference.last_error).toBe(enText);
    expect(json(detailEn).data.sync_log[0].error).toBe(enText);
    const admin = await buildUser(t.db, { platform: PLATFORM, roles: ['admin'] });
    const adminEn = await inject(admin, 'GET', `/api/v1/admin/sale_channel_references/${ref.id}`, undefined, 'en');
    expect(json(adminEn).data.sale_channel_reference.last_error).toBe(enText);
    expect(json(adminEn).data.sync_log[0].error).toBe(enText);

    // In English, and several things at once.
    const bare = await buildProduct(t.db, {
      producerId: producer.producerId!,
      gtin: null,
      priceCents: null,
      description: 'ngắn',
    });
    const bareRef = await buildSaleChannelReference(t.db, {
      productId: bare.id,
      channelId: channel.id,
      registerStatus: 'approved',
    });
    const en = await sync(producer, bareRef.id, 'en');
    expect(json(en).meta.message).toBe(
      "The product no longer meets the channel's requirements: no GTIN; at least 2 images needed (1 now); no selling price; a description of at least 20 characters needed (4 now).",
    );
  });

  it('syncs only approved product registrations; resync_out_of_date counts failures; the admin resyncs under filters', async () => {
    const { producer, channel, ref, product } = await setup();
    const own = await buildSaleChannelReference(t.db, {
      producerId: producer.producerId!,
      channelId: channel.id,
      registerStatus: 'approved',
    });
    const ownRes = await sync(producer, own.id);
    expect(ownRes.statusCode).toBe(409);
    expect(json(ownRes).meta.message).toBe('Đăng ký gian hàng của đơn vị không có sản phẩm để đồng bộ.');
    const other = await buildSaleChannel(t.db, { platform: PLATFORM, requirements: REQUIREMENTS });
    const pending = await buildSaleChannelReference(t.db, { productId: product.id, channelId: other.id });
    const pendingRes = await sync(producer, pending.id, 'en');
    expect(pendingRes.statusCode).toBe(409);
    expect(json(pendingRes).meta.message).toBe('Only approved registrations can be synced.');
    expect(await refRow(pending.id)).toMatchObject({ syncStatus: 'not_synced' });

    // Two out of date on two channels; one of them lacks a GTIN now.
    await t.db.delete(saleChannelReferences).where(eq(saleChannelReferences.id, pending.id));
    const second = await buildSaleChannelReference(t.db, {
      productId: product.id,
      channelId: other.id,
      registerStatus: 'approved',
    });
    const bare = await buildProduct(t.db, { producerId: producer.producerId!, gtin: null, priceCents: 1000 });
    const bareRef = await buildSaleChannelReference(t.db, {
      productId: bare.id,
      channelId: other.id,
      registerStatus: 'approved',
      syncStatus: 'out_of_date',
    });
    await t.db
      .update(saleChannelReferences)
      .set({ syncStatus: 'out_of_date' })
      .where(eq(saleChannelReferences.id, ref.id));
    await t.db
      .update(saleChannelReferences)
      .set({ syncStatus: 'out_of_date' })
      .where(eq(saleChannelReferences.id, second.id));

    const admin = await buildUser(t.db, { platform: PLATFORM, roles: ['admin'] });
    const filtered = await inject(
      admin,
      'POST',
      `/api/v1/admin/sale_channel_references/resync_out_of_date?channel_id=${channel.id}`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(json(filtered).data).toEqual({ resynced: 1, failed: 0, failed_ids: [] });
    expect(await refRow(second.id)).toMatchObject({ syncStatus: 'out_of_date' });

    const rest = await inject(producer, 'POST', '/api/v1/sale_channel_references/resync_out_of_date');
    expect(json(rest)).toMatchObject({
      data: { resynced: 1, failed: 1, failed_ids: [bareRef.id] },
      meta: { message: 'Đã đồng bộ lại 1 sản phẩm; 1 sản phẩm chưa đồng bộ được, xem lỗi của từng sản phẩm.' },
    });
    expect(await refRow(bareRef.id)).toMatchObject({ syncStatus: 'error' });
    expect((await refRow(bareRef.id)).lastErrorDetail).toEqual({
      missing: expect.arrayContaining([{ key: 'gtin_missing' }]),
    });
  });

  it('permissions: another producer or platform 404, support without the ability 403, an admin with it syncs', async () => {
    const { ref } = await setup();
    const stranger = await buildUser(t.db, { platform: PLATFORM });
    expect((await sync(stranger, ref.id)).statusCode).toBe(404);
    const foreign = await buildUser(t.db, { platform: 'foodmap' });
    expect((await sync(foreign, ref.id)).statusCode).toBe(404);
    const foreignAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect((await sync(foreignAdmin, ref.id)).statusCode).toBe(404);
    const support = await buildUser(t.db, { platform: PLATFORM, roles: ['customer_support'], abilities: [] });
    expect((await sync(support, ref.id)).statusCode).toBe(403);
    expect((await inject(support, 'POST', '/api/v1/admin/sale_channel_references/resync_out_of_date')).statusCode).toBe(
      403,
    );
    expect((await inject(support, 'POST', '/api/v1/sale_channel_references/resync_out_of_date')).statusCode).toBe(403);
    const reader = await buildUser(t.db, {
      platform: PLATFORM,
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'sale_channel_reference' }],
    });
    expect((await sync(reader, ref.id)).statusCode).toBe(403);
    const updater = await buildUser(t.db, {
      platform: PLATFORM,
      roles: ['customer_support'],
      abilities: [{ action: 'update', subject: 'sale_channel_reference' }],
    });
    const ok = await sync(updater, ref.id);
    expect(ok.statusCode, ok.body).toBe(200);
    const logs = await t.db.select().from(saleChannelSyncLogs).where(eq(saleChannelSyncLogs.referenceId, ref.id));
    expect(logs.map((l) => l.actorId)).toEqual([updater.user.id]);
    expect((await inject(null, 'POST', `/api/v1/sale_channel_references/${ref.id}/sync`)).statusCode).toBe(401);
  });

  it("a channel's own adapter (by code) is handed the snapshot, fails the sync with its message, and is told when a listing is closed", async () => {
    const producer = await buildUser(t.db, { platform: PLATFORM });
    const { product } = await listedProduct(producer);
    const channel = await buildSaleChannel(t.db, { platform: PLATFORM, code: 'api_test', requirements: REQUIREMENTS });
    const ref = await buildSaleChannelReference(t.db, {
      productId: product.id,
      channelId: channel.id,
      registerStatus: 'approved',
    });
    const published: string[] = [];
    const withdrawn: number[] = [];
    let fail = true;
    registerChannelAdapter(
      { code: 'api_test' },
      {
        name: 'api_test',
        check: (snapshot) => feedAdapter.check(snapshot),
        async publish(_ref: AdapterReference, snapshot) {
          if (fail) throw new Error('máy chủ kênh không trả lời');
          published.push(snapshot.id);
        },
        async withdraw(r: AdapterReference) {
          withdrawn.push(r.id);
        },
      },
    );
    const failed = await sync(producer, ref.id);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).meta.message).toBe('Kênh bán chưa nhận được sản phẩm: máy chủ kênh không trả lời.');
    // The channel's own words are kept as they came, inside the reader's sentence.
    const detailEn = await inject(producer, 'GET', `/api/v1/sale_channel_references/${ref.id}`, undefined, 'en');
    expect(json(detailEn).data.sale_channel_reference.last_error).toBe(
      'The sales channel did not take the product: máy chủ kênh không trả lời.',
    );
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'error', snapshot: null });
    fail = false;
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    expect(published).toEqual([product.publicCode]);
    const closed = await inject(producer, 'PUT', `/api/v1/sale_channel_references/${ref.id}`, {
      register_status: 'closed',
      reason: 'Thôi bán',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await t.app.events.drain();
    expect(withdrawn).toEqual([ref.id]);
  });

  it('a paused channel takes no sync and its out-of-date listings are left out of a resync', async () => {
    const { producer, channel, ref } = await setup();
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    await t.db
      .update(saleChannelReferences)
      .set({ syncStatus: 'out_of_date' })
      .where(eq(saleChannelReferences.id, ref.id));
    const { saleChannels } = await import('../../../db/schema/index.js');
    await t.db.update(saleChannels).set({ active: false }).where(eq(saleChannels.id, channel.id));
    const res = await sync(producer, ref.id);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'saleChannelSyncPaused',
      message: 'Kênh bán Tiki đang tạm ngừng: chưa thể đồng bộ sản phẩm lên kênh này.',
    });
    const resync = await inject(producer, 'POST', `/api/v1/sale_channel_references/resync_out_of_date`);
    expect(json(resync).data).toEqual({ resynced: 0, failed: 0, failed_ids: [] });
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });
    const logs = await t.db.select().from(saleChannelSyncLogs).where(eq(saleChannelSyncLogs.referenceId, ref.id));
    expect(logs).toHaveLength(1);
    // The producer's page reads the pause from the registration (its sync buttons are then off).
    const read = await inject(producer, 'GET', `/api/v1/sale_channel_references/${ref.id}`);
    expect(json(read).data.sale_channel_reference.channel).toMatchObject({ id: channel.id, active: false });
    await t.db.update(saleChannels).set({ active: true }).where(eq(saleChannels.id, channel.id));
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
  });

  // On DTrack: its producers hold and recall their batches (tracking is DTrack's, contract GATES.batches).
  it('availability follows the batches: a hold or recall takes the product off sale in the feed at once and marks the listing out of date', async () => {
    const { producer, channel, ref, batch } = await setup(undefined, 'dtrack');
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    const availability = () => feedAvailability(channel);
    expect(await availability()).toEqual(['in_stock']);

    const hold = await inject(producer, 'POST', `/api/v1/traceabilities/${batch.id}/hold`, {
      reason: 'Chờ kết quả kiểm nghiệm',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(await availability()).toEqual(['out_of_stock']);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });
    const logs = await t.db.select().from(saleChannelSyncLogs).where(eq(saleChannelSyncLogs.referenceId, ref.id));
    expect(logs.map((l) => [l.status, l.actorId])).toEqual([
      ['synced', producer.user.id],
      ['out_of_date', producer.user.id],
    ]);

    // Synced while held: the snapshot says out of stock; the release brings it back in stock.
    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    expect((await refRow(ref.id)).snapshot?.availability).toBe('out_of_stock');
    const release = await inject(producer, 'POST', `/api/v1/traceabilities/${batch.id}/release`);
    expect(release.statusCode, release.body).toBe(200);
    expect(await availability()).toEqual(['in_stock']);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });

    expect((await sync(producer, ref.id)).statusCode).toBe(200);
    const recall = await inject(producer, 'POST', `/api/v1/traceabilities/${batch.id}/recall`, {
      reason: 'Phát hiện dư lượng vượt ngưỡng',
    });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(await availability()).toEqual(['out_of_stock']);
    expect(await refRow(ref.id)).toMatchObject({ syncStatus: 'out_of_date' });

    // Another batch on sale keeps the product in stock: holding one of two leaves the listing synced.
    const two = await setup(undefined, 'dtrack');
    await buildBatch(t.db, { productId: two.product.id });
    expect((await sync(two.producer, two.ref.id)).statusCode).toBe(200);
    const held = await inject(two.producer, 'POST', `/api/v1/traceabilities/${two.batch.id}/hold`, {
      reason: 'Kiểm tra lại nhãn',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(await refRow(two.ref.id)).toMatchObject({ syncStatus: 'synced' });
    expect(await feedAvailability(two.channel)).toEqual(['in_stock']);
  });
});
