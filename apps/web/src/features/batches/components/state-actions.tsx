import { useState } from 'react';
import { App, Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { publishRefusal, type PublicationRefusal } from '@agrihub/contract/publication';
import type { Batch } from '@agrihub/contract/schemas/traceabilities';
import type { BatchState } from '@agrihub/contract/trace-steps';
import { allowedMoves, batchState, type Move } from '@agrihub/contract/workflows';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import { useDeleteBatchMutation, useTransitionBatchMutation } from '../api/batches-api';
import { ReasonModal } from './reason-modal';

/**
 * Why the signed-in producer may not publish this batch now (the contract's rule the server
 * enforces: producer approved, product approved at least once); null when it may or is unknown.
 */
export function usePublishRefusal(batch: Batch | undefined): PublicationRefusal | null {
  const producerStatus = useAppSelector((s) => s.user.producer?.status);
  return producerStatus && batch ? publishRefusal(producerStatus, batch.product) : null;
}

type MoveAction = 'publish' | 'hold' | 'release' | 'recall';

/** The endpoint (POST /traceabilities/{id}/<action>) of a move of the contract's batch state table. */
function actionOf(move: Move<BatchState>): MoveAction {
  if (move.to === 'recalled') return 'recall';
  if (move.to === 'on_hold') return 'hold';
  return move.from === 'draft' ? 'publish' : 'release';
}

/**
 * The moves the batch state table (contract workflows.ts) allows the signed-in producer from the
 * batch's state, one button each (publish, hold, release, recall), and delete while a draft.
 */
export function StateActions({ batch }: { batch: Batch }) {
  const { t } = useTranslation('batches');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [transition, transitioning] = useTransitionBatchMutation();
  const [remove, removing] = useDeleteBatchMutation();
  const [reasonFor, setReasonFor] = useState<'hold' | 'recall' | null>(null);
  const refusal = usePublishRefusal(batch);
  const user = useAppSelector((s) => s.user.user);
  // The page shows only the producer's own batches (another's is a 404), so the user is its owner.
  const moves = user ? allowedMoves(batchState, batch.state, { ...user, isOwner: true }).map(actionOf) : [];

  const fail = (error: unknown) => void message.error(isApiError(error) ? error.message : t('errors.generic'));
  const run = (action: MoveAction, reason?: string) =>
    transition({ id: batch.id, action, reason })
      .unwrap()
      .then(() => {
        void message.success(t(`${action}.done`));
        setReasonFor(null);
      })
      .catch(fail);

  const publish = () =>
    modal.confirm({
      title: t('publish.title'),
      content: t('publish.body'),
      okText: t('publish.submit'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'publish-confirm' },
      onOk: () => run('publish'),
    });

  return (
    <Space wrap>
      {batch.state === 'draft' && (
        <Popconfirm
          title={t('delete.confirm')}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove(batch.id)
              .unwrap()
              .then((a) => {
                void message.success(a.meta?.message ?? t('delete.done'));
                void navigate(paths.productBatches, { replace: true });
              })
              .catch(fail)
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={removing.isLoading} data-testid="delete-batch">
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      )}
      {moves.includes('publish') && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={publish}
          disabled={batch.events.length === 0 || refusal !== null}
          title={
            refusal ? t(`publishBlocked.${refusal}`) : batch.events.length === 0 ? t('publish.needsEvent') : undefined
          }
          data-testid="publish-batch"
        >
          {t('publish.button')}
        </Button>
      )}
      {moves.includes('hold') && (
        <Button icon={<PauseCircleOutlined />} onClick={() => setReasonFor('hold')} data-testid="hold-batch">
          {t('hold.button')}
        </Button>
      )}
      {moves.includes('release') && (
        <Popconfirm
          title={t('release.confirm')}
          okText={t('release.button')}
          cancelText={t('actions.cancel')}
          onConfirm={() => run('release')}
        >
          <Button icon={<PlayCircleOutlined />} loading={transitioning.isLoading} data-testid="release-batch">
            {t('release.button')}
          </Button>
        </Popconfirm>
      )}
      {moves.includes('recall') && (
        <Button danger icon={<StopOutlined />} onClick={() => setReasonFor('recall')} data-testid="recall-batch">
          {t('recall.button')}
        </Button>
      )}
      <ReasonModal
        open={reasonFor !== null}
        kind={reasonFor ?? 'hold'}
        lotCode={batch.lot_code}
        busy={transitioning.isLoading}
        onClose={() => setReasonFor(null)}
        onSubmit={(reason) => void run(reasonFor!, reason)}
      />
    </Space>
  );
}
