import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppCan } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useBulkMoveReferencesMutation, type BulkResult } from '../api/sales-approval-api';
import { BULK_DECISIONS, needsReason, type Decision } from '../lib/moves';
import { ReasonModal } from './reason-modal';

const ICONS = { approved: <CheckOutlined />, rejected: <CloseOutlined />, closed: <StopOutlined /> } as const;

/**
 * One decision on the selected registrations (PUT …/bulk): the ones that may make the move move in
 * one transaction, the others are skipped; the result says how many of each.
 */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation('sales-approval');
  const { modal, message } = App.useApp();
  const [bulk, state] = useBulkMoveReferencesMutation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const count = ids.length;

  const report = (r: BulkResult) => {
    const text = t('bulk.result', { updated: r.updated, skipped: r.skipped.length });
    if (r.skipped.length) void message.warning({ content: text, duration: 6 });
    else void message.success(text);
  };

  const run = (to: Decision, reason?: string) =>
    bulk({ ids, register_status: to, ...(reason ? { reason } : {}) })
      .unwrap()
      .then((r) => {
        report(r);
        setAsking(null);
        onDone();
      })
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  const decide = (to: Decision) => {
    if (needsReason(to)) return setAsking(to);
    modal.confirm({
      title: t('bulk.approveTitle', { count }),
      content: t('bulk.approveContent'),
      okText: t('actions.approved'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-bulk-approve' },
      onOk: () => run(to),
    });
  };

  return (
    <AppCan I="update" a="sale_channel_reference">
      <Space wrap data-testid="bulk-actions">
        <Typography.Text type="secondary" data-testid="bulk-count">
          {t('bulk.selected', { count })}
        </Typography.Text>
        {BULK_DECISIONS.map((to) => (
          <Button
            key={to}
            icon={ICONS[to]}
            danger={to !== 'approved'}
            disabled={!count}
            loading={state.isLoading && state.originalArgs?.register_status === to}
            onClick={() => decide(to)}
            data-testid={`bulk-${to}`}
          >
            {t(`bulk.${to}`)}
          </Button>
        ))}
      </Space>
      <ReasonModal
        open={!!asking}
        title={asking ? t(`bulk.${asking}Title`, { count }) : ''}
        hint={t('reason.bulkHint')}
        busy={state.isLoading}
        onClose={() => setAsking(null)}
        onSubmit={(reason) => asking && void run(asking, reason)}
      />
    </AppCan>
  );
}
