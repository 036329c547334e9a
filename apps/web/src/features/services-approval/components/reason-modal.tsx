import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_REASON_MAX } from '@agrihub/contract/schemas/admin-service-requests';
import { useFormName } from '../../../lib/form-name';

export interface ReasonValues {
  reason: string;
  internal: boolean;
}

interface Props {
  open: boolean;
  /** The move's title ("Back to Advice", "Cancel the request"). */
  title: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (v: ReasonValues) => void;
  onClose: () => void;
}

/**
 * A move that needs a reason (back a step, cancel): the reason is required and shown to the
 * producer unless marked internal. The typed reason is kept when the server refuses.
 */
export function MoveReasonModal({ open, title, danger, busy, onSubmit, onClose }: Props) {
  const formName = useFormName('request-reason');
  const { t } = useTranslation('services-approval');
  const [form] = Form.useForm<ReasonValues>();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger, 'data-testid': 'confirm-move-reason' }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit({ reason: v.reason.trim(), internal: !!v.internal }),
          () => undefined,
        )
      }
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Alert type="warning" showIcon title={t('move.reasonHint')} style={{ marginBottom: 16 }} />
      <Form name={formName} noValidate form={form} layout="vertical" initialValues={{ internal: false }}>
        <Form.Item
          name="reason"
          label={t('move.reason')}
          rules={[{ required: true, whitespace: true, message: t('move.reasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={SERVICE_REQUEST_REASON_MAX} showCount data-testid="move-reason" />
        </Form.Item>
        <Form.Item name="internal" valuePropName="checked">
          <Checkbox data-testid="move-reason-internal">{t('move.internal')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
