import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { servicePath } from '../lib/paths';
import { PriceText } from './price-text';
import { ServiceIcon } from './service-icon';

/** One catalogue entry: icon, title, "from" price and whether it can be registered now. */
export function ServiceCard({ service }: { service: RegisterService }) {
  const { t } = useTranslation('services');
  return (
    <Link to={servicePath(service.slug)} data-testid={`service-card-${service.slug}`} style={{ display: 'block', height: '100%' }}>
      <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
        <Flex gap={12} align="flex-start">
          <ServiceIcon icon={service.icon} />
          <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {service.title}
            </Typography.Text>
            <PriceText service={service} />
            <div>
              {service.available ? (
                <Tag color="green">{t('availability.available')}</Tag>
              ) : (
                <Tag>{t('availability.unavailable')}</Tag>
              )}
            </div>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}
