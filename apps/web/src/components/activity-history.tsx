import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../lib/enums';
import { formatDateTime } from '../lib/formatters';
import type { ActivityRow, HistoryPage } from '../lib/history';
import { currentLocale } from '../lib/i18n';
import { ACTIVITY_ACTIONS } from './activity-actions';
import { HISTORY_SUBJECTS, detailText, moveText, type HistorySubject } from './activity-text';
import { QueryError } from './query-error';

interface HistoryQuery {
  data?: HistoryPage;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface Props {
  query: HistoryQuery;
  testId: string;
  /** The page shown; with the server's `meta` the table pages on the server. */
  page: number;
  onPageChange: (page: number) => void;
  /** Whose history: names its moves' states, its steps and (a batch) its actions. */
  subject: HistorySubject;
  /** A changed field's label (an edit lists the fields it changed). */
  fieldLabel?: (field: string) => string;
}

const ACTIONS = new Set<string>(ACTIVITY_ACTIONS);

/** A subject's history from the shared activity log: when, who, what (a move with its states), reason. */
export function ActivityHistory({ query, testId, page, onPageChange, subject, fieldLabel }: Props) {
  const { t } = useTranslation('common');
  const label = useEnumLabel();
  const locale = currentLocale();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const meta = query.data?.meta;
  const { actions, step } = HISTORY_SUBJECTS[subject];
  const actionText = (action: string) =>
    actions ? label(actions, action) : ACTIONS.has(action) ? t(`activity.actions.${action}`) : action;
  return (
    <Table<ActivityRow>
      rowKey="id"
      size="small"
      loading={query.isFetching}
      dataSource={query.data?.history ?? []}
      pagination={
        meta
          ? {
              current: page,
              pageSize: meta.per_page,
              total: meta.total_count,
              hideOnSinglePage: true,
              onChange: onPageChange,
            }
          : { pageSize: 20, hideOnSinglePage: true }
      }
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
          render: (_, a) => {
            const note = detailText(a, t, { stepLabel: (s) => label(step, s), fieldLabel, locale });
            const move = moveText(a, subject, label);
            return (
              <span data-testid="history-action" data-action={a.action}>
                {actionText(a.action)}
                {move && (
                  <Typography.Text data-testid="history-move">
                    {' '}
                    ({move})
                  </Typography.Text>
                )}
                {(a.internal || a.note_internal) && <Tag style={{ marginInlineStart: 8 }}>{t('activity.internal')}</Tag>}
                {note && <Typography.Text type="secondary"> — {note}</Typography.Text>}
              </span>
            );
          },
        },
      ]}
    />
  );
}
