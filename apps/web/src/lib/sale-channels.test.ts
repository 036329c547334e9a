import { describe, expect, it } from 'vitest';
import type { ReferenceableProduct, SaleChannelRequirements } from '@agrihub/contract/schemas/sale-channels';
import { normaliseError } from './api-error';
import { canSync, missingLabelArgs, productChoice, refusedProducts, requirementLines } from './sale-channels';

const none: SaleChannelRequirements = {
  gtin: false,
  min_images: 0,
  approved_product: false,
  price: false,
  min_description: 0,
};

function product(state: ReferenceableProduct['channels'][number] | null): ReferenceableProduct {
  return { id: 7, name: 'Gạo ST25', gtin: null, status: 'approved', image_url: null, channels: state ? [state] : [] };
}
const ref = (register_status: 'pending' | 'approved' | 'rejected' | 'closed') => ({
  id: 1,
  register_status,
  sync_status: 'not_synced' as const,
  reason: null,
});

describe('requirementLines', () => {
  it('lists every requirement a channel sets, with its count, in a stable order', () => {
    expect(
      requirementLines({ gtin: true, min_images: 3, approved_product: true, price: true, min_description: 50 }),
    ).toEqual([
      { key: 'gtin' },
      { key: 'min_images', count: 3 },
      { key: 'approved_product' },
      { key: 'price' },
      { key: 'min_description', count: 50 },
    ]);
  });

  it('is empty when the channel asks nothing', () => {
    expect(requirementLines(none)).toEqual([]);
  });
});

describe('missingLabelArgs', () => {
  it('names the enums key and passes the counts', () => {
    expect(missingLabelArgs({ key: 'too_few_images', need: 3, have: 1 })).toEqual([
      'saleChannelMissing.too_few_images',
      { need: 3, have: 1 },
    ]);
    expect(missingLabelArgs({ key: 'gtin_missing' })).toEqual(['saleChannelMissing.gtin_missing', {}]);
  });
});

describe('productChoice', () => {
  it('lets a ready, unregistered product be picked', () => {
    expect(productChoice(product({ channel_id: 2, missing: [], reference: null }), 2)).toEqual({
      selectable: true,
      resubmit: false,
      missing: [],
    });
  });

  it('refuses a product that lacks something, with what it lacks', () => {
    const missing = [{ key: 'gtin_missing' as const }, { key: 'too_few_images' as const, need: 3, have: 0 }];
    expect(productChoice(product({ channel_id: 2, missing, reference: null }), 2)).toEqual({
      selectable: false,
      why: 'missing',
      missing,
    });
  });

  it('sends a rejected one again when it is ready, and keeps it back while it lacks something', () => {
    expect(productChoice(product({ channel_id: 2, missing: [], reference: ref('rejected') }), 2)).toMatchObject({
      selectable: true,
      resubmit: true,
    });
    expect(
      productChoice(product({ channel_id: 2, missing: [{ key: 'price_missing' }], reference: ref('rejected') }), 2),
    ).toMatchObject({ selectable: false, why: 'missing' });
  });

  it('refuses pending, approved and closed registrations, and a channel without a state', () => {
    expect(productChoice(product({ channel_id: 2, missing: [], reference: ref('pending') }), 2)).toMatchObject({
      selectable: false,
      why: 'registered',
    });
    expect(productChoice(product({ channel_id: 2, missing: [], reference: ref('approved') }), 2)).toMatchObject({
      selectable: false,
      why: 'registered',
    });
    expect(productChoice(product({ channel_id: 2, missing: [], reference: ref('closed') }), 2)).toMatchObject({
      selectable: false,
      why: 'closed',
    });
    expect(productChoice(product({ channel_id: 2, missing: [], reference: null }), 3)).toMatchObject({
      selectable: false,
      why: 'not_offered',
    });
  });
});

describe('refusedProducts', () => {
  const texts = { network: 'n', timeout: 't', generic: 'g' };
  it('reads the incomplete products of a 422 refusal', () => {
    const error = normaliseError(
      {
        status: 422,
        data: {
          meta: { code: 'saleChannelProductsNotReady', message: '1 sản phẩm chưa đủ điều kiện' },
          products: [
            { product_id: 1, name: 'A', missing: [] },
            { product_id: 2, name: 'B', missing: [{ key: 'too_few_images', need: 3, have: 1 }] },
          ],
        },
      },
      texts,
    );
    expect(refusedProducts(error)).toEqual([
      { product_id: 2, name: 'B', missing: [{ key: 'too_few_images', need: 3, have: 1 }] },
    ]);
  });

  it('is empty for any other failure', () => {
    expect(
      refusedProducts(normaliseError({ status: 409, data: { meta: { code: 'x', message: 'y' } } }, texts)),
    ).toEqual([]);
    expect(
      refusedProducts(normaliseError({ status: 422, data: { meta: { code: 'x', message: 'y' } } }, texts)),
    ).toEqual([]);
    expect(refusedProducts(new Error('boom'))).toEqual([]);
  });
});

describe('canSync', () => {
  const on = { active: true };
  it('allows an approved product registration on an active channel', () => {
    expect(canSync({ referenceable_type: 'product', register_status: 'approved', channel: on })).toBe(true);
    expect(canSync({ referenceable_type: 'product', register_status: 'pending', channel: on })).toBe(false);
    expect(canSync({ referenceable_type: 'producer', register_status: 'approved', channel: on })).toBe(false);
  });
  it('refuses while the channel is paused (the server answers 409 saleChannelSyncPaused)', () => {
    expect(canSync({ referenceable_type: 'product', register_status: 'approved', channel: { active: false } })).toBe(
      false,
    );
  });
});
