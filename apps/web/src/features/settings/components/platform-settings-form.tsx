import { useState } from 'react';
import { Alert, App, Button, Col, Divider, Flex, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { updatePlatformSettingRequest, type PlatformSetting } from '@agrihub/contract/schemas/settings';
import { useLeaveGuard } from '../../../components/leave-guard';
import { isApiError } from '../../../lib/api-error';
import { contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useUpdatePlatformSettingMutation } from '../api/settings-api';
import {
  PLATFORM_FIELDS,
  platformRequest,
  platformValues,
  type PlatformField as Field,
  type PlatformValues as Values,
} from '../lib/setting-values';

/**
 * The platform's public contact details (footers of the public pages, mails) and the optional
 * analytics and chat ids (spec §9), loaded on the public pages only when set. Role admin only.
 */
export function PlatformSettingsForm({ setting }: { setting: PlatformSetting }) {
  const { t } = useTranslation(['settings', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdatePlatformSettingMutation();
  const guard = useLeaveGuard(dirty);
  const rule = (field: Field) =>
    contractRule(updatePlatformSettingRequest, field, t, (v) => platformRequest(v as Values));

  const onFinish = async () => {
    setError(null);
    const body = platformRequest(form.getFieldsValue(true) as Values);
    const issues = formIssues(updatePlatformSettingRequest, body, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    try {
      const saved = await save(body).unwrap();
      form.setFieldsValue(platformValues(saved.value));
      setDirty(false);
      void message.success(saved.message ?? t('settings:platform.saved'));
    } catch (err) {
      if (isApiError(err)) {
        showFieldErrors(form, serverFieldErrors(err.errors, PLATFORM_FIELDS));
        setError(err.message);
        void message.error(err.message);
      } else void message.error(t('common:errors.generic'));
    }
  };

  const field = (name: Field, extra?: { placeholder?: string; help?: string; wide?: boolean }) => (
    <Col span={extra?.wide ? 24 : 12} key={name}>
      <Form.Item name={name} label={t(`settings:platform.fields.${name}`)} rules={[rule(name)]} extra={extra?.help}>
        <Input placeholder={extra?.placeholder} allowClear data-testid={`platform-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<Values>
      name="platform-settings"
      noValidate
      form={form}
      layout="vertical"
      initialValues={platformValues(setting)}
      onValuesChange={() => setDirty(true)}
      onFinish={() => void onFinish()}
      disabled={isLoading}
      data-testid="platform-settings-form"
    >
      {guard.prompt}
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="platform-error" />
      )}
      <Typography.Title level={5}>{t('settings:platform.contact')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings:platform.contactHint')}</Typography.Paragraph>
      <Row gutter={16}>
        {field('hotline', { placeholder: '1900 1234', help: t('settings:platform.help.hotline') })}
        {field('email', { placeholder: 'lienhe@example.vn' })}
        {field('address', { wide: true })}
        {field('working_hours', { placeholder: t('settings:platform.placeholder.working_hours'), wide: true })}
      </Row>
      <Divider />
      <Typography.Title level={5}>{t('settings:platform.thirdParty')}</Typography.Title>
      <Alert type="info" showIcon message={t('settings:platform.thirdPartyHint')} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        {field('ga_measurement_id', {
          placeholder: 'G-XXXXXXXXXX',
          help: t('settings:platform.help.ga_measurement_id'),
        })}
        {field('facebook_page', { placeholder: 'trangcuaban', help: t('settings:platform.help.facebook_page') })}
        {field('zalo_oa_id', { placeholder: '579745863508352884', help: t('settings:platform.help.zalo_oa_id') })}
      </Row>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" data-testid="platform-updated">
          {setting.updated_at
            ? t('settings:platform.updatedAt', { time: formatDateTime(setting.updated_at, currentLocale()) })
            : ''}
        </Typography.Text>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="platform-save">
          {t('common:actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
