import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../lib/enums';
import type { Translate } from '../lib/form-rules';
import { formatDateTime } from '../lib/formatters';
import type { ActivityRow, HistoryPage } from '../lib/history';
import { currentLocale } from '../lib/i18n';
import { ACTIVITY_ACTIONS } from './activity-actions';
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
  /** Batch rows name their actions from enums:batchHistoryAction; others from common:activity.actions. */
  subject?: 'batch';
  /** A changed field's label (the batch history lists the fields an edit changed). */
  fieldLabel?: (field: string) => string;
  /** The enum naming `detail.step`: a batch's trace step (default) or a service request's step. */
  stepEnum?: 'traceStep' | 'serviceStep';
}

const ACTIONS = new Set<string>(ACTIVITY_ACTIONS);

/** A short note from a row: its reason, the stage, the lot and the fields an edit changed. */
function detailText(a: ActivityRow, t: Translate, stepLabel: (s: string) => string, fieldLabel?: Props['fieldLabel']) {
  const parts: string[] = [];
  const { detail } = a;
  const reason = a.note ?? (typeof detail.reason === 'string' ? detail.reason : null);
  if (reason) parts.push(a.action === 'note' ? reason : t('activity.reason', { reason }));
  if (typeof detail.step === 'string') parts.push(stepLabel(detail.step));
  if (typeof detail.lot_code === 'string') parts.push(detail.lot_code);
  if (Array.isArray(detail.fields) && detail.fields.length) {
    const names = detail.fields.map((f) => fieldLabel?.(String(f)) ?? String(f));
    parts.push(t('activity.changed', { fields: names.join(', ') }));
  }
  return parts.join(' · ');
}

/** A subject's history from the shared activity log (batch, product, producer): when, who, what, reason. */
export function ActivityHistory({ query, testId, page, onPageChange, subject, fieldLabel, stepEnum = 'traceStep' }: Props) {
  const { t } = useTranslation('common');
  const label = useEnumLabel();
  const locale = currentLocale();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const meta = query.data?.meta;
  const actionText = (action: string) =>
    subject === 'batch'
      ? label('batchHistoryAction', action)
      : ACTIONS.has(action)
        ? t(`activity.actions.${action}`)
        : action;
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
            const note = detailText(a, t, (s) => label(stepEnum, s), fieldLabel);
            return (
              <span data-testid="history-action" data-action={a.action}>
                {actionText(a.action)}
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
