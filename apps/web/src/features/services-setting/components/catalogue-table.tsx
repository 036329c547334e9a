import { Button, Empty, Switch, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import type { Locale } from '@agrihub/contract/platforms';
import { PricingButtons } from './pricing-buttons';

interface Props {
  services: RegisterService[];
  loading: boolean;
  /** The service whose availability is being saved. */
  toggling: number | null;
  onToggle: (service: RegisterService, available: boolean) => void;
  onEdit: (service: RegisterService) => void;
}

const TYPE_COLOR = ['green', 'blue', 'purple'] as const;

/** The platform's catalogue in display order: availability switch, price from, flow, pricing import/export. */
export function CatalogueTable({ services, loading, toggling, onToggle, onEdit }: Props) {
  const { t, i18n } = useTranslation('services-setting');
  const locale = i18n.language as Locale;
  const price = (s: RegisterService) => {
    if (s.price_from === null) return <Typography.Text type="secondary">{t('table.onRequest')}</Typography.Text>;
    if (s.price_from === 0) return t('table.free');
    return `${formatMoney(s.price_from)}${s.price_unit ? ` / ${s.price_unit}` : ''}`;
  };
  return (
    <Table<RegisterService>
      rowKey="id"
      loading={loading}
      dataSource={services}
      pagination={false}
      scroll={{ x: 1340 }}
      locale={{ emptyText: loading ? ' ' : <Empty description={t('table.empty')} data-testid="services-setting-empty" /> }}
      data-testid="services-setting-table"
      columns={[
        { title: '#', dataIndex: 'position', width: 50, render: (_v, _s, i) => i + 1 },
        {
          title: t('table.service'),
          key: 'title',
          width: 300,
          render: (_v, s) => (
            <>
              <Typography.Text strong>{s.title}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {s.slug}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('table.available'),
          dataIndex: 'available',
          width: 110,
          render: (available: boolean, s) => (
            <Switch
              checked={available}
              loading={toggling === s.id}
              onChange={(on) => onToggle(s, on)}
              aria-label={t('table.available')}
              data-testid={`service-available-${s.slug}`}
            />
          ),
        },
        {
          title: t('table.type'),
          dataIndex: 'type',
          width: 150,
          render: (type: number) => <Tag color={TYPE_COLOR[type] ?? 'default'}>{t(`type.${type}`)}</Tag>,
        },
        { title: t('table.priceFrom'), key: 'price', width: 190, render: (_v, s) => price(s) },
        {
          title: t('table.pricingRows'),
          key: 'rows',
          width: 100,
          render: (_v, s) => s.pricing.length,
        },
        { title: t('table.updatedAt'), dataIndex: 'updated_at', width: 150, render: (v: string) => formatDateTime(v, locale) },
        {
          title: t('table.actions'),
          key: 'actions',
          width: 300,
          fixed: 'right',
          render: (_v, s) => (
            <>
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(s)} data-testid={`service-edit-${s.slug}`}>
                {t('table.edit')}
              </Button>
              <PricingButtons service={s} />
            </>
          ),
        },
      ]}
    />
  );
}
