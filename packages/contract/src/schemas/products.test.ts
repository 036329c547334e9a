import { describe, expect, it } from 'vitest';
import { productListQuery, productRequest, productSkuRequest, rejectProductRequest } from './products.js';

const base = { name: 'Gạo ST25', category_id: 3, unit: 'Kg' };
const issues = (input: unknown) => {
  const r = productRequest.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('product request schema', () => {
  it('accepts a minimal product and defaults the lists', () => {
    const r = productRequest.parse(base);
    expect(r).toMatchObject({ name: 'Gạo ST25', image_ids: [], certificates: [] });
    expect(r.option_groups).toBeUndefined();
  });

  it('requires name, category and a known unit', () => {
    expect(issues({})).toEqual(
      expect.arrayContaining([
        'name:pleaseInputProductName',
        'category_id:pleaseSelectCategory',
        'unit:pleaseSelectUnit',
      ]),
    );
    expect(issues({ ...base, unit: 'Tấn' })).toEqual(['unit:pleaseSelectUnit']);
  });

  it('checks prices, tax rate, GTIN and discount ≤ price', () => {
    expect(issues({ ...base, price: { cents: -1 } })).toEqual(['price.cents:invalidPrice']);
    expect(issues({ ...base, price: { cents: 1.5 } })).toEqual(['price.cents:invalidPrice']);
    expect(issues({ ...base, tax_rate: 7 })).toEqual(['tax_rate:invalidTaxRate']);
    expect(issues({ ...base, gtin: '8934588012113' })).toEqual(['gtin:invalidGtin']);
    expect(issues({ ...base, gtin: '8934588012112', tax_rate: 8 })).toEqual([]);
    expect(issues({ ...base, price: { cents: 100 }, discount_price: { cents: 101 } })).toEqual([
      'discount_price:discountExceedsPrice',
    ]);
    expect(productRequest.parse({ ...base, gtin: '', price: { cents: 5, currency_iso: 'VND' } })).toMatchObject({
      gtin: null,
      price: { cents: 5 },
    });
  });

  it('checks option groups and variant SKUs', () => {
    const g = (title: string, values: string[]) => ({ title, values });
    expect(issues({ ...base, option_groups: [g('A', ['x']), g('B', ['y']), g('C', ['z'])] })).toEqual([
      'option_groups:tooManyOptionGroups',
    ]);
    expect(issues({ ...base, option_groups: [g('A', ['x']), g('A', ['y'])] })).toEqual([
      'option_groups.1.title:duplicateOptionTitle',
    ]);
    expect(issues({ ...base, option_groups: [g('A', ['x', 'x'])] })).toEqual([
      'option_groups.0.values.1:duplicateOptionValue',
    ]);
    const v = (sku: string) => ({ types: [], customer_sku: sku });
    expect(issues({ ...base, variants: [v('A-1'), v('A-1')] })).toEqual([
      'variants.1.customer_sku:duplicateVariantSku',
    ]);
    expect(issues({ ...base, variants: [v('bad sku')] })).toEqual(['variants.0.customer_sku:invalidSku']);
  });
});

describe('other product requests', () => {
  it('sku, reject reason, list query', () => {
    expect(productSkuRequest.parse({ sku: '  RAU-000001 ' })).toEqual({ sku: 'RAU-000001' });
    expect(productSkuRequest.safeParse({ sku: 'có dấu' }).success).toBe(false);
    expect(productSkuRequest.safeParse({ sku: 'x'.repeat(65) }).success).toBe(false);
    expect(rejectProductRequest.safeParse({ reason: ' ' }).success).toBe(false);
    expect(rejectProductRequest.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(productListQuery.parse({ status: 'pending', category_id: '4' })).toMatchObject({
      status: 'pending',
      category_id: 4,
      sort: '-created_at',
      page: 1,
    });
  });
});
