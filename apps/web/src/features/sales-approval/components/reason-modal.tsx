import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SALE_CHANNEL_REASON_MAX } from '@agrihub/contract/schemas/sale-channels';
import { useFormName } from '../../../lib/form-name';

interface Props {
  open: boolean;
  /** "Reject the registration", "Close 3 registrations", … */
  title: string;
  /** What the producer will read: the reason is sent to them. */
  hint: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** A decision that needs a reason (reject, close): the reason is required and told to the producer. */
export function ReasonModal({ open, title, hint, busy, onSubmit, onClose }: Props) {
  const formName = useFormName('sale-reason');
  const { t } = useTranslation('sales-approval');
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-reason' }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v.reason.trim()),
          () => undefined,
        )
      }
      afterClose={() => form.resetFields()}
      forceRender
      data-testid="reason-modal"
    >
      {/* Above the field, as the other reason dialogs: under it, the character counter covered it. */}
      <Alert type="info" showIcon title={hint} style={{ marginBottom: 16 }} data-testid="reason-hint" />
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reason.label')}
          rules={[{ required: true, whitespace: true, message: t('reason.required') }]}
        >
          <Input.TextArea rows={4} maxLength={SALE_CHANNEL_REASON_MAX} showCount data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
