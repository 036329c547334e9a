import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isValidGtin, type Product } from '@agrihub/contract';
import { products, productVariants, traceabilities, users } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/index.js';
import { DEMO_PASSWORD } from '../../db/seed/accounts.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { uploadDir: t.config.uploadDir });
}, 120_000);
afterAll(() => t.close());

async function login(platform: 'dtrack' | 'foodmap', local: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: headers(platform),
    payload: { grant_type: 'password', username: `${local}@${platform}.demo`, password: DEMO_PASSWORD },
  });
  return json(res).access_token as string;
}

describe('demo products seed', () => {
  it('gives every demo producer real-looking approved products with images, GTINs, certificates and variants', async () => {
    const token = await login('dtrack', 'producer');
    const list: Product[] = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/products?sort=created_at', headers: headers('dtrack', token) }),
    ).data.products;
    expect(list.map((p) => p.name)).toEqual([
      'Chè Shan Tuyết Mộc Châu',
      'Mận hậu Mộc Châu',
      'Cà phê Arabica Sơn La',
      'Măng tre khô Tây Bắc',
    ]);
    for (const p of list) {
      expect(p.status).toBe('approved');
      expect(p.gtin!.startsWith('893') && isValidGtin(p.gtin)).toBe(true);
      expect(p.images).toHaveLength(2);
      expect(p.certificates[0].valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.category_path).toContain(' > ');
    }
    const tea = list[0];
    expect(tea.variants.map((v) => v.label)).toEqual(['500g / Túi', '500g / Hộp', '1kg / Túi', '1kg / Hộp']);
    expect(tea.variants.every((v) => v.price && v.customer_sku)).toBe(true);
    // The images are real files served from /uploads.
    const img = await t.app.inject({ method: 'GET', url: tea.images[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const oldUser = await login('foodmap', 'olduser');
    const old: Product[] = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: headers('foodmap', oldUser) }),
    ).data.products;
    expect(old.map((p) => p.name).sort()).toEqual(['Gạo ST25', 'Nước mắm Phú Quốc 40 độ đạm', 'Xoài cát Hòa Lộc']);
  });

  it('the demo batches are attached to the demo products', async () => {
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.platform, 'dtrack'), eq(users.email, 'producer@dtrack.demo')));
    const batches = await t.db.select().from(traceabilities).where(eq(traceabilities.producerId, u.producerId!));
    expect(batches.length).toBeGreaterThan(0);
  });

  it('is idempotent', async () => {
    const count = async () => [
      (await t.db.select().from(products)).length,
      (await t.db.select().from(productVariants)).length,
    ];
    const before = await count();
    await seedDemo(t.db, { uploadDir: t.config.uploadDir });
    expect(await count()).toEqual(before);
  }, 120_000);
});
