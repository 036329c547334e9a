import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useCancelMyRequestMutation } from '../api/services-api';
import { useFormName } from '../../../lib/form-name';

/** Cancelling is final: a modal asks for the reason (required) and confirms. */
export function CancelRequestButton({ id }: { id: number }) {
  const formName = useFormName('cancel-request');
  const { t } = useTranslation(['services', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const [cancel, { isLoading }] = useCancelMyRequestMutation();

  const onOk = async () => {
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    try {
      await cancel({ id, reason: reason.trim() }).unwrap();
      void message.success(t('services:request.cancelled'));
      setOpen(false);
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="request-cancel">
        {t('services:request.cancel')}
      </Button>
      <Modal
        open={open}
        title={t('services:request.cancelTitle')}
        okText={t('services:request.cancelConfirm')}
        okButtonProps={{ danger: true, loading: isLoading, 'data-testid': 'request-cancel-confirm' }}
        cancelText={t('services:request.keep')}
        onOk={() => void onOk()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('services:request.cancelWarning')}</p>
        <Form name={formName} noValidate form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('services:request.reason')}
            rules={[{ required: true, whitespace: true, message: t('services:request.reasonRequired') }, { max: 1000 }]}
          >
            <Input.TextArea rows={3} maxLength={1000} data-testid="request-cancel-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
