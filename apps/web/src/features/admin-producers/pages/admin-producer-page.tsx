import { useState } from 'react';
import { Card, Flex, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAdminProducerHistoryQuery, useGetAdminProducerQuery } from '../api/admin-producers-api';
import { ProducerDetails } from '../components/producer-details';
import { StatusActions } from '../components/status-actions';
import { ProducerStatusTag } from '../../../components/status-tags';
import { LinkButton } from '../../../components/link-button';

/** /admin/producers/{id}: a producer's details with approve / close / reopen. */
export function AdminProducerPage() {
  const { t } = useTranslation('admin-producers');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetAdminProducerQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useAdminProducerHistoryQuery(
    { id, page: historyPage },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );
  const { t: tc } = useTranslation('common');

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        data-testid="admin-producer-not-found"
        extra={
          <LinkButton to={paths.adminProducers} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const detail = query.data;
  if (!detail) return <PageLoader />;
  const p = detail.producer;

  return (
    <Flex vertical gap={16} data-testid="admin-producer-page">
      <Flex justify="space-between" align="center" gap={16}>
        <Space size="middle" align="center">
          <Link to={paths.adminProducers} aria-label={t('detail.backToList')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {p.name}
          </Typography.Title>
          <ProducerStatusTag status={p.status} />
        </Space>
        <StatusActions producer={p} />
      </Flex>
      <ProducerDetails detail={detail} />
      <Card title={tc('activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="producer-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="producer"
        />
      </Card>
    </Flex>
  );
}
