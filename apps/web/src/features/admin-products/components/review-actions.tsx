import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '@agrihub/contract/permissions';
import { rejectProductRequest, type Product } from '@agrihub/contract/schemas/products';
import { allowedMoves, productReview } from '@agrihub/contract/workflows';
import { useAppSelector } from '../../../stores/hooks';
import { isApiError } from '../../../lib/api-error';
import { contractRule, serverFieldErrors } from '../../../lib/form-rules';
import { useApproveProductMutation, useRejectProductMutation } from '../api/admin-products-api';
import { useFormName } from '../../../lib/form-name';

/**
 * Approve (confirmed) and reject with a required reason (modal), for a product waiting for
 * review. Shown only when the user's ability allows `update` on `product`; the server checks again.
 */
export function ReviewActions({ product }: { product: Product }) {
  const formName = useFormName('product-review');
  const { t } = useTranslation('admin-products');
  const { modal, message } = App.useApp();
  const ability = useAbility<AppAbility>();
  const [approve, approving] = useApproveProductMutation();
  const [reject, rejecting] = useRejectProductMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const user = useAppSelector((s) => s.user.user);

  // The buttons are the moves the product review table allows this user (the server checks again).
  const moves = user && ability.can('update', 'product') ? allowedMoves(productReview, product.status, user) : [];
  const canApprove = moves.some((m) => m.to === 'approved');
  const canReject = moves.some((m) => m.to === 'rejected');
  if (!canApprove && !canReject) return null;

  const fail = (e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic'));
  const onApprove = () =>
    modal.confirm({
      title: t('review.approveTitle'),
      content: t('review.approveContent', { name: product.name }),
      okText: t('review.approve'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-approve' },
      onOk: () =>
        approve(product.id)
          .unwrap()
          .then((a) => void message.success(a.message ?? t('review.approved')))
          .catch(fail),
    });
  const onReject = async () => {
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return;
    }
    try {
      const a = await reject({ id: product.id, reason }).unwrap();
      void message.success(a.message ?? t('review.rejected'));
      setRejectOpen(false);
      form.resetFields();
    } catch (e) {
      if (isApiError(e)) form.setFields(serverFieldErrors(e.errors) as Parameters<typeof form.setFields>[0]);
      fail(e);
    }
  };

  return (
    <>
      <Space>
        {canReject && (
          <Button danger icon={<CloseOutlined />} onClick={() => setRejectOpen(true)} data-testid="reject-product">
            {t('review.reject')}
          </Button>
        )}
        {canApprove && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={approving.isLoading}
            onClick={onApprove}
            data-testid="approve-product"
          >
            {t('review.approve')}
          </Button>
        )}
      </Space>
      <Modal
        open={rejectOpen}
        title={t('review.rejectTitle', { name: product.name })}
        okText={t('review.reject')}
        okButtonProps={{ danger: true, loading: rejecting.isLoading, 'data-testid': 'confirm-reject' }}
        cancelText={t('actions.cancel')}
        onOk={() => void onReject()}
        onCancel={() => setRejectOpen(false)}
        destroyOnHidden
      >
        <Form name={formName} noValidate form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('review.reason')}
            required
            rules={[contractRule(rejectProductRequest, 'reason', t)]}
            extra={t('review.reasonHelp')}
          >
            <Input.TextArea rows={4} maxLength={500} showCount autoFocus data-testid="reject-reason-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
