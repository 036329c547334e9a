import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { CheckOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@agrihub/contract/constants';
import type { Producer } from '@agrihub/contract/schemas/producers';
import { allowedMoves, producerApproval } from '@agrihub/contract/workflows';
import { isApiError } from '../../../lib/api-error';
import { useAppAbility } from '../../../lib/ability';
import { useAppSelector } from '../../../stores/hooks';
import { useSetProducerStatusMutation } from '../api/admin-producers-api';
import { CloseReasonModal } from './reason-modal';

type Action = 'approve' | 'close' | 'reopen';
const TARGET: Record<Action, ApprovalStatus> = { approve: 'approved', close: 'closed', reopen: 'pending' };

interface Props {
  producer: Pick<Producer, 'id' | 'name' | 'status'>;
  /** Which buttons may show (each only when the producer approval table allows its move). */
  actions?: readonly Action[];
  size?: 'small' | 'middle';
}

/**
 * Approve, close (with a reason) and reopen (back to pending) one producer, each confirmed.
 * Shown only with update on producer; the server checks again and its meta.message is shown.
 */
export function StatusActions({ producer, actions = ['approve', 'close', 'reopen'], size = 'middle' }: Props) {
  const { t } = useTranslation('admin-producers');
  const { modal, message } = App.useApp();
  const ability = useAppAbility();
  const user = useAppSelector((s) => s.user.user);
  const [setStatus, state] = useSetProducerStatusMutation();
  const [closing, setClosing] = useState(false);

  if (!ability.can('update', 'producer') || !user) return null;
  const moves = allowedMoves(producerApproval, producer.status, user).map((m) => m.to);
  const shown = actions.filter((a) => moves.includes(TARGET[a]));
  if (!shown.length) return null;

  const run = (status: ApprovalStatus, reason?: string) =>
    setStatus({ id: producer.id, status, reason })
      .unwrap()
      .then((a) => {
        void message.success(a.message ?? t('done'));
        return true;
      })
      .catch((e: unknown) => {
        void message.error(isApiError(e) ? e.message : t('errors.generic'));
        return false;
      });

  const confirm = (action: 'approve' | 'reopen') =>
    modal.confirm({
      title: t(`${action}.title`),
      content: t(`${action}.content`, { name: producer.name }),
      okText: t(`actions.${action}`),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': `confirm-${action}` },
      onOk: () => run(TARGET[action]),
    });

  return (
    <>
      <Space>
        {shown.includes('reopen') && (
          <Button
            size={size}
            icon={<RollbackOutlined />}
            onClick={() => confirm('reopen')}
            data-testid="reopen-producer"
          >
            {t('actions.reopen')}
          </Button>
        )}
        {shown.includes('close') && (
          <Button
            size={size}
            danger
            icon={<StopOutlined />}
            onClick={() => setClosing(true)}
            data-testid="close-producer"
          >
            {t('actions.close')}
          </Button>
        )}
        {shown.includes('approve') && (
          <Button
            size={size}
            type="primary"
            icon={<CheckOutlined />}
            loading={state.isLoading && state.originalArgs?.status === 'approved'}
            onClick={() => confirm('approve')}
            data-testid="approve-producer"
          >
            {t('actions.approve')}
          </Button>
        )}
      </Space>
      <CloseReasonModal
        open={closing}
        subject={producer.name}
        busy={state.isLoading}
        onClose={() => setClosing(false)}
        onSubmit={(reason) => void run('closed', reason).then((ok) => ok && setClosing(false))}
      />
    </>
  );
}
