import { Card, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { useGetServiceQuery, useListMyRequestsQuery } from '../api/services-api';
import { FlowStepper } from '../components/flow-stepper';
import { PriceText } from '../components/price-text';
import { PricingTable } from '../components/pricing-table';
import { ServiceIcon } from '../components/service-icon';
import { requestPath, serviceRegisterPath } from '../lib/paths';
import { useViewer } from '../lib/use-viewer';
import { LinkButton } from '../../../components/link-button';

/**
 * /services/:slug (public): description, pricing table, the flow's steps and the register button.
 * The form's route is private, so a visitor goes through login (or sign-up) and comes back to it.
 */
export function ServicePage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['services', 'common']);
  const viewer = useViewer();
  const { data: service, isLoading, error, refetch } = useGetServiceQuery(slug);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(error) && error.status === 404) {
    return (
      <Result
        status="404"
        title={t('services:detail.notFound')}
        extra={<Link to="/services">{t('services:detail.back')}</Link>}
        data-testid="service-not-found"
      />
    );
  }
  if (error || !service) return <QueryError error={error} onRetry={() => void refetch()} />;

  return (
    <div className="services-page" data-testid="service-page">
      <Link to="/services">
        <ArrowLeftOutlined /> {t('services:detail.back')}
      </Link>
      <Flex gap={16} align="flex-start" style={{ margin: '16px 0' }}>
        <ServiceIcon icon={service.icon} size={40} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {service.title}
          </Typography.Title>
          <Space wrap size={8} style={{ marginTop: 8 }}>
            <PriceText service={service} strong />
            {!service.available && <Tag>{t('services:availability.unavailable')}</Tag>}
          </Space>
        </div>
      </Flex>
      {service.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="service-description">
          {service.description}
        </Typography.Paragraph>
      )}
      <RegisterAction slug={service.slug} available={service.available} staff={viewer === 'staff'} />
      {service.type !== 0 && (
        <Card title={t('services:detail.steps')} style={{ marginTop: 24 }}>
          <FlowStepper type={service.type} />
        </Card>
      )}
      {service.type === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('services:detail.freeHint')}
        </Typography.Paragraph>
      )}
      {service.pricing.length > 0 && (
        <Card title={t('services:detail.pricing')} style={{ marginTop: 24 }}>
          <PricingTable rows={service.pricing} />
        </Card>
      )}
    </div>
  );
}

function RegisterAction({ slug, available, staff }: { slug: string; available: boolean; staff: boolean }) {
  const { t } = useTranslation('services');
  const viewer = useViewer();
  // A producer has one open request per service: it is shown instead of a second registration.
  const mine = useListMyRequestsQuery({}, { skip: viewer !== 'producer' });
  const open = mine.data?.requests.find((r) => r.service.slug === slug && r.step !== 'cancelled');
  if (open) {
    return (
      <LinkButton to={requestPath(open.id)} type="primary" size="large" data-testid="service-open-request">
        {t('detail.openRequest')}
      </LinkButton>
    );
  }
  if (!available) return <Typography.Text type="secondary">{t('detail.unavailableHint')}</Typography.Text>;
  // Staff accounts have no producer to register for.
  if (staff) return null;
  return (
    <Flex vertical gap={4} align="flex-start">
      <LinkButton to={serviceRegisterPath(slug)} type="primary" size="large" data-testid="service-register">
        {t('detail.register')}
      </LinkButton>
      {viewer === 'visitor' && <Typography.Text type="secondary">{t('detail.loginHint')}</Typography.Text>}
    </Flex>
  );
}
