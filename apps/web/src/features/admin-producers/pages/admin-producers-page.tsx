import { useState } from 'react';
import { Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { provinceName } from '@agrihub/contract/geo';
import type { Producer } from '@agrihub/contract/schemas/producers';
import { formatPhone } from '@agrihub/contract/phone';
import { useEnumLabel } from '../../../lib/enums';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { useListAdminProducersQuery } from '../api/admin-producers-api';
import { BulkActions } from '../components/bulk-actions';
import { ExportButtons } from '../components/export-buttons';
import { useProducerTable, type ProducerFilters } from '../lib/list-params';
import { ProducerFiltersBar } from '../components/producer-filters';
import { StatusActions } from '../components/status-actions';
import { ProducerStatusTag } from '../../../components/status-tags';

/** /admin/producers: the platform's producers, server-paged, with filters, bulk status changes and XLSX export. */
export function AdminProducersPage() {
  const { t } = useTranslation('admin-producers');
  const label = useEnumLabel();
  const table = useProducerTable();
  const { query: filters, update, active } = table;
  const list = useListAdminProducersQuery(filters);
  const [selected, setSelected] = useState<number[]>([]);
  const locale = currentLocale();

  /** A new filter is a new question: the selection of the previous answer no longer applies. */
  const filter = (patch: Partial<ProducerFilters>) => {
    setSelected([]);
    update(patch);
  };

  // The 1200 px layout: the kind and tax code under the name (two lines at most, whole in a tooltip).
  const columns: TableColumnsType<Producer> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (name: string, p) => (
        <>
          <CellText text={name} rows={2}>
            <Link to={generatePath(paths.adminProducer, { id: String(p.id) })} data-testid="admin-producer-link">
              {name}
            </Link>
          </CellText>
          <CellText
            text={[label('producerType', p.producer_type), p.tax_code && t('list.taxCode', { code: p.tax_code })]
              .filter(Boolean)
              .join(' · ')}
            secondary
          />
        </>
      ),
    },
    {
      title: t('fields.phone'),
      dataIndex: 'phone',
      key: 'phone',
      width: 136,
      render: (v: string | null) => formatPhone(v) || '—',
    },
    {
      title: t('fields.province_code'),
      dataIndex: 'province_code',
      key: 'province_code',
      width: 128,
      render: (v: string | null) => <CellText text={provinceName(v) ?? '—'} rows={2} />,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: COL.status,
      render: (s: Producer['status']) => <ProducerStatusTag status={s} />,
    },
    {
      title: t('fields.created_at'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 112,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (v: string) => formatDateTime(v, locale),
    },
    {
      key: 'actions',
      align: 'right',
      width: 104,
      render: (_: unknown, p) => <StatusActions producer={p} actions={['approve']} size="small" />,
    },
  ];

  return (
    <ListPage
      testId="admin-producers"
      title={t('list.title')}
      extra={<ExportButtons filters={filters} selectedIds={selected} />}
      filters={
        <Flex justify="space-between" align="center" gap={16} wrap>
          <ProducerFiltersBar filters={filters} active={active} update={filter} />
          <BulkActions ids={selected} onDone={() => setSelected([])} />
        </Flex>
      }
      query={list}
    >
      <Table<Producer>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.producers ?? []}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
          columnWidth: COL.selection,
        }}
        onRow={(p) => ({ 'data-testid': 'admin-producer-row', 'data-id': p.id }) as object}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <Empty description={active ? t('list.noMatch') : t('list.empty')} data-testid="admin-producers-empty" />
          ),
        }}
        {...table.tableProps(list.data?.meta, (total) => t('list.total', { count: total }))}
        {...fittedTable(columns, { selection: true })}
      />
    </ListPage>
  );
}
