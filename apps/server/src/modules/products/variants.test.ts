import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductVariant } from '@agrihub/contract';
import { productVariants, uploads } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildUser, type Built } from '../../../test/factories.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogFixture>>;
let a: Built;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogFixture(t.db);
  a = await buildUser(t.db);
});
afterAll(() => t.close());

const put = (id: number, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: as(a), payload: body });
const get = async (id: number) =>
  json(await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: as(a) })).data.product;
const byLabel = (vs: ProductVariant[]) => Object.fromEntries(vs.map((v) => [v.label, v]));
const groups = (weights: string[], packs: string[]) => [
  { title: 'Khối lượng', values: weights },
  { title: 'Đóng gói', values: packs },
];

describe('variants through the API', () => {
  it('builds 2×3 variants, keeps id/price/SKU of surviving combinations when a value is renamed, added, removed or reordered', async () => {
    const p = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, { option_groups: groups(['500g', '1kg'], ['Túi', 'Hộp', 'Thùng']) }),
    );
    expect(p.variants.map((v: ProductVariant) => v.label)).toEqual([
      '500g / Túi',
      '500g / Hộp',
      '500g / Thùng',
      '1kg / Túi',
      '1kg / Hộp',
      '1kg / Thùng',
    ]);

    // The editor sets prices and SKUs, sending the list back with ids.
    const priced = p.variants.map((v: ProductVariant, i: number) => ({
      id: v.id,
      types: v.types,
      price: { cents: 10000 * (i + 1) },
      customer_sku: `V-${i + 1}`,
    }));
    const saved = json(
      await put(
        p.id,
        productBody(cat.leaf, { option_groups: groups(['500g', '1kg'], ['Túi', 'Hộp', 'Thùng']), variants: priced }),
      ),
    ).data.product;
    const before = byLabel(saved.variants);
    expect(before['1kg / Hộp']).toMatchObject({ price: { cents: 50000, currency_iso: 'VND' }, customer_sku: 'V-5' });

    // Rename "Túi" → "Túi zip" (the editor renames the variants' types too), drop "Thùng", add "2kg", reorder weights.
    const renamed = saved.variants
      .filter((v: ProductVariant) => !v.types.some((x) => x.value === 'Thùng'))
      .map((v: ProductVariant) => ({
        ...v,
        types: v.types.map((x) => (x.value === 'Túi' ? { ...x, value: 'Túi zip' } : x)),
      }));
    const res = await put(
      p.id,
      productBody(cat.leaf, { option_groups: groups(['1kg', '500g', '2kg'], ['Túi zip', 'Hộp']), variants: renamed }),
    );
    expect(res.statusCode).toBe(200);
    const after = byLabel(json(res).data.product.variants);
    expect(Object.keys(after)).toEqual([
      '1kg / Túi zip',
      '1kg / Hộp',
      '500g / Túi zip',
      '500g / Hộp',
      '2kg / Túi zip',
      '2kg / Hộp',
    ]);
    for (const [now, was] of [
      ['1kg / Túi zip', '1kg / Túi'],
      ['1kg / Hộp', '1kg / Hộp'],
      ['500g / Túi zip', '500g / Túi'],
      ['500g / Hộp', '500g / Hộp'],
    ] as const) {
      expect({ id: after[now].id, price: after[now].price, sku: after[now].customer_sku }).toEqual({
        id: before[was].id,
        price: before[was].price,
        sku: before[was].customer_sku,
      });
    }
    expect(after['2kg / Hộp']).toMatchObject({ price: null, customer_sku: null });
    const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    expect(rows).toHaveLength(6); // the two "Thùng" variants are gone
  });

  it('sending only option_groups keeps the stored data of surviving combinations (matched by title and value)', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf, { option_groups: groups(['500g', '1kg'], ['Túi']) }));
    const priced = p.variants.map((v: ProductVariant) => ({ id: v.id, types: v.types, price: { cents: 7000 } }));
    await put(p.id, productBody(cat.leaf, { option_groups: groups(['500g', '1kg'], ['Túi']), variants: priced }));
    const swapped = json(
      await put(
        p.id,
        productBody(cat.leaf, { option_groups: [groups([], ['Túi', 'Hộp'])[1], groups(['1kg', '500g'], [])[0]] }),
      ),
    ).data.product;
    const v = byLabel(swapped.variants);
    expect(v['Túi / 1kg']).toMatchObject({ id: byLabel(p.variants)['1kg / Túi'].id, price: { cents: 7000 } });
    expect(v['Hộp / 500g'].price).toBeNull();
    // PUT without option_groups/variants leaves the variants alone.
    const untouched = json(await put(p.id, productBody(cat.leaf, { name: 'Chỉ đổi tên' }))).data.product;
    expect(untouched.variants).toEqual(swapped.variants);
  });

  it('ids of another product are ignored, never taken over', async () => {
    const other = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, { option_groups: [{ title: 'Màu', values: ['Đỏ'] }] }),
    );
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const res = json(
      await put(
        p.id,
        productBody(cat.leaf, {
          option_groups: [{ title: 'Màu', values: ['Đỏ'] }],
          variants: [{ id: other.variants[0].id, types: [{ title: 'Màu', value: 'Đỏ' }], price: { cents: 1 } }],
        }),
      ),
    ).data.product;
    expect(res.variants[0].id).not.toBe(other.variants[0].id);
    expect((await get(other.id)).variants[0].price).toBeNull();
  });

  it('a failure midway (variant SKU used by another product) rolls everything back', async () => {
    const first = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, { option_groups: [{ title: 'Màu', values: ['Đỏ'] }] }),
    );
    await put(
      first.id,
      productBody(cat.leaf, {
        option_groups: [{ title: 'Màu', values: ['Đỏ'] }],
        variants: [{ id: first.variants[0].id, types: first.variants[0].types, customer_sku: 'TAKEN-1' }],
      }),
    );
    const p = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, { name: 'Tên cũ', option_groups: groups(['500g'], ['Túi']) }),
    );
    const before = await get(p.id);
    const res = await put(
      p.id,
      productBody(cat.leaf, {
        name: 'Tên mới',
        option_groups: groups(['500g', '1kg'], ['Túi']),
        variants: [
          { id: p.variants[0].id, types: p.variants[0].types, price: { cents: 99 }, customer_sku: 'OK-1' },
          {
            types: [
              { title: 'Khối lượng', value: '1kg' },
              { title: 'Đóng gói', value: 'Túi' },
            ],
            customer_sku: 'TAKEN-1',
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({ code: 'variant_sku_taken', errors: [{ field: 'variants' }] });
    expect(await get(p.id)).toEqual(before);
  });

  it('a bad thumbnail upload fails the whole save, nothing changes', async () => {
    const p = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, { option_groups: [{ title: 'Màu', values: ['Đỏ', 'Xanh'] }] }),
    );
    const before = await get(p.id);
    const res = await put(
      p.id,
      productBody(cat.leaf, {
        name: 'Khác đi',
        option_groups: [{ title: 'Màu', values: ['Đỏ', 'Xanh'] }],
        variants: [{ types: [{ title: 'Màu', value: 'Xanh' }], thumbnail_id: 987654 }],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'variants.0.thumbnail_id', message: expect.any(String) }]);
    expect(await get(p.id)).toEqual(before);
  });

  it('duplicate variant SKUs or option titles in one request → 422', async () => {
    const p = await createProduct(t.app, a, productBody(cat.leaf));
    const dupSku = await put(
      p.id,
      productBody(cat.leaf, {
        option_groups: [{ title: 'Màu', values: ['Đỏ', 'Xanh'] }],
        variants: [
          { types: [{ title: 'Màu', value: 'Đỏ' }], customer_sku: 'S' },
          { types: [{ title: 'Màu', value: 'Xanh' }], customer_sku: 'S' },
        ],
      }),
    );
    expect(dupSku.statusCode).toBe(422);
    const dupTitle = await put(
      p.id,
      productBody(cat.leaf, {
        option_groups: [
          { title: 'Màu', values: ['Đỏ'] },
          { title: 'Màu', values: ['Xanh'] },
        ],
      }),
    );
    expect(json(dupTitle).meta.errors[0]).toMatchObject({
      field: 'option_groups.1.title',
      message: 'Tên các nhóm phân loại không được trùng nhau.',
    });
    const three = await put(
      p.id,
      productBody(cat.leaf, {
        option_groups: [
          { title: 'A', values: ['1'] },
          { title: 'B', values: ['1'] },
          { title: 'C', values: ['1'] },
        ],
      }),
    );
    expect(three.statusCode).toBe(422);
  });

  it('keeps a removed variant that a batch uses (inactive), and thumbnails come from uploads', async () => {
    const [img] = await t.db
      .insert(uploads)
      .values({
        platform: 'dtrack',
        userId: a.user.id,
        kind: 'image',
        storageKey: 'v/red.png',
        thumbnailKey: 'v/red-thumb.webp',
        contentType: 'image/png',
        byteSize: 1,
        filename: 'red.png',
      })
      .returning();
    const p = await createProduct(
      t.app,
      a,
      productBody(cat.leaf, {
        option_groups: [{ title: 'Màu', values: ['Đỏ', 'Xanh'], thumbnail_ids: [img.id, null] }],
      }),
    );
    expect(p.option_groups[0].thumbnails).toEqual([{ id: img.id, url: '/uploads/v/red-thumb.webp' }, null]);
    expect(byLabel(p.variants)['Đỏ']).toMatchObject({
      thumbnail_id: img.id,
      thumbnail_url: '/uploads/v/red-thumb.webp',
    });
    const red = byLabel(p.variants)['Đỏ'];
    await buildBatch(t.db, { productId: p.id, variantId: red.id, status: 'draft' });
    const res = json(await put(p.id, productBody(cat.leaf, { option_groups: [{ title: 'Màu', values: ['Xanh'] }] })))
      .data.product;
    expect(res.variants.map((v: ProductVariant) => v.label)).toEqual(['Xanh']);
    const [kept] = await t.db.select().from(productVariants).where(eq(productVariants.id, red.id));
    expect(kept).toMatchObject({ active: false });
    // Bringing the value back revives the same variant.
    const back = json(
      await put(p.id, productBody(cat.leaf, { option_groups: [{ title: 'Màu', values: ['Xanh', 'Đỏ'] }] })),
    ).data.product;
    expect(byLabel(back.variants)['Đỏ'].id).toBe(red.id);
  });
});
