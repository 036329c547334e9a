import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCategory } from '@agrihub/contract';
import { categories, productTypes } from '../../db/schema/index.js';
import { CATALOG, seedCatalog } from '../../db/seed/catalog.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.db);
});
afterAll(() => t.close());

describe('catalogue', () => {
  it('product types: "Khác" last, public, same for every platform', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/product_types', headers: headers('foodmap') });
    expect(res.statusCode).toBe(200);
    const names = json(res).data.product_types.map((x: { name: string }) => x.name);
    expect(names.at(-1)).toBe('Khác');
    expect(names).toContain('Thủy sản');
    // A type added later still comes before "Khác".
    await t.db.insert(productTypes).values({ name: 'Hoa', nameEn: 'Flowers', position: 100 });
    const again = json(await t.app.inject({ method: 'GET', url: '/api/v1/product_types', headers: headers('dtrack') }))
      .data.product_types;
    expect(again.map((x: { name: string }) => x.name).slice(-2)).toEqual(['Hoa', 'Khác']);
  });

  it('categories: paths joined with " > ", leaves flagged, codes per group', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories', headers: headers('agrihub') });
    const list: ProductCategory[] = json(res).data.categories;
    const shrimp = list.find((c) => c.code === '301')!;
    expect(shrimp).toMatchObject({
      name: 'Tôm',
      name_en: 'Shrimp',
      path: 'Thủy sản > Tôm',
      path_en: 'Seafood > Shrimp',
      is_leaf: true,
    });
    const seafood = list.find((c) => c.code === '300')!;
    expect(seafood).toMatchObject({ parent_id: null, is_leaf: false, path: 'Thủy sản' });
    expect(shrimp.parent_id).toBe(seafood.id);
    expect(list.filter((c) => c.is_leaf).length).toBeGreaterThanOrEqual(40);
  });

  it('the seed is idempotent', async () => {
    const before = (await t.db.select().from(categories)).length;
    await seedCatalog(t.db);
    expect((await t.db.select().from(categories)).length).toBe(before);
    expect(before).toBe(CATALOG.reduce((n, g) => n + 1 + g.leaves.length, 0));
  });
});
