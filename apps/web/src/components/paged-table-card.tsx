import type { ReactNode } from 'react';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { QueryError } from './query-error';

/** A query's state as the card reads it (RTK Query's result). */
interface PagedQuery {
  isError: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A card with one server-paged table of a page's secondary list (a location's events, its diary…):
 * the query's error with a retry, else the rows, an empty text, and the pager when there is more
 * than one page.
 */
export function PagedTableCard<T extends object>(props: {
  title: ReactNode;
  query: PagedQuery;
  rows: T[] | undefined;
  total: number | undefined;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  testId: string;
}) {
  const { query } = props;
  return (
    <Card title={props.title}>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<T>
          rowKey={props.rowKey}
          columns={props.columns}
          dataSource={props.rows ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty description={props.empty} /> }}
          pagination={{
            current: props.page,
            pageSize: props.perPage,
            total: props.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          onChange={(p) => props.onPage(p.current ?? 1)}
          scroll={{ x: 'max-content' }}
          data-testid={props.testId}
        />
      )}
    </Card>
  );
}
