import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityRule } from '@agrihub/contract';
import { producerOems, uploads } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { uploadAs } from '../../../test/multipart.js';
import { catalogFixture, productBody } from '../products/test-support.js';
import { buildService, register } from '../service-requests/test-support.js';

/**
 * Private files stay private (issue 25, ADR 033): a service request's dossier and a staff note's
 * file are never served at /uploads/<key>, only at /api/v1/uploads/{id}/content to an account that
 * may read the record (checked on every request, never cached); an upload id is attached only by
 * whoever uploaded it, so trying every id of the platform learns nothing; public pictures keep
 * their cacheable URL.
 */
let t: TestApp;
let producer: Built;
let otherProducer: Built;
let admin: Built;
let support: Built;
let buyer: Built;
let buyer2: Built;
let slug: string;
let leaf: number;
let oemId: number;

const read = (subject: AbilityRule['subject'], ...actions: AbilityRule['action'][]) =>
  (actions.length ? actions : ['read' as const]).map((action) => ({ action, subject }));

beforeAll(async () => {
  t = await createTestApp();
  leaf = (await catalogFixture(t.db)).leaf;
  producer = await buildUser(t.db);
  otherProducer = await buildUser(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
  support = await buildUser(t.db, { roles: ['customer_support'], abilities: read('user_register_service') });
  const orders = read('purchase_order', 'read', 'create', 'update');
  buyer = await buildUser(t.db, { roles: ['purchasing'], abilities: orders });
  buyer2 = await buildUser(t.db, { roles: ['purchasing'], abilities: orders });
  slug = (await buildService(t.db, { platform: 'dtrack' })).slug;
  const [oem] = await t.db
    .insert(producerOems)
    .values({ platform: 'dtrack', name: 'Xưởng bao bì Sao Mai' })
    .returning();
  oemId = oem.id;
}, 120_000);
afterAll(() => t.close());

const uploadFile = (u: Built, kind: 'images' | 'attachments', filename: string, data: Buffer) =>
  uploadAs(t, u, kind, filename, data);

const PDF = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${text}\n%%EOF`);

const keyOf = async (id: number) =>
  (await t.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, id)))[0].key;
const anonymous = (url: string) => t.app.inject({ url, headers: headers('dtrack') });
const readAs = (u: Built, url: string) => t.app.inject({ url, headers: as(u) });

const orderBody = (attachment_ids: number[]) => ({
  supplier_type: 'oem',
  supplier_id: oemId,
  delivery_date: '2099-03-15',
  delivery_place: 'Kho DTrack, KCN Tân Bình',
  lines: [{ description: 'Hộp giấy kraft', unit: 'Hộp', quantity: 10, unit_price: 12_500, vat_rate: 8 }],
  attachment_ids,
});

describe("a service request's dossier and a staff note's file", () => {
  let dossier: { id: number; url: string };
  let internal: { id: number; url: string };
  let requestId: number;
  const ID_SCAN = PDF('CCCD 0790 9200 1234 - Nguyen Van An');
  const NOTE = PDF('Ghi chu noi bo: khach no cuoc');

  beforeAll(async () => {
    dossier = await uploadFile(producer, 'attachments', 'cccd-nguyen-van-an.pdf', ID_SCAN);
    const res = await register(t, producer, slug, [dossier.id]);
    expect(res.statusCode, res.body).toBe(201);
    requestId = json(res).data.urs.id;
    internal = await uploadFile(admin, 'attachments', 'ghi-chu-noi-bo.pdf', NOTE);
    const note = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/user_register_services/${requestId}`,
      headers: as(admin),
      payload: { note: { body: 'Khách còn nợ phí kỳ trước.', internal: true, attachments: [internal.id] } },
    });
    expect(note.statusCode, note.body).toBe(200);
  });

  it('are given by their private URL, never served at /uploads/<key> nor to anyone signed out', async () => {
    const own = json(await readAs(producer, `/api/v1/user_register_services/${requestId}`)).data.urs;
    expect(own.attachments).toEqual([
      expect.objectContaining({ id: dossier.id, url: `/api/v1/uploads/${dossier.id}/content` }),
    ]);
    for (const { id, url } of [dossier, internal]) {
      const key = await keyOf(id);
      const direct = await anonymous(`/uploads/${key}`);
      expect(direct.statusCode, key).toBe(404);
      expect(direct.rawPayload.includes('%PDF')).toBe(false);
      expect(direct.headers['cache-control']).toBeUndefined();
      const signedOut = await anonymous(url);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.rawPayload.includes('%PDF')).toBe(false);
    }
  });

  it('are refused (404, as if absent) to purchasing and to another producer; the internal file to its producer', async () => {
    for (const [who, url] of [
      [buyer, dossier.url],
      [buyer, internal.url],
      [otherProducer, dossier.url],
      [otherProducer, internal.url],
      [producer, internal.url],
    ] as const) {
      const res = await readAs(who, url);
      expect(res.statusCode, `${who.user.email} ${url}`).toBe(404);
      expect(res.rawPayload.includes('%PDF')).toBe(false);
    }
  });

  it('are read by the producer (its dossier) and the staff who read requests, never cached', async () => {
    for (const [who, file, data] of [
      [producer, dossier, ID_SCAN],
      [support, dossier, ID_SCAN],
      [support, internal, NOTE],
      [admin, internal, NOTE],
    ] as const) {
      const res = await readAs(who, file.url);
      expect(res.statusCode, `${who.user.email} ${file.url}`).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    }
  });

  it('is checked on every request: staff who lose the ability lose the file', async () => {
    expect((await readAs(support, dossier.url)).statusCode).toBe(200);
    const { users } = await import('../../db/schema/index.js');
    await t.db.update(users).set({ abilities: [] }).where(eq(users.id, support.user.id));
    try {
      expect((await readAs(support, dossier.url)).statusCode).toBe(404);
    } finally {
      await t.db
        .update(users)
        .set({ abilities: read('user_register_service') })
        .where(eq(users.id, support.user.id));
    }
  });
});

describe('attaching uploads to a purchase order', () => {
  it('refuses every upload id purchasing did not upload, and leaks no URL or file name of them', async () => {
    const dossier = await uploadFile(otherProducer, 'attachments', 'cccd-le-thi-binh.pdf', PDF('CCCD Le Thi Binh'));
    expect((await register(t, otherProducer, slug, [dossier.id])).statusCode).toBe(201);
    const note = await uploadFile(admin, 'attachments', 'bien-ban-noi-bo.pdf', PDF('bien ban'));
    const all = Array.from({ length: 200 }, (_, i) => i + 1);
    const secrets = [
      'cccd-le-thi-binh',
      'bien-ban-noi-bo',
      'cccd-nguyen-van-an',
      await keyOf(dossier.id),
      await keyOf(note.id),
    ];
    // Ten at a time (an order takes at most ten files).
    for (let i = 0; i < all.length; i += 10) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/purchase_orders',
        headers: as(buyer),
        payload: orderBody(all.slice(i, i + 10)),
      });
      expect(created.statusCode, `ids ${i + 1}…${i + 10}`).toBe(422);
      expect(json(created).meta.code).toBe('invalidUpload');
      for (const secret of secrets) expect(created.body).not.toContain(secret);
    }
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/purchase_orders',
      headers: as(buyer),
      payload: orderBody([]),
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const id = json(pending).data.purchase_order.id;
    // One id at a time, so no refusal of an earlier one hides a later one.
    const ids = (await t.db.select({ id: uploads.id }).from(uploads)).map((u) => u.id);
    for (const uploadId of ids) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/purchase_orders/${id}`,
        headers: as(buyer),
        payload: orderBody([uploadId]),
      });
      expect(res.statusCode, `upload ${uploadId}`).toBe(422);
      for (const secret of secrets) expect(res.body).not.toContain(secret);
    }
    const order = await t.app.inject({ url: `/api/v1/admin/purchase_orders/${id}`, headers: as(buyer) });
    expect(json(order).data.purchase_order.attachments).toEqual([]);
    for (const secret of secrets) expect(order.body).not.toContain(secret);
  });

  it("takes purchasing's own upload, private to the order: its colleague keeps it and reads it, a producer does not", async () => {
    const quote = await uploadFile(buyer, 'attachments', 'bao-gia.pdf', PDF('bao gia'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/purchase_orders',
      headers: as(buyer),
      payload: orderBody([quote.id]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = json(res).data.purchase_order;
    expect(order.attachments).toEqual([
      expect.objectContaining({ id: quote.id, url: `/api/v1/uploads/${quote.id}/content` }),
    ]);
    // Staff acting on the same record keep its files.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/purchase_orders/${order.id}`,
      headers: as(buyer2),
      payload: { ...orderBody([quote.id]), note: 'Đã xác nhận giá.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await readAs(buyer2, quote.url)).statusCode).toBe(200);
    expect((await readAs(producer, quote.url)).statusCode).toBe(404);
    expect((await anonymous(`/uploads/${await keyOf(quote.id)}`)).statusCode).toBe(404);
    // The file belongs to this order: it is not put on another one.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/purchase_orders',
      headers: as(buyer),
      payload: orderBody([quote.id]),
    });
    expect(again.statusCode).toBe(422);
  });
});

describe('public files', () => {
  it('serves a product photo to anyone with the long cache, and a certificate scan once it is on the product', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const photo = await uploadFile(producer, 'images', 'rau-cai.png', png);
    const scan = await uploadFile(producer, 'attachments', 'vietgap.pdf', PDF('VietGAP'));
    const key = await keyOf(scan.id);
    expect((await anonymous(`/uploads/${key}`)).statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: as(producer),
      payload: productBody(leaf, { image_ids: [photo.id], certificates: [{ name: 'VietGAP', file_id: scan.id }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = json(res).data.product;
    expect(product.certificates[0].file.url).toBe(`/uploads/${key}`);
    for (const url of [photo.url, photo.thumbnail_url!, product.certificates[0].file.url]) {
      const served = await anonymous(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
