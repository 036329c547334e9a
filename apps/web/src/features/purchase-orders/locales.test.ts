import { expect, it } from 'vitest';
import { PURCHASE_ORDER_STATUSES } from '@agrihub/contract/constants';
import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'purchase-orders',
  minUsed: 60,
  // Keys built from values: each move's button, confirmation and reason title; each supplier kind.
  also: (vi) => {
    for (const to of PURCHASE_ORDER_STATUSES) {
      for (const key of [`moves.${to}`, `moves.confirm.${to}`, `moves.reasonTitle.${to}`])
        expect(vi.has(key), key).toBe(true);
    }
    for (const key of ['supplierType.oem', 'supplierType.producer', 'view.lockedHelp', 'view.readOnlyHelp']) {
      expect(vi.has(key), key).toBe(true);
    }
    for (const f of [
      'order_date',
      'delivery_date',
      'delivery_place',
      'payment_terms',
      'note',
      'attachments',
      'lines',
    ]) {
      expect(vi.has(`fields.${f}`), f).toBe(true);
    }
  },
});

it('names the statuses as the server does', async () => {
  const { MESSAGES } = await import('@agrihub/contract/messages/index');
  const vi = (await import('../../../public/locales/vi/enums.json')).default as {
    purchaseOrderStatus: Record<string, string>;
  };
  for (const s of PURCHASE_ORDER_STATUSES)
    expect(vi.purchaseOrderStatus[s]).toBe(MESSAGES.vi[`state_purchase_order_${s}`]);
});
