import { Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { useListServicesQuery } from '../api/services-api';
import { ServiceCard } from './service-card';

/** The platform's catalogue as cards: one column on a phone, up to three on a desktop. */
export function ServiceGrid() {
  const { t } = useTranslation('services');
  const { data, isLoading, error, refetch } = useListServicesQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data?.length) return <Empty description={t('list.empty')} data-testid="services-empty" />;
  return (
    <Row gutter={[16, 16]} data-testid="service-grid">
      {data.map((s) => (
        <Col key={s.id} xs={24} sm={12} lg={8}>
          <ServiceCard service={s} />
        </Col>
      ))}
    </Row>
  );
}
