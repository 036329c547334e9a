import type { ReactNode } from 'react';
import { Avatar, Flex, Table, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { BatchListItem } from '@agrihub/contract/schemas/traceabilities';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import type { BatchTable } from '../lib/list-filters';
import { BatchStateTag } from '../../../components/status-tags';

interface Props {
  batches: BatchListItem[];
  meta?: ListMeta;
  loading: boolean;
  /** The list's server table (lib/use-server-table.ts): paging and sort in the URL. */
  table: BatchTable;
  linkOf: (b: BatchListItem) => string;
  selected: number[];
  onSelect: (ids: number[]) => void;
  empty: ReactNode;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A page of batches with server paging and sorting, and row selection for the export. */
export function BatchesTable({ batches, meta, loading, table, linkOf, selected, onSelect, empty }: Props) {
  const { t, i18n } = useTranslation('batches');
  const locale = currentLocale();
  const en = i18n.language === 'en';
  return (
    <Table<BatchListItem>
      rowKey="id"
      loading={loading}
      dataSource={batches}
      locale={{ emptyText: empty }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        preserveSelectedRowKeys: true,
      }}
      onRow={(b) => ({ 'data-testid': 'batch-row', 'data-id': b.id }) as React.HTMLAttributes<HTMLElement>}
      {...table.tableProps(meta, (total) => t('list.total', { count: total }))}
      columns={[
        {
          key: 'lot_code',
          title: t('fields.lot_code'),
          sorter: true,
          sortOrder: table.sortOrder('lot_code'),
          render: (_, b) => (
            <Link to={linkOf(b)} data-testid="batch-link" style={NOWRAP}>
              {b.lot_code}
            </Link>
          ),
        },
        {
          key: 'product',
          title: t('fields.product'),
          render: (_, b) => (
            <Flex gap={8} align="center">
              <Avatar
                shape="square"
                size={40}
                src={b.product.cover?.thumbnail_url ?? b.product.cover?.url}
                icon={<PictureOutlined />}
              />
              <Flex vertical>
                <span>{(en && b.product.name_en) || b.product.name}</span>
                {b.variant && b.variant.label !== '--' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {b.variant.label}
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
          ),
        },
        {
          key: 'production_date',
          title: t('fields.production_date'),
          sorter: true,
          sortOrder: table.sortOrder('production_date'),
          render: (_, b) => <span style={NOWRAP}>{formatDate(b.production_date, locale)}</span>,
        },
        {
          key: 'expiry_date',
          title: t('fields.expiry_date'),
          render: (_, b) => <span style={NOWRAP}>{b.expiry_date ? formatDate(b.expiry_date, locale) : '—'}</span>,
        },
        {
          key: 'quantity',
          title: t('fields.quantity'),
          align: 'right',
          render: (_, b) => (
            <span style={NOWRAP}>{`${b.quantity.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB')} ${b.unit}`}</span>
          ),
        },
        { key: 'events', title: t('fields.event_count'), align: 'right', render: (_, b) => b.event_count },
        { key: 'scans', title: t('fields.scan_count'), align: 'right', render: (_, b) => b.scan_count },
        { key: 'state', title: t('fields.status'), render: (_, b) => <BatchStateTag state={b.state} /> },
        {
          key: 'created_at',
          title: t('fields.created_at'),
          sorter: true,
          sortOrder: table.sortOrder('created_at'),
          render: (_, b) => <span style={NOWRAP}>{formatDate(b.created_at, locale)}</span>,
        },
      ]}
    />
  );
}
