import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCER_REASON_MAX, producerStatusRequest } from '@agrihub/contract/schemas/admin-producers';
import { contractRule } from '../../../lib/form-rules';
import { useFormName } from '../../../lib/form-name';

interface Props {
  open: boolean;
  /** What is being closed: one producer's name, or "N producers". */
  subject: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Closing one or several producers: the reason is required (≤500 characters) and mailed to them. */
export function CloseReasonModal({ open, subject, busy, onSubmit, onClose }: Props) {
  const formName = useFormName('producer-reason');
  const { t } = useTranslation('admin-producers');
  const [form] = Form.useForm<{ reason: string }>();

  return (
    <Modal
      open={open}
      title={t('close.title', { subject })}
      okText={t('actions.close')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-close' }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v.reason.trim()),
          () => undefined, // the field shows what is missing
        )
      }
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Alert type="warning" showIcon title={t('close.hint')} style={{ marginBottom: 16 }} />
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('close.reason')}
          required
          rules={[contractRule(producerStatusRequest, 'reason', t, (v) => ({ ...v, status: 'closed' }))]}
        >
          <Input.TextArea rows={4} maxLength={PRODUCER_REASON_MAX} showCount data-testid="close-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
