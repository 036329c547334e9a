import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { addEvent, batchBody, createBatch, eventBody, publishedBatch } from './batch-api.test-helper.js';

const WEIGHT_500G = [[{ title: 'Khối lượng', value: '500 g' }]];

let t: TestApp;
let a: Built;
let b: Built;
let productA: number;
let productB: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  productA = (await buildProduct(t.db, { producerId: a.producerId! })).id;
  productB = (await buildProduct(t.db, { producerId: b.producerId! })).id;
});
afterAll(() => t.close());

const req = (u: Built, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: as(u),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('batch CRUD', () => {
  it('creates a draft batch with its product, base, certificates, state and URLs', async () => {
    const res = await req(a, 'POST', '/api/v1/traceabilities', batchBody(productA, { lot_code: 'MC-2025/01' }));
    expect(res.statusCode).toBe(201);
    const body = json(res).data.traceability;
    expect(body).toMatchObject({
      lot_code: 'MC-2025/01',
      status: 'draft',
      state: 'draft',
      quantity: 100,
      product: { id: productA, gtin: '8936000000011', cover: { url: '/uploads/p/cover.jpg' } },
      production_base: { name: 'Đồi chè Tân Lập', province_code: '14' },
      certificates: [{ name: 'VietGAP', valid_until: '2030-01-01', file: null }],
      events: [],
      event_count: 0,
      qr_url: `/api/v1/traceabilities/${body.id}/qrcode`,
    });
    expect(body.public_code).toMatch(/^[A-Z2-9]{16}$/);
    expect(body.trace_url).toMatch(/\/01\/08936000000011\/10\/MC-2025%2F01$/);
  });

  it('lists only the producer’s batches with q, status and paging', async () => {
    const mine = await createBatch(t, a, productA, { lot_code: 'FIND-ME-1' });
    await createBatch(t, b, productB, { lot_code: 'FIND-ME-2' });
    const res = await req(a, 'GET', '/api/v1/traceabilities?q=find-me&per_page=5');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.traceabilities.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(body.meta).toEqual({ total_count: 1, current_page: 1, per_page: 5 });
    const drafts = json(await req(a, 'GET', '/api/v1/traceabilities?status=draft&per_page=100')).data.traceabilities;
    expect(drafts.every((x: { state: string }) => x.state === 'draft')).toBe(true);
    const bad = await req(a, 'GET', '/api/v1/traceabilities?status=nope');
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a lot code used by the same producer with 409, but another producer may use it', async () => {
    await createBatch(t, a, productA, { lot_code: 'SAME-LOT' });
    const dup = await req(a, 'POST', '/api/v1/traceabilities', batchBody(productA, { lot_code: 'SAME-LOT' }));
    expect(dup.statusCode).toBe(409);
    expect(json(dup).meta).toMatchObject({ code: 'lot_taken', message: expect.stringContaining('SAME-LOT') });
    expect(
      (await req(b, 'POST', '/api/v1/traceabilities', batchBody(productB, { lot_code: 'SAME-LOT' }))).statusCode,
    ).toBe(201);
  });

  it('validates: expiry after production, lot code format, quantity, unit, dates (422 with field messages)', async () => {
    const res = await req(a, 'POST', '/api/v1/traceabilities', batchBody(productA, { expiry_date: '2025-02-01' }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toContainEqual({
      field: 'expiry_date',
      message: 'Hạn sử dụng phải sau ngày sản xuất.',
    });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v1/traceabilities',
      headers: { ...as(a), platform: 'dtrack', locale: 'en' },
      payload: batchBody(productA, { lot_code: 'bad lot!', quantity: 0, unit: 'tấn', production_date: '2025-02-30' }),
    });
    const fields = json(en).meta.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['lot_code', 'quantity', 'unit', 'production_date']));
  });

  it('refuses another producer’s product (422) and a variant of another product', async () => {
    const res = await req(a, 'POST', '/api/v1/traceabilities', batchBody(productB));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors[0].field).toBe('product_id');
    const [variant] = (await buildProduct(t.db, { producerId: b.producerId!, variants: WEIGHT_500G })).variants;
    const v = await req(a, 'POST', '/api/v1/traceabilities', batchBody(productA, { variant_id: variant.id }));
    expect(json(v).meta.errors[0].field).toBe('variant_id');
  });

  it('keeps a variant and shows its label', async () => {
    const product = await buildProduct(t.db, { producerId: a.producerId!, variants: WEIGHT_500G });
    const variantId = product.variants[0].id;
    const res = await req(a, 'POST', '/api/v1/traceabilities', batchBody(product.id, { variant_id: variantId }));
    expect(json(res).data.traceability.variant).toEqual({ id: variantId, label: '500 g' });
  });

  it('updates a draft and deletes a draft', async () => {
    const x = await createBatch(t, a, productA);
    const upd = await req(
      a,
      'PUT',
      `/api/v1/traceabilities/${x.id}`,
      batchBody(productA, { lot_code: x.lot_code, quantity: 250 }),
    );
    expect(upd.statusCode).toBe(200);
    expect(json(upd).data.traceability.quantity).toBe(250);
    const del = await req(a, 'DELETE', `/api/v1/traceabilities/${x.id}`);
    expect(del.statusCode).toBe(200);
    expect(json(del).meta.message).toBe('Đã xóa lô hàng.');
    expect((await req(a, 'GET', `/api/v1/traceabilities/${x.id}`)).statusCode).toBe(404);
  });
});

describe('ownership and platforms', () => {
  it('producer B cannot read, change, delete, publish or touch events of A’s batch: 404', async () => {
    const x = await createBatch(t, a, productA);
    const ev = await addEvent(t, a, x.id);
    const eventId = ev.events[0].id;
    const attempts = [
      req(b, 'GET', `/api/v1/traceabilities/${x.id}`),
      req(b, 'PUT', `/api/v1/traceabilities/${x.id}`, batchBody(productB)),
      req(b, 'DELETE', `/api/v1/traceabilities/${x.id}`),
      req(b, 'POST', `/api/v1/traceabilities/${x.id}/publish`),
      req(b, 'POST', `/api/v1/traceabilities/${x.id}/events`, eventBody()),
      req(b, 'PUT', `/api/v1/traceabilities/${x.id}/events/${eventId}`, eventBody()),
      req(b, 'DELETE', `/api/v1/traceabilities/${x.id}/events/${eventId}`),
      req(b, 'PUT', `/api/v1/traceabilities/${x.id}/events/order`, { event_ids: [eventId] }),
      req(b, 'GET', `/api/v1/traceabilities/${x.id}/history`),
      req(b, 'GET', `/api/v1/traceabilities/${x.id}/epcis`),
      req(b, 'GET', `/api/v1/traceabilities/${x.id}/qrcode`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect(json(await req(a, 'GET', `/api/v1/traceabilities/${x.id}`)).data.traceability.events).toHaveLength(1);
  });

  it('a batch of another platform is not found; a platform without tracking has no batch routes at all', async () => {
    const f = await buildUser(t.db, { platform: 'foodmap' });
    const x = await createBatch(t, a, productA);
    const refused = await req(f, 'GET', `/api/v1/traceabilities/${x.id}`);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).meta.code).toBe('feature_unavailable');
    expect(json(await req(f, 'GET', '/api/v1/traceabilities')).meta.code).toBe('feature_unavailable');
    // A Foodmap batch (made before: its public page stays) is not found from DTrack.
    const foreign = await buildBatch(t.db, { platform: 'foodmap', producerId: f.producerId! });
    expect((await req(a, 'GET', `/api/v1/traceabilities/${foreign.id}`)).statusCode).toBe(404);
    const listed = json(await req(a, 'GET', '/api/v1/traceabilities')).data.traceabilities as { id: number }[];
    expect(listed.map((l) => l.id)).not.toContain(foreign.id);
  });

  it('users without a producer get 403, visitors 401', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect((await req(admin, 'GET', '/api/v1/traceabilities')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/traceabilities', headers: { platform: 'dtrack' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('publishing, lock, hold, release, recall, history', () => {
  it('publish needs at least one event', async () => {
    const x = await createBatch(t, a, productA);
    const res = await req(a, 'POST', `/api/v1/traceabilities/${x.id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('batch_needs_event');
    await addEvent(t, a, x.id);
    const ok = await req(a, 'POST', `/api/v1/traceabilities/${x.id}/publish`);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.traceability).toMatchObject({
      status: 'published',
      state: 'published',
      published_at: expect.any(String),
    });
    // Published → published is no move of the batch state table.
    expect(json(await req(a, 'POST', `/api/v1/traceabilities/${x.id}/publish`)).meta.code).toBe(
      'transition_not_allowed',
    );
  });

  it('a published batch is locked (409) except for adding events, hold and recall; it cannot be deleted', async () => {
    const x = await publishedBatch(t, a, productA, ['planting', 'caring']);
    const full = json(await req(a, 'GET', `/api/v1/traceabilities/${x.id}`)).data.traceability;
    const [e1, e2] = full.events.map((e: { id: number }) => e.id);
    const locked = [
      req(a, 'PUT', `/api/v1/traceabilities/${x.id}`, batchBody(productA, { lot_code: x.lot_code })),
      req(a, 'PUT', `/api/v1/traceabilities/${x.id}/events/${e1}`, eventBody('harvesting')),
      req(a, 'DELETE', `/api/v1/traceabilities/${x.id}/events/${e1}`),
      req(a, 'PUT', `/api/v1/traceabilities/${x.id}/events/order`, { event_ids: [e2, e1] }),
    ];
    for (const res of await Promise.all(locked)) {
      expect(res.statusCode).toBe(409);
      expect(json(res).meta.code).toBe('batch_published_locked');
    }
    const del = await req(a, 'DELETE', `/api/v1/traceabilities/${x.id}`);
    expect(del.statusCode).toBe(409);
    expect(json(del).meta.code).toBe('batch_delete_published');
    const added = await req(a, 'POST', `/api/v1/traceabilities/${x.id}/events`, eventBody('shipping'));
    expect(added.statusCode).toBe(201);
    expect(json(added).data.traceability.events.map((e: { step: string }) => e.step)).toEqual([
      'planting',
      'caring',
      'shipping',
    ]);
  });

  it('reorders and edits events of a draft; a wrong id list is 422', async () => {
    const x = await createBatch(t, a, productA);
    await addEvent(t, a, x.id, 'planting');
    const two = await addEvent(t, a, x.id, 'harvesting');
    const [e1, e2] = two.events.map((e: { id: number }) => e.id);
    const bad = await req(a, 'PUT', `/api/v1/traceabilities/${x.id}/events/order`, { event_ids: [e1] });
    expect(bad.statusCode).toBe(422);
    const ok = await req(a, 'PUT', `/api/v1/traceabilities/${x.id}/events/order`, { event_ids: [e2, e1] });
    expect(json(ok).data.traceability.events.map((e: { id: number }) => e.id)).toEqual([e2, e1]);
    const edit = await req(
      a,
      'PUT',
      `/api/v1/traceabilities/${x.id}/events/${e1}`,
      eventBody('caring', { place: 'Vườn B' }),
    );
    expect(json(edit).data.traceability.events[1]).toMatchObject({
      step: 'caring',
      place: 'Vườn B',
      biz_step: 'https://ref.gs1.org/cbv/BizStep-other',
    });
    const wrongStep = await req(a, 'POST', `/api/v1/traceabilities/${x.id}/events`, eventBody('dancing'));
    expect(wrongStep.statusCode).toBe(422);
    const wrongPhoto = await req(
      a,
      'POST',
      `/api/v1/traceabilities/${x.id}/events`,
      eventBody('caring', { photo_ids: [999999] }),
    );
    expect(wrongPhoto.statusCode).toBe(422);
    expect(json(wrongPhoto).meta.errors[0].field).toBe('photo_ids.0');
  });

  it('hold → release → recall transitions and their refusals', async () => {
    const x = await publishedBatch(t, a, productA);
    const url = (s: string) => `/api/v1/traceabilities/${x.id}/${s}`;
    expect((await req(a, 'POST', url('hold'), {})).statusCode).toBe(422);
    const held = await req(a, 'POST', url('hold'), { reason: 'Chờ kết quả kiểm nghiệm' });
    expect(json(held).data.traceability).toMatchObject({ state: 'on_hold', hold_reason: 'Chờ kết quả kiểm nghiệm' });
    // Refusals come from the batch state table: 409 transition_not_allowed naming the allowed moves.
    const again = json(await req(a, 'POST', url('hold'), { reason: 'x' }));
    expect(again.meta.code).toBe('transition_not_allowed');
    expect(again.meta.message).toContain('Đã công bố, Đã thu hồi');
    const released = await req(a, 'POST', url('release'));
    expect(json(released).data.traceability).toMatchObject({ state: 'published', held_at: null, hold_reason: null });
    expect(json(await req(a, 'POST', url('release'))).meta.code).toBe('transition_not_allowed');
    const recalled = await req(a, 'POST', url('recall'), { reason: 'Phát hiện dư lượng thuốc BVTV vượt ngưỡng' });
    expect(json(recalled).data.traceability).toMatchObject({
      state: 'recalled',
      recall_reason: expect.stringContaining('dư lượng'),
    });
    for (const res of await Promise.all([
      req(a, 'POST', url('recall'), { reason: 'again' }),
      req(a, 'POST', url('hold'), { reason: 'x' }),
    ])) {
      expect(res.statusCode).toBe(409);
      expect(json(res).meta.code).toBe('transition_not_allowed');
    }
    const event = await req(a, 'POST', url('events'), eventBody('shipping'));
    expect([event.statusCode, json(event).meta.code]).toEqual([409, 'batch_recalled']);
    const draft = await createBatch(t, a, productA);
    expect(json(await req(a, 'POST', `/api/v1/traceabilities/${draft.id}/hold`, { reason: 'x' })).meta.code).toBe(
      'transition_not_allowed',
    );
    expect(json(await req(a, 'POST', `/api/v1/traceabilities/${draft.id}/recall`, { reason: 'x' })).meta.code).toBe(
      'transition_not_allowed',
    );
  });

  it('records every change with who and when', async () => {
    const x = await publishedBatch(t, a, productA, ['planting']);
    await req(a, 'POST', `/api/v1/traceabilities/${x.id}/hold`, { reason: 'Kiểm tra' });
    await req(a, 'POST', `/api/v1/traceabilities/${x.id}/release`);
    await req(a, 'POST', `/api/v1/traceabilities/${x.id}/recall`, { reason: 'Thu hồi' });
    const res = await req(a, 'GET', `/api/v1/traceabilities/${x.id}/history`);
    const history = json(res).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'recall',
      'release',
      'hold',
      'publish',
      'event_add',
      'create',
    ]);
    for (const h of history) {
      expect(h.user).toEqual({ id: a.user.id, name: a.user.name });
      expect(h.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(history[0].detail).toEqual({ reason: 'Thu hồi' });
  });
});
