import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey } from '@agrihub/contract';
import { uploads, users } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { batchBody, createBatch, eventBody } from '../traceabilities/batch-api.test-helper.js';
import { catalogFixture, productBody } from '../products/test-support.js';

/**
 * One resolver (uploads/resolve.ts) decides whether an upload named in a body is the producer's
 * own: uploaded on this platform by a user of the same producer. Products, batch certificates and
 * batch events all go through it; anything else is 422 invalidUpload on the field.
 */
let t: TestApp;
let a: Built;
let colleague: Built;
let b: Built;
let leaf: number;
let productOfA: number;
beforeAll(async () => {
  t = await createTestApp();
  leaf = (await catalogFixture(t.db)).leaf;
  a = await buildUser(t.db);
  b = await buildUser(t.db);
  // A second account of a's producer: its uploads are a's too.
  colleague = await buildUser(t.db, { producer: false });
  await t.db.update(users).set({ producerId: a.producerId }).where(eq(users.id, colleague.user.id));
  productOfA = (await buildProduct(t.db, { producerId: a.producerId! })).id;
});
afterAll(() => t.close());

/** An upload row as the upload routes store it. */
async function upload(owner: Built, kind: 'image' | 'attachment', contentType: string, platform?: PlatformKey) {
  const key = `test/${randomBytes(6).toString('hex')}`;
  const [row] = await t.db
    .insert(uploads)
    .values({
      platform: platform ?? owner.platform,
      userId: owner.user.id,
      kind,
      storageKey: key,
      thumbnailKey: kind === 'image' ? `${key}-thumb` : null,
      contentType,
      byteSize: 100,
      filename: kind === 'image' ? 'anh.png' : 'giay-chung-nhan.pdf',
    })
    .returning();
  return row.id;
}

const post = (u: Built, url: string, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'POST', url, headers: as(u, locale), payload });
const fieldErrors = (res: Parameters<typeof json>[0]) => json(res).meta.errors;
const refused = (field: string) => [{ field, message: 'Tệp đính kèm không tồn tại hoặc không thuộc đơn vị của bạn.' }];

describe('a product body', () => {
  it("refuses another producer's image with 422 on the field, accepts the producer's own", async () => {
    const theirs = await upload(b, 'image', 'image/png');
    const res = await post(a, '/api/v1/products', productBody(leaf, { image_ids: [theirs] }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.code).toBe('invalidUpload');
    expect(fieldErrors(res)).toEqual(refused('image_ids.0'));

    const mine = await upload(colleague, 'image', 'image/png');
    const ok = await post(a, '/api/v1/products', productBody(leaf, { image_ids: [mine] }));
    expect(ok.statusCode).toBe(201);
    expect(json(ok).data.product.images).toEqual([
      { id: mine, url: expect.stringContaining('test/'), thumbnail_url: expect.stringContaining('-thumb') },
    ]);
  });

  it("refuses another producer's certificate file and a document where an image is expected", async () => {
    const theirs = await upload(b, 'attachment', 'application/pdf');
    const cert = await post(
      a,
      '/api/v1/products',
      productBody(leaf, { certificates: [{ name: 'VietGAP', file_id: theirs }] }),
    );
    expect(cert.statusCode).toBe(422);
    expect(fieldErrors(cert)).toEqual(refused('certificates.0.file_id'));

    const pdf = await upload(a, 'attachment', 'application/pdf');
    const image = await post(a, '/api/v1/products', productBody(leaf, { image_ids: [pdf] }));
    expect(fieldErrors(image)).toEqual(refused('image_ids.0'));
  });

  it("refuses the producer's own upload made on another platform", async () => {
    const elsewhere = await upload(a, 'image', 'image/png', 'agrihub');
    const res = await post(a, '/api/v1/products', productBody(leaf, { image_ids: [elsewhere] }));
    expect(fieldErrors(res)).toEqual(refused('image_ids.0'));
  });
});

describe('a batch body', () => {
  it("refuses another producer's certificate file, keeps the producer's own", async () => {
    const theirs = await upload(b, 'attachment', 'application/pdf');
    const res = await post(
      a,
      '/api/v1/traceabilities',
      batchBody(productOfA, { certificates: [{ name: 'VietGAP', file_id: theirs }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual(refused('certificates.0.file_id'));

    const mine = await upload(a, 'attachment', 'application/pdf');
    const ok = await post(
      a,
      '/api/v1/traceabilities',
      batchBody(productOfA, { certificates: [{ name: 'VietGAP', file_id: mine }] }),
    );
    expect(ok.statusCode).toBe(201);
    expect(json(ok).data.traceability.certificates[0].file).toMatchObject({
      id: mine,
      filename: 'giay-chung-nhan.pdf',
    });
  });

  it("refuses another producer's event photo and document", async () => {
    const batch = await createBatch(t, a, productOfA);
    const theirPhoto = await upload(b, 'image', 'image/png');
    const mine = await upload(a, 'image', 'image/png');
    const photo = await post(
      a,
      `/api/v1/traceabilities/${batch.id}/events`,
      eventBody('planting', { photo_ids: [mine, theirPhoto] }),
    );
    expect(photo.statusCode).toBe(422);
    expect(fieldErrors(photo)).toEqual(refused('photo_ids.1'));

    const theirDoc = await upload(b, 'attachment', 'application/pdf');
    const doc = await post(
      a,
      `/api/v1/traceabilities/${batch.id}/events`,
      eventBody('planting', { document_ids: [theirDoc] }),
    );
    expect(fieldErrors(doc)).toEqual(refused('document_ids.0'));
  });

  it('takes an image sent through the document upload as an event photo, not a PDF', async () => {
    const batch = await createBatch(t, a, productOfA);
    const scan = await upload(a, 'attachment', 'image/jpeg');
    const ok = await post(a, `/api/v1/traceabilities/${batch.id}/events`, eventBody('planting', { photo_ids: [scan] }));
    expect(ok.statusCode).toBe(201);
    const pdf = await upload(a, 'attachment', 'application/pdf');
    const res = await post(a, `/api/v1/traceabilities/${batch.id}/events`, eventBody('planting', { photo_ids: [pdf] }));
    expect(fieldErrors(res)).toEqual(refused('photo_ids.0'));
  });
});
