import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { QueryError } from './query-error';

interface Props {
  /** The page's data-testid. */
  testId: string;
  title: ReactNode;
  /** Beside the title, on the right (export buttons, …). */
  extra?: ReactNode;
  /** Above the table in the card: the filter bar (and what goes with it). */
  filters: ReactNode;
  /** The list's query: when it failed, the error (with a retry) stands instead of the table. */
  query: { isError: boolean; isFetching?: boolean; error?: unknown; refetch: () => unknown };
  /** The table. */
  children: ReactNode;
}

/** A list page: its title (and what stands beside it), then one card with the filters and the table. */
export function ListPage({ testId, title, extra, filters, query, children }: Props) {
  const heading = (
    <Typography.Title level={3} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
  );
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {extra === undefined ? (
        heading
      ) : (
        // The title keeps one line: when the buttons beside it do not fit, they go under it.
        <Flex justify="space-between" align="center" wrap gap={12}>
          {heading}
          {extra}
        </Flex>
      )}
      {/* aria-busy while the list is (re)loading: assistive technology, and tests, wait for the new rows. */}
      <Card aria-busy={!!query.isFetching} data-testid={`${testId}-card`}>
        <Flex vertical gap={16}>
          {filters}
          {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : children}
        </Flex>
      </Card>
    </Flex>
  );
}
