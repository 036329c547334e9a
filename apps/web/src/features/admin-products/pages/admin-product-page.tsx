import { useState } from 'react';
import { Alert, Card, Flex, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useProductTypesQuery } from '../../../lib/catalogue-api';
import { ProductStatusTag } from '../../../components/status-tags';
import { useAdminProductHistoryQuery, useGetAdminProductQuery } from '../api/admin-products-api';
import { ProductDetails } from '../components/product-details';
import { ReviewActions } from '../components/review-actions';
import { LinkButton } from '../../../components/link-button';

/** /admin/products/{id}: read-only details with approve / reject. */
export function AdminProductPage() {
  const { t, i18n } = useTranslation('admin-products');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetAdminProductQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const types = useProductTypesQuery();
  const [historyPage, setHistoryPage] = useState(1);
  const history = useAdminProductHistoryQuery(
    { id, page: historyPage },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );
  const { t: tc } = useTranslation('common');

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <LinkButton to={paths.adminProducts} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const p = query.data;
  if (!p) return <PageLoader />;
  const type = types.data?.find((x) => x.id === p.product_type_id);

  return (
    <Flex vertical gap={16} data-testid="admin-product-page">
      <Flex justify="space-between" align="center" gap={16}>
        <Space size="middle" align="center">
          <Link to={paths.adminProducts} aria-label={t('detail.backToList')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {p.name}
          </Typography.Title>
          <ProductStatusTag status={p.status} />
        </Space>
        <ReviewActions product={p} />
      </Flex>
      {p.status === 'pending' && p.submitted_at && (
        <Alert
          type="info"
          showIcon
          title={t('detail.submittedAt', { time: formatDateTime(p.submitted_at, currentLocale()) })}
        />
      )}
      {p.status === 'rejected' && p.reject_reason && (
        <Alert
          type="error"
          showIcon
          title={t('detail.rejectedReason')}
          description={p.reject_reason}
          data-testid="reject-reason"
        />
      )}
      {p.status === 'approved' && p.reviewed_at && (
        <Alert
          type="success"
          showIcon
          title={t('detail.approvedAt', { time: formatDateTime(p.reviewed_at, currentLocale()) })}
        />
      )}
      <ProductDetails
        product={p}
        productTypeName={type ? (i18n.language === 'en' ? type.name_en : type.name) : undefined}
      />
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
