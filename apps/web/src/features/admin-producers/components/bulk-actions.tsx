import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { AppCan } from '../../../lib/ability';
import { useBulkProducerStatusMutation } from '../api/admin-producers-api';
import { CloseReasonModal } from './reason-modal';

/** Approve or close (with a reason) the selected producers at once; needs update on producer. */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation('admin-producers');
  const { modal, message } = App.useApp();
  const [bulk, state] = useBulkProducerStatusMutation();
  const [closing, setClosing] = useState(false);
  const count = ids.length;

  const run = (status: 'approved' | 'closed', reason?: string) =>
    bulk({ ids, status, ...(reason ? { reason } : {}) })
      .unwrap()
      .then((a) => {
        void message.success(a.message ?? t('done'));
        onDone();
        return true;
      })
      .catch((e: unknown) => {
        void message.error(isApiError(e) ? e.message : t('errors.generic'));
        return false;
      });

  const approve = () =>
    modal.confirm({
      title: t('bulk.approveTitle', { count }),
      content: t('bulk.approveContent'),
      okText: t('actions.approve'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-bulk-approve' },
      onOk: () => run('approved'),
    });

  return (
    <AppCan I="update" a="producer">
      <Space data-testid="bulk-actions">
        <Typography.Text type="secondary">{t('bulk.selected', { count })}</Typography.Text>
        <Button icon={<CheckOutlined />} disabled={!count} onClick={approve} data-testid="bulk-approve">
          {t('bulk.approve')}
        </Button>
        <Button
          danger
          icon={<StopOutlined />}
          disabled={!count}
          onClick={() => setClosing(true)}
          data-testid="bulk-close"
        >
          {t('bulk.close')}
        </Button>
      </Space>
      <CloseReasonModal
        open={closing}
        subject={t('bulk.subject', { count })}
        busy={state.isLoading}
        onClose={() => setClosing(false)}
        onSubmit={(reason) => void run('closed', reason).then((ok) => ok && setClosing(false))}
      />
    </AppCan>
  );
}
