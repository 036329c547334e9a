import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TraceAudit } from '@agrihub/contract/schemas/traceabilities';
import { TRACE_AUDIT_ACTIONS } from '@agrihub/contract/schemas/traceabilities';
import { QueryError } from '../../../components/query-error';
import type { Translate } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useBatchHistoryQuery } from '../api/batches-api';

const KNOWN = new Set<string>(TRACE_AUDIT_ACTIONS);

/** A short human note from an audit's detail (reason, step, lot) when there is one. */
function detailText(detail: Record<string, unknown>, t: Translate): string {
  const parts: string[] = [];
  if (typeof detail.reason === 'string') parts.push(t('history.reason', { reason: detail.reason }));
  if (typeof detail.step === 'string') parts.push(t(`steps.${detail.step}`));
  if (typeof detail.lot_code === 'string') parts.push(detail.lot_code);
  if (Array.isArray(detail.fields) && detail.fields.length) {
    const names = detail.fields.map((f) => t(`fields.${String(f).replace(/_id$/, '')}`, { defaultValue: String(f) }));
    parts.push(t('history.changed', { fields: names.join(', ') }));
  }
  return parts.join(' · ');
}

/** Who changed the batch, when, and what (GET /traceabilities/{id}/history). */
export function HistoryTable({ batchId }: { batchId: number }) {
  const { t } = useTranslation('batches');
  const locale = currentLocale();
  const history = useBatchHistoryQuery(batchId, { refetchOnMountOrArgChange: true });
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <Table<TraceAudit>
      rowKey="id"
      size="small"
      loading={history.isFetching}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid="batch-history"
      columns={[
        { key: 'when', title: t('history.when'), width: 170, render: (_, a) => formatDateTime(a.created_at, locale) },
        {
          key: 'who',
          title: t('history.who'),
          width: 200,
          render: (_, a) => a.user?.name ?? <Typography.Text type="secondary">{t('history.system')}</Typography.Text>,
        },
        {
          key: 'what',
          title: t('history.what'),
          render: (_, a) => (
            <span data-testid="history-action" data-action={a.action}>
              {KNOWN.has(a.action) ? t(`history.actions.${a.action}`) : a.action}
              {detailText(a.detail, t) && (
                <Typography.Text type="secondary"> — {detailText(a.detail, t)}</Typography.Text>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
