import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from '../products/test-support.js';

/**
 * The public pages are served from a cache (ADR 006) and show a product as last approved (ADR 007).
 * Every write a producer or an administrator makes through the API must show on the very next
 * public request, seen as a consumer sees it: through the public lookups the trace page calls.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let admin: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

const call = (u: Built, method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
const batchPage = async (code: string) => {
  const res = await t.app.inject({ url: `/api/v1/client/traceabilities/${code}`, headers: headers('dtrack') });
  expect(res.statusCode).toBe(200);
  return json(res).data.traceability;
};
const productPage = async (code: string) => {
  const res = await t.app.inject({ url: `/api/v1/client/products/${code}`, headers: headers('dtrack') });
  expect(res.statusCode).toBe(200);
  return json(res).data.product;
};
const WEIGHTS = (values: string[]) => [{ title: 'Khối lượng', values }];

/** A product approved through the API with variants 500 g and 1 kg, and a published batch of its 500 g variant, both pages looked up once (cached). */
async function approvedWithBatch(u: Built) {
  const body = productBody(cat.leaf, { name: 'Chè Shan tuyết', option_groups: WEIGHTS(['500 g', '1 kg']) });
  const p = await createProduct(t.app, u, body);
  expect((await call(u, 'POST', `/api/v1/products/${p.id}/register`)).statusCode).toBe(200);
  expect((await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(200);
  const v500 = p.variants.find((v: ProductVariant) => v.label === '500 g')!;
  const batch = await buildBatch(t.db, { productId: p.id, variantId: v500.id });
  expect((await batchPage(batch.publicCode)).product.name).toBe('Chè Shan tuyết');
  expect((await productPage(p.public_code)).name).toBe('Chè Shan tuyết');
  return { p, body, batch };
}

describe('the next public request shows every write', () => {
  it('a product edit keeps the approved version; its approval shows on the next request', async () => {
    const u = await buildUser(t.db);
    const { p, body, batch } = await approvedWithBatch(u);

    const edit = await call(u, 'PUT', `/api/v1/products/${p.id}`, { ...body, name: 'Chè Shan tuyết cổ thụ' });
    expect(json(edit).data.product.status).toBe('draft');
    expect((await batchPage(batch.publicCode)).product.name).toBe('Chè Shan tuyết');
    expect((await productPage(p.public_code)).name).toBe('Chè Shan tuyết');

    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    expect((await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`)).statusCode).toBe(200);
    expect((await batchPage(batch.publicCode)).product.name).toBe('Chè Shan tuyết cổ thụ');
    expect((await productPage(p.public_code)).name).toBe('Chè Shan tuyết cổ thụ');
  });

  it('a renamed and an added variant show once approved, on both pages', async () => {
    const u = await buildUser(t.db);
    const { p, body, batch } = await approvedWithBatch(u);
    expect((await batchPage(batch.publicCode)).variant).toEqual({ label: '500 g' });

    // Rename 500 g → 0,5 kg (the variant keeps its id: matched by title and value) and add 2 kg.
    const variants = p.variants.map((v: ProductVariant) => ({
      id: v.id,
      types: v.types.map((x) => (x.value === '500 g' ? { ...x, value: '0,5 kg' } : x)),
    }));
    const edit = await call(u, 'PUT', `/api/v1/products/${p.id}`, {
      ...body,
      option_groups: WEIGHTS(['0,5 kg', '1 kg', '2 kg']),
      variants,
    });
    expect(edit.statusCode).toBe(200);
    const saved = json<{ data: { product: Product } }>(edit).data.product;
    expect(saved.variants.map((v) => v.label)).toEqual(['0,5 kg', '1 kg', '2 kg']);
    expect(saved.variants[0].id).toBe(batch.variantId);

    await call(u, 'POST', `/api/v1/products/${p.id}/register`);
    await call(admin, 'POST', `/api/v1/admin/products/${p.id}/approve`);
    expect((await batchPage(batch.publicCode)).variant).toEqual({ label: '0,5 kg' });
    const page = await productPage(p.public_code);
    expect(page.variants).toEqual([{ label: '0,5 kg' }, { label: '1 kg' }, { label: '2 kg' }]);
    expect(page.batches).toEqual([expect.objectContaining({ code: batch.publicCode, variant: { label: '0,5 kg' } })]);
  });

  it('a variant renamed but not yet approved does not show: the pages keep the approved label', async () => {
    const u = await buildUser(t.db);
    const { p, body, batch } = await approvedWithBatch(u);
    const variants = p.variants.map((v: ProductVariant) => ({
      id: v.id,
      types: v.types.map((x) => (x.value === '500 g' ? { ...x, value: 'Gói dùng thử' } : x)),
    }));
    const edit = await call(u, 'PUT', `/api/v1/products/${p.id}`, {
      ...body,
      option_groups: WEIGHTS(['Gói dùng thử', '1 kg']),
      variants,
    });
    expect(edit.statusCode).toBe(200);
    expect((await productPage(p.public_code)).variants).toEqual([{ label: '500 g' }, { label: '1 kg' }]);
    expect((await batchPage(batch.publicCode)).variant).toEqual({ label: '500 g' });
  });

  it('a SKU change (set or generated) keeps both pages up, approved, and never shows the SKU', async () => {
    const u = await buildUser(t.db);
    const { p, batch } = await approvedWithBatch(u);
    const set = await call(u, 'PUT', `/api/v1/products/${p.id}/sku`, { sku: 'CHE-SHAN-500' });
    expect(set.statusCode).toBe(200);
    expect(json(set).data.product).toMatchObject({ sku: 'CHE-SHAN-500', status: 'approved' });
    for (const shown of [await batchPage(batch.publicCode), await productPage(p.public_code)]) {
      expect(JSON.stringify(shown)).not.toContain('CHE-SHAN-500');
    }
    expect((await batchPage(batch.publicCode)).product.name).toBe('Chè Shan tuyết');

    const generated = await call(u, 'POST', `/api/v1/products/${p.id}/generate_sku`);
    expect(generated.statusCode).toBe(200);
    const sku = json(generated).data.product.sku as string;
    expect(sku).not.toBe('CHE-SHAN-500');
    const page = await productPage(p.public_code);
    expect(page.name).toBe('Chè Shan tuyết');
    expect(JSON.stringify(page)).not.toContain(sku);
  });
});
