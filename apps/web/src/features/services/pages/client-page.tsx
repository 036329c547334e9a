import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../../../components/contact-form';
import { platform } from '../../../lib/platform';
import { useListServicesQuery } from '../api/services-api';
import { ServiceGrid } from '../components/service-grid';

/**
 * /services/client (public): the visitor's side of the catalogue, with the "need advice" form of
 * DESIGN §5.2 — a client message (lead) with the topic preset to service advice and the service
 * the visitor asks about.
 */
export function ServicesClientPage() {
  const { t } = useTranslation('services');
  const services = useListServicesQuery();
  const options = (services.data ?? []).map((s) => ({ slug: s.slug, title: s.title }));
  return (
    <div className="services-page" data-testid="services-client-page">
      <Typography.Title level={2}>{t('client.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('client.subtitle', { platform: platform.name })}</Typography.Paragraph>
      <div style={{ marginBottom: 24 }}>
        <ContactForm
          topic="service_advice"
          services={options}
          title={t('client.adviceTitle')}
          testId="services-advice-form"
        />
      </div>
      <ServiceGrid />
    </div>
  );
}
