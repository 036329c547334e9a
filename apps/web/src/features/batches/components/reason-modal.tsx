import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchReasonRequest } from '@agrihub/contract/schemas/traceabilities';
import { contractRule } from '../../../lib/form-rules';
import { useFormName } from '../../../lib/form-name';

interface Props {
  open: boolean;
  kind: 'hold' | 'recall';
  lotCode: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/**
 * Hold or recall with a reason. A recall is final, so it also asks to type the lot code
 * (the strong confirmation) before the red button works.
 */
export function ReasonModal({ open, kind, lotCode, busy, onSubmit, onClose }: Props) {
  const formName = useFormName('batch-reason');
  const { t } = useTranslation('batches');
  const [form] = Form.useForm<{ reason: string; confirm: string }>();
  const confirm = Form.useWatch('confirm', form);
  const recall = kind === 'recall';
  const armed = !recall || (confirm ?? '').trim() === lotCode;

  return (
    <Modal
      open={open}
      title={t(`${kind}.title`)}
      okText={t(`${kind}.submit`)}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: recall, disabled: !armed, 'data-testid': `${kind}-submit` }}
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
      {recall && <Alert type="error" showIcon title={t('recall.warning')} style={{ marginBottom: 16 }} />}
      {!recall && <Alert type="warning" showIcon title={t('hold.hint')} style={{ marginBottom: 16 }} />}
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t(`${kind}.reason`)}
          required
          rules={[contractRule(batchReasonRequest, 'reason', t)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid={`${kind}-reason`} />
        </Form.Item>
        {recall && (
          <Form.Item name="confirm" label={t('recall.typeLot', { lot: lotCode })}>
            <Input autoComplete="off" placeholder={lotCode} data-testid="recall-confirm" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
