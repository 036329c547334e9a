import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, type TestApp } from '../../test/helper.js';
import { buildUser, type Built } from '../../test/factories.js';
import { catalogFixture, createProduct, productBody } from '../modules/products/test-support.js';

/** Every list's `q` ignores case and Vietnamese accents, on PGlite and PostgreSQL alike. */
let t: TestApp;
let u: Built;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  u = await buildUser(t.db, { producer: { name: 'Hợp tác xã Đắk Lắk Xanh' } });
  admin = await buildUser(t.db, { roles: ['admin'] });
  const cat = await catalogFixture(t.db);
  for (const name of ['Chè Shan Tuyết Mộc Châu', 'Cà phê Đắk Lắk', 'Gạo ST25 Sóc Trăng']) {
    await createProduct(t.app, u, productBody(cat.leaf, { name }));
  }
});
afterAll(() => t.close());

const productNames = async (q: string) => {
  const res = await t.app.inject({ url: `/api/v1/products?q=${encodeURIComponent(q)}`, headers: as(u) });
  expect(res.statusCode).toBe(200);
  return json(res).data.products.map((p: { name: string }) => p.name).sort();
};

describe('accent-free search', () => {
  it('finds products whatever the accents and case of q', async () => {
    expect(await productNames('che shan tuyet')).toEqual(['Chè Shan Tuyết Mộc Châu']);
    expect(await productNames('DAK LAK')).toEqual(['Cà phê Đắk Lắk']);
    expect(await productNames('đak lăk')).toEqual(['Cà phê Đắk Lắk']);
    expect(await productNames('ca phe')).toEqual(['Cà phê Đắk Lắk']);
    expect(await productNames('soc trang')).toEqual(['Gạo ST25 Sóc Trăng']);
    expect(await productNames('moc chau xa')).toEqual([]);
    expect(await productNames('%')).toEqual([]); // LIKE wildcards in q are plain characters
  });

  it('finds producers in the admin list the same way', async () => {
    const res = await t.app.inject({ url: '/api/v1/admin/producers?q=hop%20tac%20xa%20dak%20lak', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.producers.map((p: { name: string }) => p.name)).toEqual(['Hợp tác xã Đắk Lắk Xanh']);
  });
});
