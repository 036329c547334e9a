import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { SaleChannelMissing } from '../../../components/sale-channel-missing';
import { paths } from '../../../config/paths';
import type { ProductReadiness } from '../../../lib/sale-channels';

/** Products a channel refused, each with what it lacks and the way to its edit page. */
export function ReadinessList({ products }: { products: ProductReadiness[] }) {
  const { t } = useTranslation('sales-channels');
  return (
    <List
      size="small"
      dataSource={products}
      data-testid="sale-channel-refused"
      renderItem={(p) => (
        <List.Item
          data-testid="sale-channel-refused-product"
          data-product={p.product_id}
          extra={
            <Link to={generatePath(paths.product, { id: String(p.product_id) })}>{t('register.editProduct')}</Link>
          }
        >
          <div>
            <Typography.Text strong>{p.name}</Typography.Text>
            <div>
              <SaleChannelMissing missing={p.missing} />
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}
