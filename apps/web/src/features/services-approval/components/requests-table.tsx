import type { ReactNode } from 'react';
import { Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import type { AdminServiceRequest, RequestList } from '../api/services-approval-api';
import type { useRequestTable } from '../lib/list-params';
import { RequestStatusTags, StepProgress } from './request-tags';

/** A time over its date ("11:05" / "24/11/2026") with a sorter. */
const DATE_TIME = 108;

interface Props {
  table: ReturnType<typeof useRequestTable>;
  list: { data?: RequestList; isFetching: boolean; isLoading: boolean };
  /** The last column (lock / unlock one) on the Foodmap lock pages. */
  action?: (r: AdminServiceRequest) => ReactNode;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  testId: string;
}

/**
 * The server-paged table of service requests shared by the approval and lock pages, in the 1200 px
 * layout: who asked under the service, who follows it under the status, the step's progress bar.
 */
export function RequestsTable({ table, list, action, selected, onSelect, testId }: Props) {
  const { t } = useTranslation('services-approval');
  const locale = currentLocale();
  const columns: TableColumnsType<AdminServiceRequest> = [
    {
      title: t('fields.id'),
      key: 'id',
      width: 64,
      render: (_, r) => (
        <Link to={generatePath(paths.adminServiceRequest, { id: String(r.id) })} data-testid="request-link">
          #{r.id}
        </Link>
      ),
    },
    {
      // The service and, under it, who asked: the producer and its user.
      title: `${t('fields.service')} / ${t('fields.producer')}`,
      key: 'service',
      render: (_, r) => {
        const who = [r.producer.name, r.user?.name].filter(Boolean).join(' · ');
        return (
          <>
            <CellText text={r.service.title} rows={2} />
            <CellText text={who} secondary data-testid="request-producer" />
          </>
        );
      },
    },
    {
      title: t('fields.step'),
      key: 'step',
      width: 156,
      sorter: true,
      sortOrder: table.sortOrder('step'),
      render: (_, r) => <StepProgress request={r} />,
    },
    {
      // The status tags and, under them, who follows the request.
      title: t('fields.status'),
      key: 'status',
      width: 132,
      render: (_, r) => (
        <Flex vertical gap={4} align="flex-start">
          <RequestStatusTags request={r} />
          <CellText text={r.assignee?.name ?? t('fields.unassigned')} secondary data-testid="request-assignee" />
        </Flex>
      ),
    },
    {
      title: t('fields.due_at'),
      key: 'due_at',
      width: DATE_TIME,
      sorter: true,
      sortOrder: table.sortOrder('due_at'),
      render: (_, r) => (r.step_due_at ? formatDateTime(r.step_due_at, locale) : '—'),
    },
    {
      title: t('fields.created_at'),
      key: 'created_at',
      width: DATE_TIME,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, r) => formatDateTime(r.created_at, locale),
    },
    ...(action
      ? [
          {
            key: 'action',
            width: 112,
            align: 'right' as const,
            render: (_: unknown, r: AdminServiceRequest) => action(r),
          },
        ]
      : []),
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
              columnWidth: COL.selection,
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
      {...fittedTable(columns, { selection: !!onSelect, flexMin: 164 })}
    />
  );
}
