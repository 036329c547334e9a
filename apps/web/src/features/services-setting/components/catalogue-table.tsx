import { Button, Empty, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
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
  // The 1200 px layout: the flow's kind under the service's name, the pricing rows under the price,
  // the buttons stacked, so the name keeps two lines of room.
  const columns: TableColumnsType<RegisterService> = [
    { title: '#', dataIndex: 'position', width: 48, render: (_v, _s, i) => i + 1 },
    {
      title: t('table.service'),
      key: 'title',
      render: (_v, s) => (
        <Flex vertical gap={2} align="flex-start">
          <CellText text={s.title} rows={2} style={{ fontWeight: 600 }} />
          <CellText text={s.slug} secondary />
          <Tag color={TYPE_COLOR[s.type] ?? 'default'} title={t('table.type')}>
            {t(`type.${s.type}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('table.available'),
      dataIndex: 'available',
      width: 104,
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
      title: t('table.priceFrom'),
      key: 'price',
      width: 168,
      render: (_v, s) => (
        <>
          <div>{price(s)}</div>
          <CellText text={t('table.pricingRowsCount', { count: s.pricing.length })} secondary />
        </>
      ),
    },
    {
      title: t('table.updatedAt'),
      dataIndex: 'updated_at',
      width: 112,
      render: (v: string) => formatDateTime(v, locale),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 168,
      render: (_v, s) => (
        <Flex vertical gap={4} align="flex-start">
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={() => onEdit(s)}
            style={{ paddingInline: 0 }}
            data-testid={`service-edit-${s.slug}`}
          >
            {t('table.edit')}
          </Button>
          <PricingButtons service={s} />
        </Flex>
      ),
    },
  ];
  return (
    <Table<RegisterService>
      rowKey="id"
      loading={loading}
      dataSource={services}
      pagination={false}
      locale={{
        emptyText: loading ? ' ' : <Empty description={t('table.empty')} data-testid="services-setting-empty" />,
      }}
      data-testid="services-setting-table"
      {...fittedTable(columns)}
      columns={columns}
    />
  );
}
