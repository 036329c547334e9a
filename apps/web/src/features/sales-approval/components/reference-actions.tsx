import { useState } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SaleChannelReference } from '@agrihub/contract/schemas/sale-channels';
import { AppCan } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { canSync } from '../../../lib/sale-channels';
import { useMoveReferenceMutation, useSyncReferenceMutation } from '../api/sales-approval-api';
import { decisionsOf, needsReason, type Decision } from '../lib/moves';
import { ReasonModal } from './reason-modal';

const ICONS = { approved: <CheckOutlined />, rejected: <CloseOutlined />, closed: <StopOutlined /> } as const;

interface Props {
  reference: SaleChannelReference;
  size?: 'small' | 'middle';
  /** Icon buttons with a tooltip (the table's rows); the drawer names them. */
  compact?: boolean;
}

/**
 * One registration's decisions (only the moves it allows the reader: approve, reject with a reason,
 * close with a reason) and, for an approved product registration, a sync to its channel.
 */
export function ReferenceActions({ reference: ref, size = 'small', compact = false }: Props) {
  const { t } = useTranslation('sales-approval');
  const { modal, message } = App.useApp();
  const [move, moving] = useMoveReferenceMutation();
  const [sync, syncing] = useSyncReferenceMutation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const decisions = decisionsOf(ref.allowed_moves);
  // Who and where, for the confirmations: "Product X on Shopee".
  const subject = t('subject', { who: ref.product?.name ?? ref.producer.name, channel: ref.channel.name });

  const run = (to: Decision, reason?: string) =>
    move({ id: ref.id, register_status: to, ...(reason ? { reason } : {}) })
      .unwrap()
      .then((msg) => {
        void message.success(msg ?? t('done'));
        setAsking(null);
      })
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  const decide = (to: Decision) => {
    if (needsReason(to)) return setAsking(to);
    modal.confirm({
      title: t('confirm.approveTitle'),
      content: subject,
      okText: t('actions.approved'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-approve' },
      onOk: () => run(to),
    });
  };

  const runSync = () =>
    sync(ref.id)
      .unwrap()
      .then((msg) => void message.success(msg ?? t('done')))
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  return (
    <AppCan I="update" a="sale_channel_reference">
      {/* The row opens the drawer on click: nothing here (the modals' portals included) bubbles to it. */}
      <span onClick={(e) => e.stopPropagation()}>
        <Space size={4} wrap onClick={(e) => e.stopPropagation()} data-testid="reference-actions">
          {decisions.map((to) => (
            <Tooltip key={to} title={compact ? t(`actions.${to}`) : undefined}>
              <Button
                size={size}
                aria-label={t(`actions.${to}`)}
                type={to === 'approved' ? 'primary' : 'default'}
                danger={to !== 'approved'}
                icon={ICONS[to]}
                loading={moving.isLoading && moving.originalArgs?.register_status === to}
                onClick={() => decide(to)}
                data-testid={`move-${to}`}
              >
                {!compact && t(`actions.${to}`)}
              </Button>
            </Tooltip>
          ))}
          {canSync(ref) && (
            <Tooltip title={compact ? t('actions.sync') : undefined}>
              <Button
                size={size}
                aria-label={t('actions.sync')}
                icon={<SyncOutlined />}
                loading={syncing.isLoading}
                onClick={() => void runSync()}
                data-testid="sync-reference"
              >
                {!compact && t('actions.sync')}
              </Button>
            </Tooltip>
          )}
        </Space>
        <ReasonModal
          open={!!asking}
          title={asking ? t(`confirm.${asking}Title`) : ''}
          hint={`${subject}. ${t('reason.hint')}`}
          busy={moving.isLoading}
          onClose={() => setAsking(null)}
          onSubmit={(reason) => asking && void run(asking, reason)}
        />
      </span>
    </AppCan>
  );
}
