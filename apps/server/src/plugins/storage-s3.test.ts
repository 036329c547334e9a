import fs from 'node:fs';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { as, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { buildUser, type Built } from '../../test/factories.js';
import { multipart, uploadAs } from '../../test/multipart.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { uploads } from '../db/schema/index.js';
import { attachmentDisposition } from '../lib/filenames.js';
import { isS3Driver } from './storage.js';

/**
 * The S3 driver against a real S3-compatible server (s3rver, started here on a free port), next to
 * an app on the local driver: an upload through the API lands in the bucket, and /uploads/<key>
 * answers as the local driver does (same status, same headers), streamed from the bucket.
 */
const BUCKET = 'agrihub-uploads';

let s3: TestS3;
let t: TestApp;
let local: TestApp;
let u: Built;
let lu: Built;
beforeAll(async () => {
  s3 = await startS3();
  await s3.createBucket(BUCKET);
  t = await createTestApp(s3.env(BUCKET));
  local = await createTestApp();
  u = await buildUser(t.db);
  lu = await buildUser(local.db);
});
afterAll(async () => {
  await Promise.allSettled([t?.close(), local?.close()]);
  await s3?.close();
});

const upload = uploadAs;

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
/** Where a private upload's bytes are (its URL carries its id, not its key). */
async function storedKey(app: TestApp, id: number): Promise<string> {
  const [row] = await app.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, id));
  return row.key;
}
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 2, g: 145, b: 71 } } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n' + 'x'.repeat(200) + '\n%%EOF');

/** Headers whose value differs by nature between two stores (a date, an ETag) are compared by presence. */
const VARYING = new Set(['date', 'etag', 'last-modified']);
function sameHeaders(s3Res: LightMyRequestResponse, localRes: LightMyRequestResponse) {
  expect(Object.keys(s3Res.headers).sort()).toEqual(Object.keys(localRes.headers).sort());
  const fixed = (res: LightMyRequestResponse) =>
    Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VARYING.has(name)));
  expect(fixed(s3Res)).toEqual(fixed(localRes));
}

describe('S3 storage driver (S3_BUCKET set)', () => {
  it('is the app’s driver and writes nothing to the node’s disk', () => {
    expect(isS3Driver(t.app.storage)).toBe(true);
    expect(isS3Driver(local.app.storage)).toBe(false);
    expect(t.config.s3).toMatchObject({ bucket: BUCKET, endpoint: s3.endpoint, forcePathStyle: true });
  });

  it('stores an uploaded image and its thumbnail in the bucket and serves them with the local driver’s headers', async () => {
    const data = await png();
    const img = await upload(t, u, 'images', 'ảnh sản phẩm.png', data);
    const ref = await upload(local, lu, 'images', 'ảnh sản phẩm.png', data);
    expect(img.url).toMatch(/^\/uploads\/dtrack\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);

    const stored = await s3.object(BUCKET, keyOf(img.url));
    expect(stored).not.toBeNull();
    expect(stored!.body.length).toBe(img.byte_size);
    expect(stored!.contentType).toBe('image/png');
    expect(await s3.has(BUCKET, keyOf(img.thumbnail_url!))).toBe(true);
    // The per-node upload folder is not used at all.
    expect(fs.existsSync(t.config.uploadDir)).toBe(false);

    for (const [mine, theirs] of [
      [img.url, ref.url],
      [img.thumbnail_url!, ref.thumbnail_url!],
    ]) {
      const served = await t.app.inject({ url: mine });
      const expected = await local.app.inject({ url: theirs });
      expect(served.statusCode).toBe(200);
      expect(expected.statusCode).toBe(200);
      sameHeaders(served, expected);
      expect(served.headers['etag']).toMatch(/^(W\/)?"[^"]+"$/);
      expect(Number.isNaN(Date.parse(String(served.headers['last-modified'])))).toBe(false);
      expect(served.rawPayload.equals((await s3.object(BUCKET, keyOf(mine)))!.body)).toBe(true);
    }
    const served = await t.app.inject({ url: img.url });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(img.byte_size),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('serves a private document only through its private route, to its uploader, as the local driver does', async () => {
    const doc = await upload(t, u, 'attachments', 'Hồ sơ năng lực.pdf', PDF);
    const ref = await upload(local, lu, 'attachments', 'Hồ sơ năng lực.pdf', PDF);
    const key = await storedKey(t, doc.id);
    expect((await s3.object(BUCKET, key))?.body.equals(PDF)).toBe(true);
    // Its key in the bucket is no public URL, and nobody else reads it (ADR 033).
    expect((await t.app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: doc.url, headers: headers('dtrack') })).statusCode).toBe(401);
    const stranger = await buildUser(t.db);
    expect((await t.app.inject({ url: doc.url, headers: as(stranger) })).statusCode).toBe(404);

    const served = await t.app.inject({ url: doc.url, headers: as(u) });
    const expected = await local.app.inject({ url: ref.url, headers: as(lu) });
    expect(served.statusCode).toBe(200);
    sameHeaders(served, expected);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': attachmentDisposition('Hồ sơ năng lực.pdf'),
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });

    const head = await t.app.inject({ method: 'HEAD', url: doc.url, headers: as(u) });
    const refHead = await local.app.inject({ method: 'HEAD', url: ref.url, headers: as(lu) });
    expect(head.statusCode).toBe(200);
    sameHeaders(head, refHead);
    expect(head.headers['content-length']).toBe(String(PDF.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers one byte range with 206, a range past the end with 416, and If-None-Match with 304, as the local driver does', async () => {
    // A public file (an image): private ones are read whole, with a token.
    const data = await png();
    const doc = await upload(t, u, 'images', 'range.png', data);
    const ref = await upload(local, lu, 'images', 'range.png', data);
    const both = (url: string, refUrl: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      Promise.all([t.app.inject({ method, url, headers }), local.app.inject({ method, url: refUrl, headers })]);

    for (const range of ['bytes=0-9', 'bytes=100-']) {
      const [part, refPart] = await both(doc.url, ref.url, { range });
      expect(part.statusCode, range).toBe(206);
      sameHeaders(part, refPart);
      expect(part.rawPayload.equals(refPart.rawPayload), range).toBe(true);
    }
    expect((await both(doc.url, ref.url, { range: 'bytes=0-9' }))[0].headers['content-range']).toBe(
      `bytes 0-9/${doc.byte_size}`,
    );

    const [past, refPast] = await both(doc.url, ref.url, { range: `bytes=${doc.byte_size + 10}-` });
    expect(refPast.statusCode).toBe(416);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${doc.byte_size}`);

    const etag = String((await t.app.inject({ url: doc.url })).headers['etag']);
    const refEtag = String((await local.app.inject({ url: ref.url })).headers['etag']);
    const [same, refSame] = await Promise.all([
      t.app.inject({ url: doc.url, headers: { 'if-none-match': etag } }),
      local.app.inject({ url: ref.url, headers: { 'if-none-match': refEtag } }),
    ]);
    expect(refSame.statusCode).toBe(304);
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    for (const name of ['x-content-type-options', 'content-security-policy', 'cache-control']) {
      expect(same.headers[name], name).toBe(refSame.headers[name]);
    }
    // A stale ETag gets the whole file.
    expect((await t.app.inject({ url: doc.url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('answers 404 as the local driver does for a key the bucket does not hold, never a 500', async () => {
    const missing = await t.app.inject({ url: '/uploads/dtrack/2020/01/00000000000000000000000000000000.pdf' });
    const refMissing = await local.app.inject({ url: '/uploads/dtrack/2020/01/00000000000000000000000000000000.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(refMissing.body);
    expect(json(missing).meta.code).toBe('route_not_found');
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/dtrack/nothing.png' })).statusCode).toBe(404);
    // Names no key the app makes: never a request to the store, never a 500.
    for (const url of [
      '/uploads/',
      '/uploads/a//b.png',
      '/uploads/%2e%2e/x.png',
      '/uploads/a/%00.pdf',
      '/uploads/.env',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(await t.app.storage.get('dtrack/2020/01/none.png')).toBeNull();
  });

  it('removes files from the bucket: a producer’s deletion frees its unused upload, then its URL is a 404', async () => {
    const owner = await buildUser(t.db);
    const loose = await upload(t, owner, 'attachments', 'loose.pdf', PDF);
    const key = await storedKey(t, loose.id);
    expect(await s3.has(BUCKET, key)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/producers/${owner.producerId}`,
      headers: as(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s3.has(BUCKET, key)).toBe(false);
    expect((await t.app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);

    // Directly through the driver; removing a key that is gone is not an error.
    await t.app.storage.put('dtrack/2020/01/direct.pdf', PDF);
    expect((await t.app.storage.get('dtrack/2020/01/direct.pdf'))?.equals(PDF)).toBe(true);
    await t.app.storage.remove('dtrack/2020/01/direct.pdf');
    await t.app.storage.remove('dtrack/2020/01/direct.pdf');
    expect(await s3.has(BUCKET, 'dtrack/2020/01/direct.pdf')).toBe(false);
    await expect(t.app.storage.put('../escape.pdf', PDF)).rejects.toThrow('bad storage key');
  });

  it('answers 503 storage_unavailable when the store refuses the app (wrong key), for an upload and a download', async () => {
    const refused = await createTestApp(s3.env(BUCKET, { S3_ACCESS_KEY_ID: 'NOT-A-KEY' }));
    try {
      const who = await buildUser(refused.db);
      const body = multipart({ filename: 'x.pdf', data: PDF });
      const res = await refused.app.inject({
        method: 'POST',
        url: '/api/v1/attachments',
        headers: { ...as(who), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(json(res).meta).toEqual({
        code: 'storage_unavailable',
        message: 'Hệ thống tạm không truy cập được kho lưu trữ tệp, vui lòng thử lại sau ít phút.',
      });
      // A public file the store holds but will not hand over.
      await refused.db.insert(uploads).values({
        platform: 'dtrack',
        userId: who.user.id,
        kind: 'image',
        storageKey: 'dtrack/2020/01/any.png',
        contentType: 'image/png',
        byteSize: 1,
        filename: 'any.png',
        visibility: 'public',
      });
      const get = await refused.app.inject({ url: '/uploads/dtrack/2020/01/any.png' });
      expect(get.statusCode).toBe(503);
      expect(get.headers['retry-after']).toBe('5');
    } finally {
      await refused.close();
    }
  });

  it('answers 503 naming the file store, not the database, when the store does not answer at all', async () => {
    // A port nothing listens on: the SDK fails with ECONNREFUSED, the code a lost database gives too.
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = await createTestApp(s3.env(BUCKET, { S3_ENDPOINT: `http://127.0.0.1:${closed}` }));
    try {
      const who = await buildUser(unreachable.db);
      const body = multipart({ filename: 'x.pdf', data: PDF });
      const res = await unreachable.app.inject({
        method: 'POST',
        url: '/api/v1/attachments',
        headers: { ...as(who), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(json(res).meta).toEqual({
        code: 'storage_unavailable',
        message: 'Hệ thống tạm không truy cập được kho lưu trữ tệp, vui lòng thử lại sau ít phút.',
      });
    } finally {
      await unreachable.close();
    }
  });
});
