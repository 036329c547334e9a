import type { ReactNode } from 'react';
import { Flex, Select, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@agrihub/contract/schemas/chain';
import type { IncomingShipment, Shipment } from '@agrihub/contract/schemas/shipments';
import { ListPage } from '../../../components/list-page';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { STATUS_COLORS, formatDay, formatQuantity } from '../../../lib/shipment-format';

export const PER_PAGE = 20;

type Row = Shipment | IncomingShipment;

/** The columns both sides show, each page putting them in its order around its own. */
export function useShipmentColumns() {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const locale = currentLocale();
  return {
    shippedOn: { title: t('fields.shippedOn'), dataIndex: 'shipped_on', render: formatDay },
    lot: {
      title: t('fields.lot'),
      key: 'lot',
      render: (_: unknown, s: Row) => (
        <Flex vertical>
          <Typography.Text strong>{s.lot.lot_code}</Typography.Text>
          <Typography.Text type="secondary">{s.lot.product_name}</Typography.Text>
        </Flex>
      ),
    },
    quantity: {
      title: t('fields.quantity'),
      key: 'quantity',
      align: 'right',
      render: (_: unknown, s: Row) => `${formatQuantity(s.quantity, locale)} ${s.unit}`,
    },
    document: { title: t('fields.document'), dataIndex: 'document_number', render: (v: string | null) => v ?? '—' },
    status: {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (v: ShipmentStatus) => <Tag color={STATUS_COLORS[v]}>{enumLabel('shipmentStatus', v)}</Tag>,
    },
  } satisfies Record<string, TableColumnType<Row>>;
}

interface Props<T extends Row> {
  testId: string;
  title: ReactNode;
  extra?: ReactNode;
  list: {
    data?: { shipments: T[]; meta: { total_count: number } };
    isError: boolean;
    isFetching: boolean;
    isLoading: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  status: ShipmentStatus | undefined;
  page: number;
  /** A new status filter (the page goes back to 1) or a new page. */
  onChange: (status: ShipmentStatus | undefined, page: number) => void;
  empty: ReactNode;
  columns: TableColumnType<T>[];
  onOpen: (s: T) => void;
  rowTestId?: (s: T) => string;
}

/** A side's list of shipments (the sender's, the receiver's inbox): status filter and paged table. */
export function ShipmentList<T extends Row>(p: Props<T>) {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  return (
    <ListPage
      testId={p.testId}
      title={p.title}
      extra={p.extra}
      query={p.list}
      filters={
        <Select
          allowClear
          placeholder={t('list.statusFilter')}
          aria-label={t('list.statusFilter')}
          style={{ width: 220 }}
          value={p.status}
          onChange={(v?: ShipmentStatus) => p.onChange(v, 1)}
          options={SHIPMENT_STATUSES.map((s) => ({ value: s, label: enumLabel('shipmentStatus', s) }))}
        />
      }
    >
      <Table<T>
        rowKey="id"
        loading={p.list.isFetching}
        dataSource={p.list.data?.shipments ?? []}
        locale={{ emptyText: p.list.isLoading ? ' ' : p.empty }}
        scroll={{ x: 900 }}
        onRow={(s) => ({
          onClick: () => p.onOpen(s),
          style: { cursor: 'pointer' },
          ...(p.rowTestId ? { 'data-testid': p.rowTestId(s) } : {}),
        })}
        pagination={{
          current: p.page,
          pageSize: PER_PAGE,
          total: p.list.data?.meta.total_count ?? 0,
          onChange: (page) => p.onChange(p.status, page),
          showSizeChanger: false,
        }}
        columns={p.columns}
      />
    </ListPage>
  );
}
