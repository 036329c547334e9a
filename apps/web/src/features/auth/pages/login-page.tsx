import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { EMAIL_PATTERN } from '@agrihub/contract/constants';
import { DEFAULT_PRIVATE_PATH, NEXT_PARAM, paths } from '../../../config/paths';
import { PublicCard } from '../../../components/public-card';
import { isApiError } from '../../../lib/api-error';
import { safeNextPath } from '../../../lib/next-path';
import { platform } from '../../../lib/platform';
import { useLoginMutation } from '../../../lib/session-api';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { loginFinished, loginStarted } from '../../../stores/login-slice';
import { tokenReceived } from '../../../lib/session-actions';
import { sessionEndSeen } from '../../../stores/user-slice';

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

const AUTH_PAGES = [paths.login, paths.register, paths.forgotPassword, paths.reset];

/** Email + password + remember me. A wrong password shows the server's message as it is. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'validation']);
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.user.token);
  const saved = useAppSelector((s) => s.login);
  const [params] = useSearchParams();
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const next = safeNextPath(params.get(NEXT_PARAM), DEFAULT_PRIVATE_PATH, AUTH_PAGES);
  // Why the last session ended (expired, revoked, logged out): brought by the redirect to /login, or
  // kept by the store when it ended elsewhere (a public page) and the visitor comes here later.
  const ended = useAppSelector((s) => s.user.ended);
  const [endedNotice] = useState(ended?.notice);
  const notice = (location.state as { notice?: string } | null)?.notice ?? endedNotice;
  useEffect(() => {
    if (ended) dispatch(sessionEndSeen());
  }, [ended, dispatch]);

  if (token) return <Navigate to={next} replace />;

  const onFinish = async ({ username, password, remember }: Values) => {
    setError(null);
    dispatch(loginStarted({ username: username.trim(), remember }));
    try {
      const answer = await login({ username: username.trim(), password }).unwrap();
      // Storing the token re-renders this page into a redirect to `next`.
      dispatch(tokenReceived({ token: answer, remember }));
    } catch (e) {
      setError(isApiError(e) ? e.message : t('common:errors.generic'));
      form.setFieldValue('password', '');
    } finally {
      dispatch(loginFinished());
    }
  };

  return (
    <PublicCard
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle', { platform: platform.name })}
      testId="login-card"
    >
      {notice && !error && (
        <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<Values>
        noValidate
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: saved.username, remember: saved.remember }}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item
          name="username"
          label={t('auth:fields.email')}
          rules={[
            { required: true, whitespace: true, message: t('validation:pleaseInputEmail') },
            { pattern: EMAIL_PATTERN, message: t('validation:invalidEmail') },
          ]}
        >
          <Input
            prefix={<MailOutlined />}
            inputMode="email"
            autoComplete="username"
            autoFocus
            placeholder={t('auth:fields.emailPlaceholder')}
            data-testid="login-email"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth:fields.password')}
          rules={[{ required: true, message: t('auth:login.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="remember-me">{t('auth:login.remember')}</Checkbox>
          </Form.Item>
          <Link to={paths.forgotPassword} data-testid="link-forgot-password">
            {t('auth:login.forgot')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading} data-testid="login-submit">
          {t('auth:login.submit')}
        </Button>
      </Form>
      <p className="public-center">
        {t('auth:login.noAccount')}{' '}
        {/* A visitor sent here on the way to a page signs up and still comes back to it. */}
        <Link to={{ pathname: paths.register, search: location.search }} data-testid="link-register">
          {t('auth:login.register')}
        </Link>
      </p>
    </PublicCard>
  );
}
