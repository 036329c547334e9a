import { useState } from 'react';
import { App, Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@agrihub/contract/platforms';
import { updateAccountRequest, type User } from '@agrihub/contract/schemas/auth';
import { formatPhone } from '@agrihub/contract/phone';
import { useLeaveGuard } from '../../../components/leave-guard';
import { isApiError } from '../../../lib/api-error';
import { blankToNull, contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { applyLanguage } from '../../../lib/i18n';
import { offersLanguageChoice } from '../../../lib/language';
import { platform } from '../../../lib/platform';
import { useUpdateAccountMutation, type AccountUpdate } from '../../../lib/session-api';

interface Values {
  name: string;
  phone: string | null;
  locale: Locale;
}

const prepare = (values: Record<string, unknown>) => {
  const v = blankToNull(values, ['name']);
  if (!offersLanguageChoice) delete v.locale;
  return v;
};

/** Account information: name, phone, language; the email is shown read-only. */
export function AccountInfoTab({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateAccountMutation();
  // Leaving with unsaved edits asks first.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const rule = (field: string) => contractRule(updateAccountRequest, field, t, prepare);

  const onFinish = async (values: Values) => {
    const body = prepare({ ...values }) as AccountUpdate;
    const issues = formIssues(updateAccountRequest, body, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    try {
      const saved = await update(body).unwrap();
      setDirty(false);
      form.setFieldValue('phone', formatPhone(saved.phone) || null);
      void message.success(t('account:accountInfo.saved'));
      if (offersLanguageChoice) await applyLanguage(saved.locale);
    } catch (error) {
      if (isApiError(error)) {
        void message.error(error.message);
        showFieldErrors(form, serverFieldErrors(error.errors, ['name', 'phone', 'locale']));
      } else void message.error(t('common:errors.generic'));
    }
  };

  return (
    <Form<Values>
      name="account-info"
      noValidate
      form={form}
      layout="vertical"
      // The stored E.164 number, as the user reads and types it (0912 345 678).
      initialValues={{ name: user.name, phone: formatPhone(user.phone) || null, locale: user.locale }}
      onValuesChange={() => setDirty(true)}
      onFinish={onFinish}
      disabled={isLoading}
      style={{ maxWidth: 520 }}
      data-testid="account-form"
    >
      {guard.prompt}
      <Form.Item label={t('account:accountInfo.email')} htmlFor="account-info-email">
        <Input id="account-info-email" value={user.email} disabled readOnly data-testid="account-email" />
      </Form.Item>
      <Form.Item name="name" label={t('account:accountInfo.name')} required rules={[rule('name')]}>
        <Input autoComplete="name" data-testid="account-name" />
      </Form.Item>
      <Form.Item name="phone" label={t('account:accountInfo.phone')} rules={[rule('phone')]}>
        <Input autoComplete="tel" inputMode="tel" placeholder="0912 345 678" data-testid="account-phone" />
      </Form.Item>
      {offersLanguageChoice ? (
        <Form.Item name="locale" label={t('account:accountInfo.locale')} rules={[rule('locale')]}>
          <Select
            data-testid="account-locale"
            options={platform.locales.map((l) => ({ value: l, label: t(`common:language.name.${l}`) }))}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('account:accountInfo.locale')}>
          <Typography.Text data-testid="account-locale-fixed">
            {t(`common:language.name.${platform.locales[0]}`)}
          </Typography.Text>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading} data-testid="account-submit">
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}
