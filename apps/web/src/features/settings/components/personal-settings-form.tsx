import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Select, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationSetting, UserSetting } from '@agrihub/contract/schemas/settings';
import { useLeaveGuard } from '../../../components/leave-guard';
import { isApiError } from '../../../lib/api-error';
import { applyLanguage } from '../../../lib/i18n';
import { useUpdateMySettingMutation } from '../api/settings-api';
import { initialValues, settingRequest, type PersonalValues as Values } from '../lib/setting-values';

/**
 * The own settings: the language (where the platform offers a choice) and, per kind of
 * notification, whether it shows in the app and whether it comes by e-mail. Security notices are
 * always sent (shown locked). The choices are kept when saving fails; leaving unsaved asks first.
 */
export function PersonalSettingsForm({ setting }: { setting: UserSetting }) {
  const { t } = useTranslation(['settings', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdateMySettingMutation();
  const guard = useLeaveGuard(dirty);

  const onFinish = async () => {
    setError(null);
    const values = form.getFieldsValue(true) as Values;
    try {
      const saved = await save(settingRequest(values, setting)).unwrap();
      setDirty(false);
      void message.success(saved.message ?? t('settings:personal.saved'));
      // The app's language follows the account's (the top bar and every page).
      await applyLanguage(saved.value.locale);
    } catch (err) {
      const text = isApiError(err) ? err.message : t('common:errors.generic');
      setError(isApiError(err) && err.errors.length ? err.errors.map((e) => e.message).join(' ') : text);
      void message.error(text);
    }
  };

  const columns = [
    {
      key: 'kind',
      title: t('settings:personal.kind'),
      render: (_: unknown, n: NotificationSetting) => (
        <div data-testid={`kind-${n.kind}`}>
          <Typography.Text strong>{t(`settings:kinds.${n.kind}.title`)}</Typography.Text>
          {n.mandatory && (
            <Tooltip title={t('settings:personal.mandatoryHint')}>
              <Tag icon={<LockOutlined />} style={{ marginInlineStart: 8 }} data-testid={`mandatory-${n.kind}`}>
                {t('settings:personal.mandatory')}
              </Tag>
            </Tooltip>
          )}
          <div>
            <Typography.Text type="secondary">{t(`settings:kinds.${n.kind}.description`)}</Typography.Text>
          </div>
        </div>
      ),
    },
    ...(['in_app', 'email'] as const).map((channel) => ({
      key: channel,
      title: t(`settings:personal.channel.${channel}`),
      width: 140,
      align: 'center' as const,
      render: (_: unknown, n: NotificationSetting) => (
        <Form.Item name={['notifications', n.kind, channel]} valuePropName="checked" noStyle>
          <Switch
            disabled={n.mandatory}
            aria-label={`${t(`settings:kinds.${n.kind}.title`)}: ${t(`settings:personal.channel.${channel}`)}`}
            data-testid={`switch-${n.kind}-${channel}`}
          />
        </Form.Item>
      ),
    })),
  ];

  return (
    <Form<Values>
      name="personal-settings"
      noValidate
      form={form}
      layout="vertical"
      initialValues={initialValues(setting)}
      onValuesChange={() => setDirty(true)}
      onFinish={() => void onFinish()}
      disabled={isLoading}
      data-testid="personal-settings-form"
    >
      {guard.prompt}
      <Form.Item label={t('settings:personal.language')} htmlFor="personal-settings_locale" style={{ maxWidth: 320 }}>
        {setting.locales.length > 1 ? (
          <Form.Item name="locale" noStyle>
            <Select
              data-testid="setting-locale"
              options={setting.locales.map((l) => ({ value: l, label: t(`common:language.name.${l}`) }))}
            />
          </Form.Item>
        ) : (
          <Typography.Text data-testid="setting-locale-fixed">
            {t(`common:language.name.${setting.locales[0]}`)}
          </Typography.Text>
        )}
      </Form.Item>
      <Typography.Title level={5}>{t('settings:personal.notifications')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings:personal.notificationsHint')}</Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="personal-error" />
      )}
      <Table<NotificationSetting>
        rowKey="kind"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={setting.notifications}
        locale={{ emptyText: t('settings:personal.noKinds') }}
        data-testid="notification-switches"
      />
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="personal-save">
          {t('common:actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
