import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { platform } from '../../../lib/platform';
import { MyRequests } from '../components/my-requests';
import { ServiceGrid } from '../components/service-grid';
import { useViewer } from '../lib/use-viewer';

/** /services (public): the catalogue; a signed-in producer sees its own requests first. */
export function ServicesPage() {
  const { t } = useTranslation('services');
  const viewer = useViewer();
  return (
    <div className="services-page" data-testid="services-page">
      <Typography.Title level={2}>{t('list.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('list.subtitle', { platform: platform.name })}</Typography.Paragraph>
      {viewer === 'producer' && <MyRequests />}
      <ServiceGrid />
    </div>
  );
}
