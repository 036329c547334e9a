import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@agrihub/contract';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildProducer } from '../../../test/factories.js';

/** Trading partners (ADR 036 §4): platform producers found by search, outside parties, and who reaches whom. */
let t: TestApp;
let a: Built;
let b: Built;
let foreign: Built;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.db, { producer: { name: 'HTX Cà phê Cầu Đất', taxCode: '5800000001' } });
  b = await buildUser(t.db, { producer: { name: 'Công ty Rang xay Đà Lạt', taxCode: '5800000002', provinceCode: '68' } });
  foreign = await buildUser(t.db, { platform: 'agrihub', producer: { name: 'Công ty Rang xay Hà Nội', taxCode: '0100000003' } });
});
afterAll(() => t.close());

const call = (u: Built, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as never, url, headers: as(u), ...(payload ? { payload } : {}) });

describe('producer search', () => {
  it('finds approved producers of the same platform by name without accents or by tax code, id/name/province only, never the caller', async () => {
    await buildProducer(t.db, { name: 'Công ty Rang xay Chờ duyệt', status: 'pending' });
    const byName = json(await call(a, 'GET', '/api/v1/partners/producer-search?q=rang%20xay')).data.producers;
    expect(byName).toEqual([{ id: b.producerId, name: 'Công ty Rang xay Đà Lạt', province_code: '68' }]);
    const byTax = json(await call(a, 'GET', '/api/v1/partners/producer-search?q=5800000002')).data.producers;
    expect(byTax.map((p: { id: number }) => p.id)).toEqual([b.producerId]);
    const self = json(await call(a, 'GET', '/api/v1/partners/producer-search?q=cau%20dat')).data.producers;
    expect(self).toEqual([]);
    // Another platform's producer is never found.
    const other = json(await call(a, 'GET', '/api/v1/partners/producer-search?q=0100000003')).data.producers;
    expect(other).toEqual([]);
  });
});

describe('partners', () => {
  it('links a platform producer (its name), refuses itself, twice, and another platform’s producer', async () => {
    const res = await call(a, 'POST', '/api/v1/partners', { linked_producer_id: b.producerId, note: 'Khách quen' });
    expect(res.statusCode).toBe(201);
    const p = json(res).data.partner;
    expect(p).toMatchObject({ kind: 'platform', name: 'Công ty Rang xay Đà Lạt', note: 'Khách quen', shipment_count: 0 });
    expect(p.linked_producer).toEqual({ id: b.producerId, name: 'Công ty Rang xay Đà Lạt', province_code: '68' });
    expect((await call(a, 'POST', '/api/v1/partners', { linked_producer_id: b.producerId })).statusCode).toBe(409);
    expect((await call(a, 'POST', '/api/v1/partners', { linked_producer_id: a.producerId })).statusCode).toBe(422);
    const cross = await call(a, 'POST', '/api/v1/partners', { linked_producer_id: foreign.producerId });
    expect(cross.statusCode).toBe(422);
    expect(json(cross).meta.errors[0].field).toBe('linked_producer_id');
  });

  it('adds an outside party with a checked GLN, lists it by an accent-free search, edits and deletes it', async () => {
    const gln = withCheckDigit('893600000001');
    const wrongDigit = gln.slice(0, 12) + String((Number(gln[12]) + 1) % 10);
    const bad = await call(a, 'POST', '/api/v1/partners', { name: 'Cửa hàng Sài Gòn', gln: wrongDigit });
    expect(bad.statusCode).toBe(422);
    expect((await call(a, 'POST', '/api/v1/partners', { tax_code: '1' })).statusCode).toBe(422);
    const res = await call(a, 'POST', '/api/v1/partners', {
      name: 'Cửa hàng Đặc sản Sài Gòn',
      tax_code: '0300000009',
      address: 'Quận 1',
      gln,
      note: 'Trả chậm',
    });
    expect(res.statusCode).toBe(201);
    const id = json(res).data.partner.id;
    const list = json(await call(a, 'GET', '/api/v1/partners?q=dac%20san'));
    expect(list.data.partners.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(list.meta.total_count).toBe(1);
    const outside = json(await call(a, 'GET', '/api/v1/partners?kind=outside')).data.partners;
    expect(outside.every((p: { kind: string }) => p.kind === 'outside')).toBe(true);
    const put = await call(a, 'PUT', `/api/v1/partners/${id}`, { name: 'Cửa hàng Đặc sản SG', gln: null });
    expect(json(put).data.partner).toMatchObject({ name: 'Cửa hàng Đặc sản SG', gln: null, note: null });
    // Another producer does not reach it.
    expect((await call(b, 'GET', `/api/v1/partners/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/api/v1/partners/${id}`)).statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/api/v1/partners/${id}`)).statusCode).toBe(200);
    expect((await call(a, 'GET', `/api/v1/partners/${id}`)).statusCode).toBe(404);
  });
});
