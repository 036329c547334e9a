import type { ReactNode } from 'react';
import { Avatar, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { BatchListItem } from '@agrihub/contract/schemas/traceabilities';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import type { BatchTable } from '../lib/list-filters';
import { CellText } from '../../../components/cell-text';
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

/**
 * A page of batches with server paging and sorting, and row selection for the export. Seven columns
 * fit the 1200 px card: the state under the lot code, the expiry under the production date, the
 * stages over the scans, so the product's name keeps room for two lines.
 */
export function BatchesTable({ batches, meta, loading, table, linkOf, selected, onSelect, empty }: Props) {
  const { t, i18n } = useTranslation('batches');
  const locale = currentLocale();
  const en = i18n.language === 'en';
  const columns: ColumnsType<BatchListItem> = [
    {
      key: 'lot_code',
      title: t('fields.lot_code'),
      width: 140,
      sorter: true,
      sortOrder: table.sortOrder('lot_code'),
      render: (_, b) => (
        <Flex vertical gap={4} align="flex-start">
          <CellText text={b.lot_code}>
            <Link to={linkOf(b)} data-testid="batch-link">
              {b.lot_code}
            </Link>
          </CellText>
          <BatchStateTag state={b.state} />
        </Flex>
      ),
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, b) => {
        const name = (en && b.product.name_en) || b.product.name;
        return (
          <Flex gap={8} align="center">
            <Avatar
              shape="square"
              size={40}
              src={b.product.cover?.thumbnail_url ?? b.product.cover?.url}
              icon={<PictureOutlined />}
              alt=""
              style={{ flex: 'none' }}
            />
            <Flex vertical style={{ minWidth: 0 }}>
              <CellText text={name} rows={2} data-testid="batch-product" />
              {b.variant && b.variant.label !== '--' && <CellText text={b.variant.label} secondary />}
            </Flex>
          </Flex>
        );
      },
    },
    {
      key: 'production_date',
      title: t('list.dates'),
      width: 128,
      sorter: true,
      sortOrder: table.sortOrder('production_date'),
      render: (_, b) => (
        <Flex vertical>
          <span style={NOWRAP}>{formatDate(b.production_date, locale)}</span>
          {b.expiry_date && (
            <CellText text={t('list.expiresOn', { date: formatDate(b.expiry_date, locale) })} secondary />
          )}
        </Flex>
      ),
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      width: 108,
      align: 'right',
      render: (_, b) => (
        <CellText text={`${b.quantity.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB')} ${b.unit}`} />
      ),
    },
    {
      key: 'tracing',
      title: t('list.tracing'),
      width: 120,
      render: (_, b) => (
        <Flex vertical>
          <span style={NOWRAP} data-testid="batch-events">
            {t('list.events', { count: b.event_count })}
          </span>
          <CellText text={t('list.scans', { count: b.scan_count })} secondary data-testid="batch-scans" />
        </Flex>
      ),
    },
    {
      key: 'created_at',
      title: t('fields.created_at'),
      width: COL.date,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, b) => <span style={NOWRAP}>{formatDate(b.created_at, locale)}</span>,
    },
  ];
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
        columnWidth: COL.selection,
      }}
      onRow={(b) => ({ 'data-testid': 'batch-row', 'data-id': b.id }) as React.HTMLAttributes<HTMLElement>}
      {...table.tableProps(meta, (total, capped) => t(capped ? 'list.totalCapped' : 'list.total', { count: total }))}
      {...fittedTable(columns, { selection: true })}
      columns={columns}
    />
  );
}
