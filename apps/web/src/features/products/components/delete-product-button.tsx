import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '@agrihub/contract/schemas/products';
import { isApiError } from '../../../lib/api-error';
import { useDeleteProductMutation } from '../api/products-api';

/** Deletes after a confirmation; the server's refusal (e.g. published batches) is shown as it says it. */
export function DeleteProductButton({
  product,
  onDeleted,
  compact,
}: {
  product: Pick<Product, 'id' | 'name'>;
  onDeleted?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('products');
  const { t: tc } = useTranslation('common');
  const { modal, message } = App.useApp();
  const [remove] = useDeleteProductMutation();
  const confirm = () =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.content', { name: product.name }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-product' },
      cancelText: t('actions.cancel'),
      onOk: () =>
        remove(product.id)
          .unwrap()
          .then((a) => {
            void message.success(a.meta?.message ?? t('delete.done'));
            onDeleted?.();
          })
          .catch((e: unknown) => {
            void message.error(isApiError(e) ? e.message : t('errors.generic'));
          }),
    });
  return (
    <Button
      danger
      type={compact ? 'text' : 'default'}
      size={compact ? 'small' : 'middle'}
      icon={<DeleteOutlined />}
      onClick={confirm}
      aria-label={compact ? tc('actions.deleteNamed', { name: product.name }) : undefined}
      data-testid="delete-product"
    >
      {compact ? undefined : t('actions.delete')}
    </Button>
  );
}
