import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_PATTERN } from '@agrihub/contract/constants';
import { paths } from '../../../config/paths';
import { PublicCard } from '../../../components/public-card';
import { isApiError } from '../../../lib/api-error';
import { useForgotPasswordMutation } from '../../../lib/session-api';
import { LinkButton } from '../../../components/link-button';

/** Asks for a reset link. The server answers the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'validation']);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setError(null);
    try {
      const answer = await forgot({ email: email.trim() }).unwrap();
      setSent(answer.meta?.message ?? t('auth:forgot.sent'));
    } catch (e) {
      setError(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  if (sent) {
    return (
      <PublicCard>
        <Result
          status="success"
          title={t('auth:forgot.sentTitle')}
          subTitle={sent}
          data-testid="forgot-password-sent"
          extra={
            <LinkButton to={paths.login} type="primary">
              {t('auth:backToLogin')}
            </LinkButton>
          }
        />
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')} testId="forgot-password-card">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="forgot-password-error" />
      )}
      <Form
        name="forgot-password"
        noValidate
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item
          name="email"
          label={t('auth:fields.email')}
          rules={[
            { required: true, whitespace: true, message: t('validation:pleaseInputEmail') },
            { pattern: EMAIL_PATTERN, message: t('validation:invalidEmail') },
          ]}
        >
          <Input
            prefix={<MailOutlined />}
            inputMode="email"
            autoComplete="email"
            autoFocus
            data-testid="forgot-email"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading} data-testid="forgot-submit">
          {t('auth:forgot.submit')}
        </Button>
      </Form>
      <p className="public-center">
        <Link to={paths.login}>{t('auth:backToLogin')}</Link>
      </p>
    </PublicCard>
  );
}
