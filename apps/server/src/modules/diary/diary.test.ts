import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatVietnamDate } from '@agrihub/contract';
import { activity, diaryEntries, locations, traceEvents, traceabilities } from '../../db/schema/index.js';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { uploadAs } from '../../../test/multipart.js';

/** The farm diary's API (ADR 044): exactly-once entries, original times, the pre-harvest rule, harvest lots. */
let t: TestApp;
let a: Built;
let b: Built;
let plot: number;
let otherPlot: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, { producer: { name: 'Nông hộ Y Thuyên Niê' } });
  b = await buildUser(t.db, { producer: { name: 'Nông hộ Lê Văn Phúc' } });
  plot = await plotOf(a, 'Vườn cà phê thửa 12');
  otherPlot = await plotOf(b, 'Vườn cà phê thửa 203');
  productId = (await buildProduct(t.db, { producerId: a.producerId!, name: 'Cà phê vối quả tươi', unit: 'Kg' })).id;
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const key = () => `k-${randomBytes(12).toString('hex')}`;

async function plotOf(u: Built, name: string) {
  const [l] = await t.db
    .insert(locations)
    .values({ platform: u.platform, producerId: u.producerId!, kind: 'farm_plot', name, provinceCode: '66' })
    .returning();
  return l.id;
}

const post = (u: Built, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/diary/entries', headers: as(u), payload });
const get = (u: Built, url: string) => t.app.inject({ method: 'GET', url, headers: as(u) });

/** A Vietnam wall-clock time `days` days before today in Vietnam: `2026-11-27T23:30:00+07:00`. */
const vnTime = (days: number, time: string) => `${formatVietnamDate(Date.now() - days * DAY)}T${time}:00+07:00`;

const spraying = (extra: object = {}, details: object = {}) => ({
  idempotency_key: key(),
  type: 'spraying',
  occurred_at: new Date(Date.now() - 3600_000).toISOString(),
  location_id: plot,
  details: { product: 'Anvil 5SC', active_ingredient: 'Hexaconazole', dose: '20 ml/16 l', phi_days: 0, ...details },
  ...extra,
});
const harvest = (extra: object = {}, lot: object = { product_id: productId }) => ({
  idempotency_key: key(),
  type: 'harvesting',
  occurred_at: new Date(Date.now() - 3600_000).toISOString(),
  location_id: plot,
  details: { quantity: 120.5, unit: 'Kg', lot },
  ...extra,
});

async function created(u: Built, body: object) {
  const res = await post(u, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.entry;
}

const errorsOf = (res: Parameters<typeof json>[0]) =>
  (json(res).meta.errors ?? []).map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);

describe('POST /api/v1/diary/entries: exactly once', () => {
  it('makes one entry and one lot event from 8 parallel sends of one key, each answered with its id', async () => {
    const lot = await buildBatch(t.db, { producerId: a.producerId!, status: 'draft' });
    const body = spraying({ traceability_id: lot.id });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(a, body)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(),
    ).toHaveLength(1);
    expect(
      statuses.every((s) => s === 200 || s === 201),
      statuses.join(),
    ).toBe(true);
    const ids = new Set(answers.map((r) => json(r).data.entry.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    const rows = await t.db.select().from(diaryEntries).where(eq(diaryEntries.idempotencyKey, body.idempotency_key));
    expect(rows).toHaveLength(1);
    const events = await t.db.select().from(traceEvents).where(eq(traceEvents.traceabilityId, lot.id));
    expect(events).toHaveLength(1);
    expect(events[0].id).toBe(rows[0].traceEventId);
  });

  it('makes one harvest lot from 8 parallel sends of a harvest naming its new lot (never lot_taken to a retry)', async () => {
    const lotCode = `TH-RACE-${Date.now().toString(36)}`;
    const body = harvest({}, { product_id: productId, lot_code: lotCode });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(a, body)));
    expect(
      answers.map((r) => r.statusCode).sort(),
      answers.map((r) => r.body).join('\n'),
    ).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => json(r).data.entry.batch.lot_code))).toEqual(new Set([lotCode]));
    const lots = await t.db.select().from(traceabilities).where(eq(traceabilities.lotCode, lotCode));
    expect(lots).toHaveLength(1);
  });

  it('replays the same key and body later with 200, and refuses the key with another body (409)', async () => {
    const body = spraying();
    const first = await created(a, body);
    const again = await post(a, body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again).data.entry).toEqual(first);
    const other = await post(a, { ...body, notes: 'Phun lần hai' });
    expect(other.statusCode).toBe(409);
    expect(json(other).meta).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'Mã gửi này đã được dùng cho một ghi chép khác. Vui lòng tạo lại ghi chép.',
    });
    // Keys are per account: another producer's user may use the same key.
    const theirs = await post(b, { ...body, location_id: otherPlot });
    expect(theirs.statusCode).toBe(201);
  });

  it('keeps the original time: an entry sent now for 3 days ago keeps it, on the lot’s timeline too', async () => {
    const lot = await buildBatch(t.db, { producerId: a.producerId!, status: 'draft' });
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    threeDaysAgo.setUTCMilliseconds(0);
    const entry = await created(a, {
      idempotency_key: key(),
      type: 'fertilising',
      occurred_at: threeDaysAgo.toISOString(),
      location_id: plot,
      traceability_id: lot.id,
      details: { product: 'Phân NPK 16-16-8', amount: 150, unit: 'kg' },
    });
    expect(entry.occurred_at).toBe(threeDaysAgo.toISOString());
    expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const batch = json(await get(a, `/api/v1/traceabilities/${lot.id}`)).data.traceability;
    expect(batch.events).toHaveLength(1);
    expect(batch.events[0]).toMatchObject({
      step: 'caring',
      occurred_at: threeDaysAgo.toISOString(),
      location: { id: plot },
      description: 'Bón phân — Tên sản phẩm: Phân NPK 16-16-8; Lượng dùng: 150 kg',
    });
    const [audit] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'traceability'), eq(activity.subjectId, lot.id)));
    expect(audit).toMatchObject({ action: 'event_add', actorId: a.user.id });
  });
});

describe('the pre-harvest interval on the server', () => {
  it('refuses a harvest on the day before the safe date (23:59) and allows it at 00:00 of the safe date', async () => {
    const field = await plotOf(a, 'Vườn thử thời gian cách ly');
    // Sprayed 10 days ago at 23:30 Vietnam time with a 7-day interval: safe from 3 days ago.
    await created(a, spraying({ location_id: field, occurred_at: vnTime(10, '23:30') }, { phi_days: 7 }));
    const safeFrom = formatVietnamDate(Date.now() - 3 * DAY);
    const [y, m, d] = safeFrom.split('-');

    const refused = await post(a, harvest({ location_id: field, occurred_at: vnTime(4, '23:59') }));
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      meta: {
        code: 'harvest_unsafe',
        message: `Chưa được thu hoạch vì còn trong thời gian cách ly của lần phun thuốc gần nhất: an toàn để thu hoạch từ ngày ${d}/${m}/${y}.`,
      },
      details: { safe_from: safeFrom },
    });
    // Nothing was written by the refused harvests.
    expect(await t.db.select().from(diaryEntries).where(eq(diaryEntries.locationId, field))).toHaveLength(1);

    const allowed = await post(a, harvest({ location_id: field, occurred_at: vnTime(3, '00:00') }));
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('takes the lot’s sprayings too, and never refuses after a 0-day interval', async () => {
    const lot = await buildBatch(t.db, { producerId: a.producerId!, productId, status: 'draft' });
    await created(a, spraying({ location_id: null, traceability_id: lot.id }, { phi_days: 30 }));
    const onLot = await post(a, harvest({ location_id: null }, { traceability_id: lot.id }));
    expect(onLot.statusCode).toBe(422);
    expect(json(onLot).meta.code).toBe('harvest_unsafe');

    const field = await plotOf(a, 'Vườn phun thuốc sinh học');
    await created(a, spraying({ location_id: field, occurred_at: new Date(Date.now() - 2 * 3600_000).toISOString() }));
    expect((await post(a, harvest({ location_id: field }))).statusCode).toBe(201);
  });

  it('shows each plot’s safe date and last spraying in the diary context', async () => {
    const field = await plotOf(a, 'Vườn mới phun');
    await created(a, spraying({ location_id: field, occurred_at: vnTime(1, '16:30') }, { phi_days: 7 }));
    const res = await get(a, '/api/v1/diary/context');
    expect(res.statusCode).toBe(200);
    const ctx = json(res).data;
    expect(ctx.plots.find((p: { id: number }) => p.id === field)).toMatchObject({
      name: 'Vườn mới phun',
      kind: 'farm_plot',
      safe_from: formatVietnamDate(Date.now() + 6 * DAY),
      last_spraying: { product: 'Anvil 5SC', phi_days: 7 },
    });
    expect(ctx.sprayings).toContainEqual(expect.objectContaining({ location_id: field, phi_days: 7 }));
    expect(ctx.products).toContainEqual({ id: productId, name: 'Cà phê vối quả tươi' });
    // Another producer's plots never show.
    expect(ctx.plots.map((p: { id: number }) => p.id)).not.toContain(otherPlot);
  });
});

describe('harvests', () => {
  it('makes a new draft lot with the harvest, taking the plot’s season since its last harvest as events', async () => {
    const field = await plotOf(a, 'Vườn thu hoạch');
    const old = await created(a, { ...spraying({ location_id: field, occurred_at: vnTime(30, '08:00') }) });
    await created(a, harvest({ location_id: field, occurred_at: vnTime(25, '08:00') }));
    const fert = await created(a, {
      idempotency_key: key(),
      type: 'fertilising',
      occurred_at: vnTime(20, '07:00'),
      location_id: field,
      details: { product: 'Phân hữu cơ vi sinh', amount: 500, unit: 'kg' },
    });
    expect(fert.batch).toBeNull();
    expect(fert.trace_event_id).toBeNull();
    const entry = await created(
      a,
      harvest(
        { location_id: field, occurred_at: vnTime(2, '07:30') },
        { product_id: productId, lot_code: 'QT-DIARY-1' },
      ),
    );
    expect(entry.batch).toMatchObject({ lot_code: 'QT-DIARY-1', product_name: 'Cà phê vối quả tươi' });
    const lot = json(await get(a, `/api/v1/traceabilities/${entry.batch.id}`)).data.traceability;
    expect(lot).toMatchObject({
      status: 'draft',
      quantity: 120.5,
      unit: 'Kg',
      production_date: formatVietnamDate(Date.now() - 2 * DAY),
    });
    // The season (the fertilising), then the harvest; the spraying before the previous harvest went with that one.
    expect(lot.events.map((e: { step: string }) => e.step)).toEqual(['caring', 'harvesting']);
    const list = json(await get(a, `/api/v1/diary/entries?traceability_id=${entry.batch.id}`)).data.entries;
    expect(list.map((e: { id: number }) => e.id)).toEqual([entry.id, fert.id]);
    expect(
      json(await get(a, `/api/v1/diary/entries?location_id=${field}`)).data.entries.map((e: { id: number }) => e.id),
    ).toContain(old.id);

    // The same lot code again: refused on the field.
    const taken = await post(a, harvest({ location_id: field }, { product_id: productId, lot_code: 'QT-DIARY-1' }));
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual([
      'details.lot.lot_code: Mã lô "QT-DIARY-1" đã được dùng cho một lô hàng khác của đơn vị.',
    ]);
  });

  it('generates a lot code when none is given, and adds to an open draft lot of the same unit', async () => {
    const entry = await created(a, harvest());
    expect(entry.batch.lot_code).toMatch(/^TH-\d{8}-[A-Z2-9]{4}$/);
    const more = await created(a, harvest({ location_id: null }, { traceability_id: entry.batch.id }));
    expect(more.batch.id).toBe(entry.batch.id);
    const [row] = await t.db.select().from(traceabilities).where(eq(traceabilities.id, entry.batch.id));
    expect(row.quantity).toBe(241);
    const wrongUnit = await post(a, {
      ...harvest({ location_id: null }, { traceability_id: entry.batch.id }),
      details: { quantity: 3, unit: 'Thùng', lot: { traceability_id: entry.batch.id } },
    });
    expect(wrongUnit.statusCode).toBe(422);
    expect(json(wrongUnit).meta.code).toBe('diary_unit_mismatch');
    const published = await buildBatch(t.db, { producerId: a.producerId!, productId });
    const locked = await post(a, harvest({ location_id: null }, { traceability_id: published.id }));
    expect(json(locked).meta.code).toBe('batch_published_locked');
  });
});

describe('refusals', () => {
  it('refuses another producer’s plot and lot, and a recalled lot of its own', async () => {
    const theirs = await post(a, spraying({ location_id: otherPlot }));
    expect(theirs.statusCode).toBe(422);
    expect(errorsOf(theirs)).toEqual(['location_id: Vui lòng chọn một địa điểm sản xuất của bạn.']);
    const theirLot = await buildBatch(t.db, { producerId: b.producerId! });
    const lotRes = await post(a, spraying({ traceability_id: theirLot.id }));
    expect(lotRes.statusCode).toBe(422);
    expect(errorsOf(lotRes)).toEqual(['traceability_id: Vui lòng chọn một lô hàng của bạn.']);
    const harvestInto = await post(a, harvest({ location_id: null }, { traceability_id: theirLot.id }));
    expect(errorsOf(harvestInto)).toEqual(['details.lot.traceability_id: Vui lòng chọn một lô hàng của bạn.']);
    const theirProduct = await buildProduct(t.db, { producerId: b.producerId! });
    const newLot = await post(a, harvest({}, { product_id: theirProduct.id }));
    expect(errorsOf(newLot)).toEqual([
      'details.lot.product_id: Sản phẩm không tồn tại hoặc không thuộc đơn vị của bạn.',
    ]);
    const recalled = await buildBatch(t.db, { producerId: a.producerId!, recalledAt: new Date() });
    const res = await post(a, spraying({ traceability_id: recalled.id }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.code).toBe('batch_recalled');
    // Another producer's entries never list.
    const list = json(await get(b, '/api/v1/diary/entries?per_page=100')).data.entries;
    expect(list.every((e: { location: { id: number } | null }) => e.location?.id !== plot)).toBe(true);
    // A photo uploaded by another producer is refused.
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const photo = await uploadAs(t, b, 'images', 'la-ca-phe.png', png);
    const withPhoto = await post(a, spraying({ photo_ids: [photo.id] }));
    expect(errorsOf(withPhoto)).toEqual(['photo_ids.0: Tệp đính kèm không tồn tại hoặc không thuộc đơn vị của bạn.']);
    const own = await uploadAs(t, a, 'images', 'la-ca-phe.png', png);
    const ok = await created(a, spraying({ photo_ids: [own.id] }));
    expect(ok.photos).toEqual([expect.objectContaining({ id: own.id })]);
  });

  it('answers bad input with its message: key, template field, time, unit', async () => {
    const cases: [object, string[]][] = [
      [
        spraying({ idempotency_key: 'short' }),
        ['idempotency_key: Mã gửi của mục nhật ký gồm 16–64 ký tự: chữ, số, dấu - và _.'],
      ],
      [
        spraying({ idempotency_key: 'a'.repeat(65) }),
        ['idempotency_key: Mã gửi của mục nhật ký gồm 16–64 ký tự: chữ, số, dấu - và _.'],
      ],
      [
        spraying({ idempotency_key: 'khóa-có-dấu-tiếng-việt' }),
        ['idempotency_key: Mã gửi của mục nhật ký gồm 16–64 ký tự: chữ, số, dấu - và _.'],
      ],
      [spraying({}, { active_ingredient: '' }), ['details.active_ingredient: Vui lòng điền thông tin này.']],
      [spraying({}, { phi_days: -1 }), ['details.phi_days: Số không hợp lệ hoặc vượt quá giới hạn cho phép.']],
      [spraying({}, { dose: 'x'.repeat(201) }), ['details.dose: Tối đa 200 ký tự.']],
      [
        spraying({ occurred_at: new Date(Date.now() + 3600_000).toISOString() }),
        ['occurred_at: Thời gian ghi chép không được ở tương lai.'],
      ],
      [spraying({ location_id: null }), ['location_id: Vui lòng chọn lô/thửa canh tác hoặc lô hàng.']],
      [spraying({ type: 'dancing' }), ['type: Vui lòng chọn loại ghi chép.']],
      [harvest({ location_id: null }), ['location_id: Vui lòng chọn lô/thửa canh tác nơi thu hoạch.']],
    ];
    for (const [body, want] of cases) {
      const res = await post(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(res), JSON.stringify(body)).toEqual(want);
    }
  });

  it('is the producer’s: 401 without a session, 403 for an administrator without a producer', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/diary/context', headers: { platform: 'dtrack' } })).statusCode,
    ).toBe(401);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    expect((await post(admin, spraying())).statusCode).toBe(403);
  });
});

describe('on the lot’s public page and EPCIS export', () => {
  it('shows a diary entry on a published lot as one of its events', async () => {
    const lot = await buildBatch(t.db, { producerId: a.producerId!, productId, events: ['planting'] });
    await created(a, spraying({ traceability_id: lot.id }, { phi_days: 7 }));
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/traceabilities/${lot.publicCode}`,
      headers: { platform: 'dtrack' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(JSON.stringify(json(page))).toContain(
      'Phun thuốc BVTV — Tên sản phẩm: Anvil 5SC; Hoạt chất: Hexaconazole; Liều lượng: 20 ml/16 l; Thời gian cách ly (ngày): 7',
    );
    const epcis = json(await get(a, `/api/v1/traceabilities/${lot.id}/epcis`));
    const events = epcis.epcisBody.eventList;
    expect(events).toHaveLength(2);
    expect(events[1]['ah:description']).toContain('Phun thuốc BVTV');
  });
});

describe('rate limits', () => {
  it('takes a sync of 200 entries from one producer, one after the other', async () => {
    const u = await buildUser(t.db);
    const field = await plotOf(u, 'Vườn đồng bộ');
    for (let i = 0; i < 200; i++) {
      const res = await post(u, {
        idempotency_key: `sync-${String(i).padStart(12, '0')}`,
        type: 'irrigation',
        occurred_at: new Date(Date.now() - (200 - i) * 60_000).toISOString(),
        location_id: field,
        details: { amount: 10, unit: 'm3' },
      });
      expect(res.statusCode, `entry ${i}: ${res.body}`).toBe(201);
    }
    const list = json(await get(u, `/api/v1/diary/entries?location_id=${field}&per_page=10`));
    expect(list.meta.total_count).toBe(200);
  }, 120_000);
});
