import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, traceabilities, tracePublicDocs } from '../../db/schema/index.js';
import { as, headers, json, noticesApplied, type TestApp, createTestApp } from '../../../test/helper.js';
import { approveProduct, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { addEvent, createBatch, publishedBatch } from '../traceabilities/batch-api.test-helper.js';
import { sourceKeyOf } from './scans.js';
import { invalidateProductBatches, tellProduct } from './state.js';
import { storedScans, storedSourceKeys } from './scans.js';

let t: TestApp;
let a: Built;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
});
afterAll(() => t.close());

const lookup = (code: string, platform = 'dtrack', ip = '203.0.113.7') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/traceabilities/${code}`,
    headers: headers(platform as 'dtrack'),
    remoteAddress: ip,
  });

describe('GET /api/v1/client/traceabilities/{code}', () => {
  it('shows a published batch without login: product, producer, events, certificates, rating', async () => {
    const x = await publishedBatch(t, a, productId, ['planting', 'harvesting', 'packing'], {
      certificates: [
        { name: 'VietGAP', issuer: 'TT Chứng nhận', number: 'VG-1', valid_until: '2099-01-01' },
        { name: 'Hữu cơ', issuer: 'TT', number: 'HC-1', valid_until: '2020-01-01' },
      ],
      expiry_date: '2025-04-01',
    });
    const res = await lookup(x.public_code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const d = json(res).data.traceability;
    expect(d).toMatchObject({
      code: x.public_code,
      lot_code: x.lot_code,
      product: { name: 'Chè Shan tuyết Mộc Châu', gtin: '8936000000011', images: [{ url: '/uploads/p/cover.jpg' }] },
      producer: { name: expect.stringContaining('HTX'), type: 'cooperative' },
      expired: true,
      recall: null,
      hold: null,
      scan_count: 1,
      duplicate_warning: null,
      rating: { average: null, count: 0 },
    });
    expect(d.events.map((e: { step: string }) => e.step)).toEqual(['planting', 'harvesting', 'packing']);
    expect(d.certificates.map((c: { valid: boolean }) => c.valid)).toEqual([true, false]);
    expect(JSON.stringify(d)).not.toContain(a.user.email);
    expect(d.producer.id).toBeUndefined();
  });

  it('a draft, an unknown code or another platform’s batch is 404', async () => {
    const draft = await createBatch(t, a, productId);
    await addEvent(t, a, draft.id);
    expect((await lookup(draft.public_code)).statusCode).toBe(404);
    expect((await lookup('NOSUCHCODE234567')).statusCode).toBe(404);
    const x = await publishedBatch(t, a, productId);
    expect((await lookup(x.public_code, 'foodmap')).statusCode).toBe(404);
    expect((await lookup(x.public_code, 'dtrack')).statusCode).toBe(200);
  });

  it('publishing a code that was looked up before (negative cache) shows it at once', async () => {
    const x = await createBatch(t, a, productId);
    await addEvent(t, a, x.id);
    expect((await lookup(x.public_code)).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/api/v1/traceabilities/${x.id}/publish`, headers: as(a) });
    expect((await lookup(x.public_code)).statusCode).toBe(200);
  });
});

describe('cache invalidation: the next request shows every write', () => {
  it('recall, hold, release and a new event show immediately', async () => {
    const x = await publishedBatch(t, a, productId);
    expect(json(await lookup(x.public_code)).data.traceability.recall).toBeNull();
    const post = (path: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/traceabilities/${x.id}/${path}`,
        headers: as(a),
        ...(payload ? { payload } : {}),
      });
    await post('hold', { reason: 'Chờ kiểm nghiệm' });
    expect(json(await lookup(x.public_code)).data.traceability.hold).toMatchObject({ reason: 'Chờ kiểm nghiệm' });
    await post('release');
    expect(json(await lookup(x.public_code)).data.traceability.hold).toBeNull();
    await post('events', { step: 'shipping', occurred_at: '2025-07-01T08:00:00+07:00', place: 'Hà Nội' });
    expect(json(await lookup(x.public_code)).data.traceability.events).toHaveLength(3);
    await post('recall', { reason: 'Nhiễm nấm mốc' });
    const after = json(await lookup(x.public_code)).data.traceability;
    expect(after.recall).toMatchObject({ reason: 'Nhiễm nấm mốc', at: expect.any(String) });
  });

  it('a product change told inside its transaction shows on its batches’ next lookup (stored page and cache)', async () => {
    const x = await publishedBatch(t, a, productId);
    await lookup(x.public_code);
    const rename = async (name: string) => {
      await t.db.transaction(async (tx) => {
        await tx.update(products).set({ name }).where(eq(products.id, productId));
        await approveProduct(tx, productId);
        await tellProduct(t.app, tx, productId);
      });
      invalidateProductBatches(t.app, productId);
    };
    await rename('Chè Shan tuyết cổ thụ');
    expect(json(await lookup(x.public_code)).data.traceability.product.name).toBe('Chè Shan tuyết cổ thụ');
    await rename('Chè Shan tuyết Mộc Châu');
    expect(json(await lookup(x.public_code)).data.traceability.product.name).toBe('Chè Shan tuyết Mộc Châu');
  });
});

describe('scan counting', () => {
  it('counts scans in memory, writes them in one flush, and never loses or doubles them', async () => {
    const x = await publishedBatch(t, a, productId);
    // Five places (one /24 each), one of them twice: a source counts once per batch per window.
    for (let i = 0; i < 5; i++) await lookup(x.public_code, 'dtrack', `198.51.${100 + i}.1`);
    const before = await storedScans(t.db, x.id);
    expect(before.scans).toBe(0);
    expect(json(await lookup(x.public_code, 'dtrack', '198.51.100.77')).data.traceability.scan_count).toBe(5);
    await t.app.scanBuffer.flush();
    const after = await storedScans(t.db, x.id);
    expect(after.scans).toBe(5);
    const sources = await storedSourceKeys(t.db, x.id);
    expect(sources).toHaveLength(5);
    expect(sources).toContain(sourceKeyOf('198.51.100.1'));
    expect(json(await lookup(x.public_code, 'dtrack', '192.0.2.1')).data.traceability.scan_count).toBe(6);
    await t.app.scanBuffer.flush();
    t.app.traceCache.clear();
    expect(json(await lookup(x.public_code, 'dtrack', '192.0.3.1')).data.traceability.scan_count).toBe(7);
  });

  it('source keys are per /24 (IPv4) and /48 (IPv6), hashed', () => {
    expect(sourceKeyOf('10.1.2.3')).toBe(sourceKeyOf('10.1.2.200'));
    expect(sourceKeyOf('10.1.2.3')).not.toBe(sourceKeyOf('10.1.3.3'));
    expect(sourceKeyOf('::ffff:10.1.2.3')).toBe(sourceKeyOf('10.1.2.9'));
    expect(sourceKeyOf('2001:db8:1:2::1')).toBe(sourceKeyOf('2001:db8:1:ffff::2'));
    expect(sourceKeyOf('2001:db8:1:2::1')).not.toBe(sourceKeyOf('2001:db8:2:2::1'));
    expect(sourceKeyOf('10.1.2.3')).not.toContain('10.1');
  });

  it('warns of duplicates: more scans than units, or scans from many places', async () => {
    const few = await publishedBatch(t, a, productId, ['planting'], { quantity: 2 });
    await lookup(few.public_code, 'dtrack', '100.65.1.1');
    await lookup(few.public_code, 'dtrack', '100.65.2.1');
    expect(json(await lookup(few.public_code, 'dtrack', '100.65.3.1')).data.traceability.duplicate_warning).toEqual({
      reason: 'more_scans_than_units',
    });
    const many = await publishedBatch(t, a, productId, ['planting'], { quantity: 1000 });
    for (let i = 0; i < 21; i++) await lookup(many.public_code, 'dtrack', `100.64.${i}.1`);
    expect(json(await lookup(many.public_code)).data.traceability.duplicate_warning).toEqual({ reason: 'many_places' });
    await t.app.scanBuffer.flush();
    t.app.traceCache.clear();
    expect(json(await lookup(many.public_code)).data.traceability.duplicate_warning).toEqual({ reason: 'many_places' });
  });
});

describe('GS1 Digital Link', () => {
  it('redirects /01/{gtin14}/10/{lot} (and the unpadded GTIN, and a tail) to /trace/{code}', async () => {
    const x = await publishedBatch(t, a, productId, ['planting'], { lot_code: 'DL-2025/07' });
    for (const url of [
      '/01/08936000000011/10/DL-2025%2F07',
      '/01/8936000000011/10/DL-2025%2F07',
      '/01/08936000000011/10/DL-2025%2F07/21/serial?linkType=gs1:defaultLink',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'dtrack.localhost:3000' } });
      expect(res.statusCode, url).toBe(307);
      expect(res.headers.location).toBe(`http://dtrack.localhost:3000/trace/${x.public_code}`);
    }
  });

  it('is 404 for a draft, an unknown lot or another platform’s host (400 for a bad check digit)', async () => {
    const draft = await createBatch(t, a, productId, { lot_code: 'DL-DRAFT' });
    const cases = [
      ['/01/08936000000011/10/DL-DRAFT', 'dtrack.localhost'],
      ['/01/08936000000011/10/NOPE', 'dtrack.localhost'],
      ['/01/08936000000011/10/DL-2025%2F07', 'foodmap.localhost'],
    ];
    for (const [url, host] of cases) {
      const res = await t.app.inject({ method: 'GET', url: url, headers: { host: host } });
      expect(res.statusCode, `${url} on ${host}`).toBe(404);
    }
    expect(draft.id).toBeGreaterThan(0);
    // A bad check digit is bad syntax: 400 (ADR 037).
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/01/08936000000012/10/DL-2025%2F07',
          headers: { host: 'dtrack.localhost' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('cache warmer', () => {
  it('preloads published batches (not drafts) and reloads stale entries in bulk from their stored pages', async () => {
    const x = await publishedBatch(t, a, productId);
    const draft = await createBatch(t, a, productId);
    // Their writes' own notices, heard late, would drop what the preload loads (PostgreSQL).
    await noticesApplied(t);
    t.app.traceCache.clear();
    const loaded = await t.app.traceWarmer.preload();
    expect(loaded).toBeGreaterThan(0);
    expect(t.app.traceCache.peek(x.public_code)?.id).toBe(x.id);
    expect(t.app.traceCache.peek(draft.public_code)).toBeUndefined();
    // A write made on another node whose notification never came: its transaction deleted the
    // stored page (state.ts), this node's cache kept its copy until the entry is refreshed.
    await t.db.transaction(async (tx) => {
      await tx
        .update(traceabilities)
        .set({ recallReason: 'Từ nút khác', recalledAt: new Date() })
        .where(eq(traceabilities.id, x.id));
      await tx.delete(tracePublicDocs).where(eq(tracePublicDocs.traceabilityId, x.id));
    });
    expect(json(await lookup(x.public_code)).data.traceability.recall).toBeNull();
    t.app.traceCache.peek(x.public_code)!.loadedAt -= t.app.traceCache.ttlMs + 1;
    await t.app.traceWarmer.refresh();
    expect(json(await lookup(x.public_code)).data.traceability.recall).toMatchObject({ reason: 'Từ nút khác' });
    // The refresh built the page again and stored it; the next refresh reads it from there.
    const [stored] = await t.db.select().from(tracePublicDocs).where(eq(tracePublicDocs.traceabilityId, x.id));
    expect(stored.head).toContain('Từ nút khác');
    await t.db
      .update(tracePublicDocs)
      .set({ head: sql`replace(${tracePublicDocs.head}, 'Từ nút khác', 'Trang đã lưu')` })
      .where(eq(tracePublicDocs.traceabilityId, x.id));
    t.app.traceCache.peek(x.public_code)!.loadedAt -= t.app.traceCache.ttlMs + 1;
    await t.app.traceWarmer.refresh();
    expect(json(await lookup(x.public_code)).data.traceability.recall).toMatchObject({ reason: 'Trang đã lưu' });
  });
});
