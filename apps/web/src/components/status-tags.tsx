import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@agrihub/contract/schemas/products';

const COLORS: Record<ProductStatus, string> = { draft: 'default', pending: 'gold', approved: 'green', rejected: 'red' };

/** A product status, translated (namespace products, `status.<status>`). */
export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('products');
  return (
    <Tag color={COLORS[status]} data-testid="product-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
