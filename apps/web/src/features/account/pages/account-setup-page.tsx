import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GATES, gateRefusal } from '@agrihub/contract/gates';
import { isAdministrator } from '@agrihub/contract/permissions';
import { ChangePasswordForm } from '../../../components/change-password-form';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { accountSetupStepChanged, type AccountSetupStep } from '../../../stores/layout-slice';
import { platform } from '../../../lib/platform';
import { AccountInfoTab } from '../components/account-info-tab';
import { ApiKeysCard } from '../components/api-keys-card';
import { BusinessInfoTab } from '../components/business-info-tab';

/**
 * Spec §2: tabs business information (producers only), account information, reset password; and
 * the producer's API keys for its partners' systems (ADR 039) where the chain (batches gate) is open.
 */
export function AccountSetupPage() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.user);
  const step = useAppSelector((s) => s.layout.accountSetupStep);
  if (!user) return null;
  const admin = isAdministrator(user);
  const keys = !admin && user.producer_id != null && !gateRefusal(platform.key, GATES.batches, user);

  const label = (key: AccountSetupStep) => <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>;
  const items = [
    ...(admin
      ? []
      : [
          {
            key: 'business' as const,
            label: label('business'),
            children: <BusinessInfoTab producerId={user.producer_id} />,
          },
        ]),
    { key: 'account' as const, label: label('account'), children: <AccountInfoTab user={user} /> },
    {
      key: 'password' as const,
      label: label('password'),
      children: (
        <>
          <Typography.Paragraph type="secondary">{t('password.hint')}</Typography.Paragraph>
          <ChangePasswordForm />
        </>
      ),
    },
    ...(keys ? [{ key: 'apiKeys' as const, label: label('apiKeys'), children: <ApiKeysCard /> }] : []),
  ];
  const activeKey = items.some((i) => i.key === step) ? step! : items[0].key;

  return (
    <Card data-testid="account-setup">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={activeKey}
        onChange={(key) => dispatch(accountSetupStepChanged(key as AccountSetupStep))}
        items={items}
        destroyOnHidden={false}
      />
    </Card>
  );
}
