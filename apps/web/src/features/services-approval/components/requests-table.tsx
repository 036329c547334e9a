import type { ReactNode } from 'react';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import type { AdminServiceRequest, RequestList } from '../api/services-approval-api';
import type { useRequestTable } from '../lib/list-params';
import { RequestStatusTags, StepProgress } from './request-tags';

interface Props {
  table: ReturnType<typeof useRequestTable>;
  list: { data?: RequestList; isFetching: boolean; isLoading: boolean };
  /** The last column (lock / unlock one) on the Foodmap lock pages. */
  action?: (r: AdminServiceRequest) => ReactNode;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  testId: string;
}

/** The server-paged table of service requests shared by the approval and lock pages. */
export function RequestsTable({ table, list, action, selected, onSelect, testId }: Props) {
  const { t } = useTranslation('services-approval');
  const locale = currentLocale();
  const columns: TableColumnsType<AdminServiceRequest> = [
    {
      title: t('fields.id'),
      key: 'id',
      width: 80,
      render: (_, r) => (
        <Link to={generatePath(paths.adminServiceRequest, { id: String(r.id) })} data-testid="request-link">
          #{r.id}
        </Link>
      ),
    },
    {
      title: t('fields.service'),
      key: 'service',
      width: 190,
      render: (_, r) => r.service.title,
    },
    {
      title: t('fields.producer'),
      key: 'producer',
      width: 200,
      render: (_, r) => (
        <>
          {r.producer.name}
          {r.user && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {r.user.name}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('fields.step'),
      key: 'step',
      width: 190,
      sorter: true,
      sortOrder: table.sortOrder('step'),
      render: (_, r) => <StepProgress request={r} />,
    },
    { title: t('fields.status'), key: 'status', render: (_, r) => <RequestStatusTags request={r} /> },
    {
      title: t('fields.assignee'),
      key: 'assignee',
      render: (_, r) => r.assignee?.name ?? <Typography.Text type="secondary">{t('fields.unassigned')}</Typography.Text>,
    },
    {
      title: t('fields.due_at'),
      key: 'due_at',
      sorter: true,
      sortOrder: table.sortOrder('due_at'),
      render: (_, r) => (r.step_due_at ? formatDateTime(r.step_due_at, locale) : '—'),
    },
    {
      title: t('fields.created_at'),
      key: 'created_at',
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, r) => formatDateTime(r.created_at, locale),
    },
    ...(action ? [{ key: 'action', align: 'right' as const, render: (_: unknown, r: AdminServiceRequest) => action(r) }] : []),
  ];
  return (
    <Table<AdminServiceRequest>
      rowKey="id"
      columns={columns}
      dataSource={list.data?.requests ?? []}
      loading={list.isFetching}
      data-testid={testId}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => onSelect(keys.map(Number)),
            }
          : undefined
      }
      onRow={(r) => ({ 'data-testid': 'request-row', 'data-id': r.id }) as object}
      locale={{
        emptyText: list.isLoading ? (
          ' '
        ) : (
          <Empty description={table.active ? t('list.noMatch') : t('list.empty')} data-testid="requests-empty" />
        ),
      }}
      {...table.tableProps(list.data?.meta, (total) => t('list.total', { count: total }))}
    />
  );
}
