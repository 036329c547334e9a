import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { shipmentReasonInput } from '@agrihub/contract/schemas/shipments';
import { contractRule } from '../../../lib/form-rules';
import { useFormName } from '../../../lib/form-name';

interface Props {
  open: boolean;
  kind: 'cancel' | 'refuse';
  busy: boolean;
  failure: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Cancel (the sender) or refuse (the receiver) a shipment: a reason is required, and the button is red. */
export function ShipmentReasonModal({ open, kind, busy, failure, onSubmit, onClose }: Props) {
  const { t } = useTranslation('shipments');
  const formName = useFormName(`shipment-${kind}`);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t(`${kind}.title`)}
      okText={t(`${kind}.submit`)}
      cancelText={t('actions.close')}
      okButtonProps={{ danger: true, 'data-testid': `${kind}-submit` }}
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
    >
      <Alert type="warning" showIcon title={t(`${kind}.hint`)} style={{ marginBottom: 16 }} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item name="reason" label={t(`${kind}.reason`)} required rules={[contractRule(shipmentReasonInput, 'reason', t)]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid={`${kind}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
