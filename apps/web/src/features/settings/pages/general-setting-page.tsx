import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '@agrihub/contract/permissions';
import { QueryError } from '../../../components/query-error';
import { useAppSelector } from '../../../stores/hooks';
import { useGetMySettingQuery, useGetPlatformSettingQuery } from '../api/settings-api';
import { PersonalSettingsForm } from '../components/personal-settings-form';
import { PlatformSettingsForm } from '../components/platform-settings-form';

function PlatformSection() {
  const { t } = useTranslation('settings');
  const query = useGetPlatformSettingQuery();
  return (
    <Card title={t('platform.title')} data-testid="platform-settings">
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError || !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PlatformSettingsForm setting={query.data} />
      )}
    </Card>
  );
}

/**
 * /general-setting (DESIGN §5.5): every user's language and notification channels per kind; for
 * the role admin also the platform's public contact details and analytics / chat ids.
 */
export function GeneralSettingPage() {
  const { t } = useTranslation('settings');
  const user = useAppSelector((s) => s.user.user);
  const query = useGetMySettingQuery();
  if (!user) return null;
  return (
    <Flex vertical gap={16} data-testid="general-setting">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card title={t('personal.title')} data-testid="personal-settings">
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : query.isError || !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <PersonalSettingsForm setting={query.data} />
        )}
      </Card>
      {isSuperAdmin(user) && <PlatformSection />}
    </Flex>
  );
}
