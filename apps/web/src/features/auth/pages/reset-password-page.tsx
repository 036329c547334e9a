import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordField, resetPasswordRequest } from '@agrihub/contract/schemas/auth';
import { paths } from '../../../config/paths';
import { PublicCard } from '../../../components/public-card';
import { isApiError } from '../../../lib/api-error';
import { contractRule, formIssues, showFieldErrors } from '../../../lib/form-rules';
import { useResetPasswordMutation } from '../../../lib/session-api';
import { LinkButton } from '../../../components/link-button';

interface Values {
  password: string;
  password_confirmation: string;
}

/** The contract's reset request plus the confirmation, with the spec §5 rules and messages. */
const resetForm = resetPasswordRequest
  .extend({ password_confirmation: passwordField('pleaseInputConfirmPassword') })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'passwordNotMatches',
    path: ['password_confirmation'],
  });

/** The mailed link `/reset?token=…`: new password + confirmation. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const withToken = useMemo(() => (values: Record<string, unknown>) => ({ ...values, token }), [token]);

  if (!token) {
    return (
      <PublicCard>
        <Result
          status="warning"
          title={t('auth:reset.missingToken')}
          subTitle={t('auth:reset.missingTokenHint')}
          data-testid="reset-missing-token"
          extra={
            <LinkButton to={paths.forgotPassword} type="primary">
              {t('auth:reset.requestNew')}
            </LinkButton>
          }
        />
      </PublicCard>
    );
  }

  const onFinish = async (values: Values) => {
    setError(null);
    const issues = formIssues(resetForm, withToken({ ...values }), t).filter((i) => i.name[0] !== 'token');
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    try {
      const answer = await reset({ token, password: values.password }).unwrap();
      const done = answer.meta?.message ?? t('auth:reset.done');
      void navigate(paths.login, { replace: true, state: { notice: done } });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <PublicCard title={t('auth:reset.title')} subtitle={t('auth:reset.subtitle')} testId="reset-password-card">
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="reset-error"
          action={<Link to={paths.forgotPassword}>{t('auth:reset.requestNew')}</Link>}
        />
      )}
      <Form<Values>
        name="reset-password"
        noValidate
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item
          name="password"
          label={t('auth:fields.newPassword')}
          required
          rules={[contractRule(resetForm, 'password', t, withToken)]}
        >
          <Input.Password autoComplete="new-password" autoFocus data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('auth:fields.confirmPassword')}
          required
          dependencies={['password']}
          rules={[contractRule(resetForm, 'password_confirmation', t, withToken)]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading} data-testid="reset-submit">
          {t('auth:reset.submit')}
        </Button>
      </Form>
    </PublicCard>
  );
}
