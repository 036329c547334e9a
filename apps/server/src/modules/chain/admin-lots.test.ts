import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProducer, buildProduct, buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

const list = (u: Built, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/chain/lots?${query}`, headers: as(u) });
type Lot = { id: number; lot_code: string; product_name: string; producer_name: string; state: string };

describe('GET /api/v1/admin/chain/lots', () => {
  it('finds the platform’s lots of every producer by lot code, public code, product or producer name, without accents', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const farm = await buildProducer(t.db, { name: `Nông trại Đắk Lắk ${tag}` });
    const coffee = await buildProduct(t.db, { producerId: farm.id, name: `Cà phê nhân xanh ${tag}` });
    const older = await buildBatch(t.db, {
      productId: coffee.id,
      lotCode: `HV-${tag}-1`,
      productionDate: '2025-01-10',
    });
    const newer = await buildBatch(t.db, {
      productId: coffee.id,
      lotCode: `HV-${tag}-2`,
      productionDate: '2025-02-10',
      status: 'draft',
    });
    const other = await buildBatch(t.db, { lotCode: `KHAC-${tag}` });

    const byCode = json(await list(admin, `q=hv-${tag.toLowerCase()}`));
    expect(byCode.data.lots.map((l: Lot) => l.lot_code)).toEqual([newer.lotCode, older.lotCode]);
    expect(byCode.meta).toMatchObject({ total_count: 2, current_page: 1 });
    expect(byCode.data.lots[0]).toEqual({
      id: newer.id,
      lot_code: newer.lotCode,
      public_code: newer.publicCode,
      product_name: coffee.name,
      producer_name: farm.name,
      state: 'draft',
      production_date: '2025-02-10',
    });
    expect(byCode.data.lots[1].state).toBe('published');

    const byProducer = json(await list(admin, `q=${encodeURIComponent(`dak lak ${tag}`)}`));
    expect(byProducer.data.lots.map((l: Lot) => l.id).sort()).toEqual([older.id, newer.id].sort());
    const byProduct = json(await list(admin, `q=${encodeURIComponent(`ca phe nhan xanh ${tag}`)}`));
    expect(byProduct.data.lots.map((l: Lot) => l.id).sort()).toEqual([older.id, newer.id].sort());
    const byPublic = json(await list(admin, `q=${older.publicCode}`));
    expect(byPublic.data.lots.map((l: Lot) => l.id)).toEqual([older.id]);
    expect(json(await list(admin, `q=KHAC-${tag}`)).data.lots.map((l: Lot) => l.id)).toEqual([other.id]);

    const page2 = json(await list(admin, `q=hv-${tag}&per_page=1&page=2`));
    expect(page2.data.lots.map((l: Lot) => l.id)).toEqual([older.id]);
    expect(page2.meta).toMatchObject({ total_count: 2, current_page: 2, per_page: 1 });
  });

  it('never lists another platform’s lot', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const foreign = await buildBatch(t.db, { platform: 'foodmap', lotCode: `NGOAI-${tag}` });
    expect(foreign.platform).toBe('foodmap');
    const res = await list(admin, `q=NGOAI-${tag}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.lots).toEqual([]);
    expect(json(res).meta.total_count).toBe(0);
    // Without q the platform's lots only, still.
    const all = json(await list(admin, 'per_page=100'));
    expect(all.data.lots.every((l: Lot) => l.id !== foreign.id)).toBe(true);
  });

  it('is the administrator’s: a producer is refused, staff without `read producer` too; bad paging is 422', async () => {
    const producer = await buildUser(t.db);
    expect([403, 404]).toContain((await list(producer, '')).statusCode);
    // A staff role reads the lots only with `read producer`.
    const support = await buildUser(t.db, { roles: ['customer_support'], abilities: [] });
    expect((await list(support, '')).statusCode).toBe(403);
    const reader = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
    });
    expect((await list(reader, '')).statusCode).toBe(200);
    expect((await list(admin, 'page=0')).statusCode).toBe(422);
    expect((await list(admin, 'per_page=1000')).statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/chain/lots',
      headers: { platform: 'dtrack' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
