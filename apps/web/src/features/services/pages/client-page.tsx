import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { platform } from '../../../lib/platform';
import { ServiceGrid } from '../components/service-grid';
import { useViewer } from '../lib/use-viewer';

/**
 * /services/client (public): the visitor's side of the catalogue. DESIGN §5.2 wants a "need advice"
 * form here that creates a client message; that API (POST /api/v1/client/messages) does not exist
 * yet, so the page shows how to get advice instead of a form that would go nowhere.
 */
export function ServicesClientPage() {
  const { t } = useTranslation('services');
  const viewer = useViewer();
  return (
    <div className="services-page" data-testid="services-client-page">
      <Typography.Title level={2}>{t('client.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('client.subtitle', { platform: platform.name })}</Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        data-testid="services-advice-hint"
        title={t('client.adviceTitle')}
        description={
          <Flex vertical gap={8} align="flex-start">
            <span>{t('client.adviceHint')}</span>
            {viewer === 'visitor' && (
              <Flex gap={8} wrap>
                <Link to={paths.register}>
                  <Button type="primary">{t('client.signUp')}</Button>
                </Link>
                <Link to={paths.login}>
                  <Button>{t('client.logIn')}</Button>
                </Link>
              </Flex>
            )}
          </Flex>
        }
      />
      <ServiceGrid />
    </div>
  );
}
