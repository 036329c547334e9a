import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PURCHASE_ORDER_REASON_MAX,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from '@agrihub/contract/schemas/purchase-orders';
import { isApiError } from '../../../lib/api-error';
import { useMovePurchaseOrderMutation } from '../api/purchase-orders-api';
import { useFormName } from '../../../lib/form-name';

interface Props {
  order: Pick<PurchaseOrderSummary, 'id' | 'code' | 'moves' | 'version'>;
  size?: 'small' | 'middle';
}

/**
 * The status changes the reader may make on an order, exactly the ones the server offers (the
 * contract's table for this reader: no approval of an order one wrote): send for approval, approve
 * (confirmed: the supplier is mailed), cancel (a reason asked for, kept on failure). Each names the
 * version shown, so an approval approves exactly what the approver read (ADR 031).
 */
export function MoveActions({ order, size = 'middle' }: Props) {
  const formName = useFormName('order-move');
  const { t } = useTranslation('purchase-orders');
  const { message } = App.useApp();
  const [move, moving] = useMovePurchaseOrderMutation();
  const [asking, setAsking] = useState<PurchaseOrderStatus | null>(null);
  const [pressed, setPressed] = useState<PurchaseOrderStatus | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  if (!order.moves.length) return null;

  const run = async (to: PurchaseOrderStatus, reason?: string) => {
    setPressed(to);
    try {
      const answer = await move({ id: order.id, status: to, version: order.version, reason }).unwrap();
      void message.success(answer.message ?? t('moves.done'));
      setAsking(null);
      form.resetFields();
    } catch (e) {
      const text = isApiError(e) ? e.message : t('errors.generic');
      const reasonError = isApiError(e) ? e.errors.find((f) => f.field === 'reason') : undefined;
      if (reasonError && asking) form.setFields([{ name: 'reason', errors: [reasonError.message] }]);
      void message.error(text);
    } finally {
      setPressed(null);
    }
  };

  return (
    <Space size={4} wrap data-testid={`moves-${order.id}`}>
      {order.moves.map((m) => {
        const button = (
          <Button
            key={m.to}
            size={size}
            type={m.to === 'approved' ? 'primary' : 'default'}
            danger={m.to === 'cancelled'}
            loading={moving.isLoading && pressed === m.to}
            disabled={moving.isLoading}
            onClick={m.reason ? () => setAsking(m.to) : undefined}
            data-testid={`move-${m.to}`}
          >
            {t(`moves.${m.to}`)}
          </Button>
        );
        if (m.reason) return button;
        return (
          <Popconfirm
            key={m.to}
            title={t(`moves.confirm.${m.to}`, { code: order.code })}
            okText={t(`moves.${m.to}`)}
            cancelText={t('moves.back')}
            okButtonProps={{ 'data-testid': `move-${m.to}-confirm` }}
            onConfirm={() => run(m.to)}
          >
            {button}
          </Popconfirm>
        );
      })}
      <Modal
        open={asking !== null}
        title={asking ? t(`moves.reasonTitle.${asking}`, { code: order.code }) : ''}
        okText={asking ? t(`moves.${asking}`) : ''}
        cancelText={t('moves.back')}
        okButtonProps={{ danger: true, loading: moving.isLoading, 'data-testid': 'move-reason-ok' }}
        onOk={() =>
          void form.validateFields().then(
            ({ reason }) => (asking ? run(asking, reason.trim()) : undefined),
            () => undefined, // the field shows what is missing
          )
        }
        onCancel={() => setAsking(null)}
        destroyOnHidden={false}
        data-testid="move-reason-modal"
      >
        <Form name={formName} noValidate form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('moves.reason')}
            rules={[{ required: true, whitespace: true, message: t('validation:reason_required') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={PURCHASE_ORDER_REASON_MAX}
              showCount
              placeholder={t('moves.reasonPlaceholder')}
              data-testid="move-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
