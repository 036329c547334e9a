import { useState } from 'react';
import { Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { ProductSaleChannels } from '../../../components/product-sale-channels';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import { useGetProductQuery, useProductHistoryQuery } from '../api/products-api';
import { ProductEditor } from '../components/product-editor';
import { LinkButton } from '../../../components/link-button';

function NeedsProducer() {
  const { t } = useTranslation('products');
  return <Result status="info" title={t('editor.needsProducer')} data-testid="needs-producer" />;
}

/** /add-product */
export function AddProductPage() {
  const producerId = useAppSelector((s) => s.user.producer_id);
  if (!producerId) return <NeedsProducer />;
  return <ProductEditor product={null} />;
}

/** /products/{id}: view and edit (another producer's product is a 404 from the API). */
export function ProductPage() {
  const { t } = useTranslation('products');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useGetProductQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useProductHistoryQuery({ id, page: historyPage }, { skip: !valid, refetchOnMountOrArgChange: true });
  const { t: tc } = useTranslation('common');

  if (!valid || (isApiError(product.error) && product.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('editor.notFound')}
        extra={
          <LinkButton to={paths.products} type="primary">
            {t('editor.backToList')}
          </LinkButton>
        }
        data-testid="product-not-found"
      />
    );
  }
  if (product.isError) return <QueryError error={product.error} onRetry={() => void product.refetch()} />;
  if (!product.data) return <PageLoader />;
  return (
    <Flex vertical gap={16}>
      <ProductEditor key={product.data.id} product={product.data} />
      <ProductSaleChannels productId={product.data.id} />
      <Card title={tc('activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="product-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="product"
        />
      </Card>
    </Flex>
  );
}
