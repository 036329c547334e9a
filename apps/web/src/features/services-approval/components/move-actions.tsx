import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { ArrowRightOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Move, ServiceRequestState } from '@agrihub/contract/workflows';
import { useEnumLabel } from '../../../lib/enums';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import { useUpdateServiceRequestMutation, type AdminServiceRequest } from '../api/services-approval-api';
import { moveKind, staffMoves } from '../lib/flow';
import { MoveReasonModal, type ReasonValues } from './reason-modal';

const ICONS = { forward: <ArrowRightOutlined />, back: <RollbackOutlined />, cancel: <StopOutlined /> };

/**
 * The moves the flow's table allows this user on the request, and only those: forward confirmed,
 * back and cancel with a reason. None while the request is locked. The server checks again.
 */
export function MoveActions({ request }: { request: AdminServiceRequest }) {
  const { t } = useTranslation('services-approval');
  const label = useEnumLabel();
  const { modal, message } = App.useApp();
  const user = useAppSelector((s) => s.user.user);
  const [update, state] = useUpdateServiceRequestMutation();
  const [asking, setAsking] = useState<Move<ServiceRequestState> | null>(null);
  const moves = staffMoves(request.service.type, request.step, user, request.locked);
  if (!moves.length) return null;

  const titleOf = (m: Move<ServiceRequestState>) => {
    const kind = moveKind(request.service.type, m);
    return kind === 'cancel' ? t('move.cancel') : t(`move.${kind}`, { step: label('serviceStep', m.to) });
  };
  const run = (m: Move<ServiceRequestState>, reason?: ReasonValues) =>
    update({
      id: request.id,
      body: { move: { to: m.to, ...(reason ? { reason: reason.reason, internal: reason.internal } : {}) } },
    })
      .unwrap()
      .then((a) => {
        void message.success(a.message ?? t('move.done', { step: label('serviceStep', m.to) }));
        return true;
      })
      .catch((e: unknown) => {
        void message.error(isApiError(e) ? e.message : t('errors.generic'));
        return false;
      });
  const start = (m: Move<ServiceRequestState>) => {
    if (m.reason) return setAsking(m);
    modal.confirm({
      title: titleOf(m),
      content: t('move.confirmContent', { from: label('serviceStep', m.from), to: label('serviceStep', m.to) }),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-move' },
      onOk: () => run(m),
    });
  };

  return (
    <>
      <Space wrap data-testid="move-actions">
        {moves.map((m) => {
          const kind = moveKind(request.service.type, m);
          return (
            <Button
              key={m.to}
              type={kind === 'forward' ? 'primary' : 'default'}
              danger={kind === 'cancel'}
              icon={ICONS[kind]}
              onClick={() => start(m)}
              data-testid="move-request"
              data-to={m.to}
            >
              {titleOf(m)}
            </Button>
          );
        })}
      </Space>
      <MoveReasonModal
        open={!!asking}
        title={asking ? titleOf(asking) : ''}
        danger={asking?.to === 'cancelled'}
        busy={state.isLoading}
        onClose={() => setAsking(null)}
        onSubmit={(v) => asking && void run(asking, v).then((ok) => ok && setAsking(null))}
      />
    </>
  );
}
