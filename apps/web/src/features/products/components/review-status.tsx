import { Alert, App, Button, Flex, Popconfirm, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '@agrihub/contract/schemas/products';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { useRegisterProductMutation } from '../api/products-api';
import { ProductStatusTag } from '../../../components/status-tags';

/**
 * The product's review status: tag, the reject reason when rejected, and "submit for approval"
 * (POST register, draft/rejected → pending). Unsaved edits must be saved first.
 */
export function ReviewStatus({ product, dirty }: { product: Product; dirty: boolean }) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [register, registering] = useRegisterProductMutation();
  const canSubmit = product.status === 'draft' || product.status === 'rejected';
  const onSubmit = () =>
    register(product.id)
      .unwrap()
      .then((a) => void message.success(a.message ?? t('review.submitted')))
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  return (
    <Flex vertical gap={12} data-testid="review-status">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Space size={6}>
          <Typography.Text strong>{t('fields.status')}</Typography.Text>
          <ProductStatusTag status={product.status} />
        </Space>
        {canSubmit && (
          <Popconfirm
            title={dirty ? t('review.saveFirst') : t('review.submitConfirm')}
            okText={t('review.submit')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ disabled: dirty }}
            onConfirm={onSubmit}
          >
            <Button
              type="primary"
              ghost
              icon={<SendOutlined />}
              loading={registering.isLoading}
              data-testid="submit-product"
            >
              {t('review.submit')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {product.submitted_at && product.status === 'pending' && (
        <Typography.Text type="secondary">
          {t('review.submittedAt', { time: formatDateTime(product.submitted_at, currentLocale()) })}
        </Typography.Text>
      )}
      {product.status === 'rejected' && product.reject_reason && (
        <Alert
          type="error"
          showIcon
          title={t('review.rejected')}
          description={product.reject_reason}
          data-testid="reject-reason"
        />
      )}
      {product.status === 'pending' && <Alert type="info" showIcon title={t('review.pendingLocked')} />}
      {product.status === 'approved' && <Alert type="success" showIcon title={t('review.approved')} />}
      {product.status !== 'approved' && product.approved_at && (
        <Alert
          type="info"
          showIcon
          title={t('review.publicVersion', { time: formatDateTime(product.approved_at, currentLocale()) })}
          data-testid="public-version"
        />
      )}
    </Flex>
  );
}
