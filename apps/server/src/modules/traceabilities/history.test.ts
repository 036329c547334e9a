import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { as, json, type TestApp, createTestApp } from '../../../test/helper.js';
import { buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { batchBody } from './batch-api.test-helper.js';

let t: TestApp;
let a: Built;
let productId: number;
let fileId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db);
  productId = (await buildProduct(t.db, { producerId: a.producerId! })).id;
  const [upload] = await t.db
    .insert(uploads)
    .values({
      platform: a.platform,
      userId: a.user.id,
      kind: 'document',
      storageKey: `docs/vietgap-${a.user.id}.pdf`,
      contentType: 'application/pdf',
      byteSize: 1234,
      filename: 'vietgap.pdf',
    })
    .returning();
  fileId = upload.id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(a), ...(payload ? { payload } : {}) });

async function lastUpdate(id: number) {
  const history = json(await send('GET', `/api/v1/traceabilities/${id}/history`)).data.history as {
    action: string;
    detail: { fields?: string[] };
  }[];
  return history.find((h) => h.action === 'update');
}

describe('PUT /api/v1/traceabilities/{id}: the history lists only what changed', () => {
  const certificates = () => [
    { name: 'VietGAP', issuer: 'Trung tâm Chứng nhận', number: 'VG-01', valid_until: '2030-01-01', file_id: fileId },
    { name: 'OCOP 4 sao', issuer: 'UBND tỉnh Sơn La', number: '', valid_until: null, file_id: null },
  ];

  it('an unchanged save (certificates with and without a file) records no changed field', async () => {
    const body = batchBody(productId, { certificates: certificates() });
    const created = await send('POST', '/api/v1/traceabilities', body);
    expect(created.statusCode).toBe(201);
    const id = json(created).data.traceability.id as number;
    const saved = await send('PUT', `/api/v1/traceabilities/${id}`, body);
    expect(saved.statusCode).toBe(200);
    expect((await lastUpdate(id))?.detail.fields).toEqual([]);

    // What the batch page sends back after loading it: the same record, omitted defaults included.
    const minimal = {
      ...body,
      certificates: certificates().map(({ file_id, ...c }) => (file_id ? { ...c, file_id } : c)),
    };
    await send('PUT', `/api/v1/traceabilities/${id}`, minimal);
    expect((await lastUpdate(id))?.detail.fields).toEqual([]);
  });

  it('records the fields that did change, certificates included', async () => {
    const body = batchBody(productId, { certificates: certificates() });
    const id = json(await send('POST', '/api/v1/traceabilities', body)).data.traceability.id as number;
    const changedFile = certificates().map((c, i) => (i === 0 ? { ...c, file_id: null } : c));
    await send('PUT', `/api/v1/traceabilities/${id}`, { ...body, quantity: 250, certificates: changedFile });
    expect((await lastUpdate(id))?.detail.fields).toEqual(['quantity', 'certificates']);

    const renamed = changedFile.map((c, i) => (i === 1 ? { ...c, number: 'OCOP-2025' } : c));
    await send('PUT', `/api/v1/traceabilities/${id}`, {
      ...body,
      quantity: 250,
      certificates: renamed,
      production_base: { ...body.production_base, address: 'Xã Mộc Châu' },
    });
    expect((await lastUpdate(id))?.detail.fields).toEqual(['production_base', 'certificates']);
  });
});
