import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '@agrihub/contract/schemas/activity';
import { formatDateTime } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import { ACTIVITY_ACTIONS } from './activity-actions';
import { QueryError } from './query-error';

interface HistoryQuery {
  data?: ActivityItem[];
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

const ACTIONS = new Set<string>(ACTIVITY_ACTIONS);

/** A subject's history from the shared activity log (product, producer): when, who, what, reason. */
export function ActivityHistory({ query, testId }: { query: HistoryQuery; testId: string }) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<ActivityItem>
      rowKey="id"
      size="small"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid={testId}
      columns={[
        { key: 'when', title: t('activity.when'), width: 170, render: (_, a) => formatDateTime(a.created_at, locale) },
        {
          key: 'who',
          title: t('activity.who'),
          width: 200,
          render: (_, a) => a.user?.name ?? <Typography.Text type="secondary">{t('activity.system')}</Typography.Text>,
        },
        {
          key: 'what',
          title: t('activity.what'),
          render: (_, a) => (
            <span data-testid="history-action" data-action={a.action}>
              {ACTIONS.has(a.action) ? t(`activity.actions.${a.action}`) : a.action}
              {a.internal && <Tag style={{ marginInlineStart: 8 }}>{t('activity.internal')}</Tag>}
              {a.note && (
                <Typography.Text type="secondary">
                  {' — '}
                  {a.action === 'note' ? a.note : t('activity.reason', { reason: a.note })}
                </Typography.Text>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
