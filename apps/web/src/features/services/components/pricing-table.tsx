import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { currentLocale } from '../../../lib/i18n';
import { localised, rowPrice } from '../lib/price';

type Row = RegisterService['pricing'][number];

/** The service's pricing table in the reader's language; it scrolls inside itself on a phone. */
export function PricingTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation('services');
  const locale = currentLocale();
  return (
    <Table<Row & { key: number }>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="pricing-table"
      dataSource={rows.map((r, key) => ({ ...r, key }))}
      locale={{ emptyText: t('detail.noPricing') }}
      columns={[
        { title: t('pricing.item'), key: 'item', render: (_, r) => localised(locale, r.item_vi, r.item_en) },
        { title: t('pricing.unit'), key: 'unit', render: (_, r) => localised(locale, r.unit_vi, r.unit_en) },
        {
          title: t('pricing.price'),
          key: 'price',
          align: 'right',
          render: (_, r) => rowPrice(r.price) ?? t('price.quote'),
        },
        { title: t('pricing.note'), key: 'note', render: (_, r) => r.note ?? '' },
      ]}
    />
  );
}
