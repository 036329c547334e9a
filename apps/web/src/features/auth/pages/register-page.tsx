import { useState } from 'react';
import { Alert, Button, Col, Divider, Form, Input, Result, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { passwordField, registrationRequest } from '@agrihub/contract/schemas/auth';
import { paths } from '../../../config/paths';
import { PublicCard } from '../../../components/public-card';
import { isApiError } from '../../../lib/api-error';
import { blankToNull, contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useEnumOptions } from '../../../lib/enums';
import { currentLocale } from '../../../lib/i18n';
import { useRegisterMutation, type RegistrationArgs } from '../../../lib/session-api';
import { LinkButton } from '../../../components/link-button';

interface Values {
  email: string;
  password: string;
  password_confirmation: string;
  name: string;
  phone?: string;
  producer: { name: string; producer_type?: string; business_fields?: string[] };
}

const registerForm = registrationRequest
  .extend({ password_confirmation: passwordField('pleaseInputConfirmPassword') })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'passwordNotMatches',
    path: ['password_confirmation'],
  });

/** What the API receives: no blank optional phone, the UI language as the account's. */
function prepare(values: Record<string, unknown>) {
  const v = blankToNull(values) as unknown as Values;
  return {
    ...v,
    phone: v.phone ?? undefined,
    locale: currentLocale(),
    producer: { ...v.producer, business_fields: v.producer?.business_fields ?? [] },
  };
}

/** A producer signs up with its business; the account then waits for approval. */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'account', 'common', 'validation']);
  const producerTypes = useEnumOptions('producerType');
  const businessFields = useEnumOptions('businessField');
  const [register, { isLoading }] = useRegisterMutation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  // `?next=` (a page the visitor was going to) goes on to the login page, which returns there.
  const toLogin = { pathname: paths.login, search: useLocation().search };
  const rule = (field: string | string[]) => contractRule(registerForm, field, t, prepare);

  const onFinish = async (values: Values) => {
    setError(null);
    const body = prepare(values as unknown as Record<string, unknown>);
    const issues = formIssues(registerForm, body, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    const { password_confirmation: _confirmation, ...request } = body;
    try {
      const answer = await register(request as RegistrationArgs).unwrap();
      setDone(answer.meta?.message ?? t('auth:register.done'));
    } catch (e) {
      if (isApiError(e)) {
        setError(e.message);
        showFieldErrors(form, serverFieldErrors(e.errors));
      } else setError(t('common:errors.generic'));
    }
  };

  if (done) {
    return (
      <PublicCard>
        <Result
          status="success"
          title={t('auth:register.doneTitle')}
          subTitle={done}
          data-testid="register-done"
          extra={
            <LinkButton to={toLogin} type="primary">
              {t('auth:backToLogin')}
            </LinkButton>
          }
        />
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('auth:register.title')} subtitle={t('auth:register.subtitle')} wide testId="register">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="register-error" />}
      <Form<Values> name="register" noValidate form={form} layout="vertical" onFinish={onFinish} disabled={isLoading}>
        <Divider titlePlacement="start" plain>
          {t('auth:register.account')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('account:accountInfo.name')} required rules={[rule('name')]}>
              <Input autoComplete="name" data-testid="register-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('account:accountInfo.phone')} rules={[rule('phone')]}>
              <Input autoComplete="tel" data-testid="register-phone" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label={t('auth:fields.email')} required rules={[rule('email')]}>
          <Input inputMode="email" autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label={t('auth:fields.password')} required rules={[rule('password')]}>
              <Input.Password autoComplete="new-password" data-testid="register-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password_confirmation"
              label={t('auth:fields.confirmPassword')}
              required
              dependencies={['password']}
              rules={[rule('password_confirmation')]}
            >
              <Input.Password autoComplete="new-password" data-testid="register-password-confirm" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('auth:register.business')}
        </Divider>
        <Form.Item
          name={['producer', 'name']}
          label={t('account:fields.name')}
          required
          rules={[rule(['producer', 'name'])]}
        >
          <Input data-testid="register-producer-name" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['producer', 'producer_type']}
              label={t('account:fields.producer_type')}
              required
              rules={[rule(['producer', 'producer_type'])]}
            >
              <Select data-testid="register-producer-type" options={producerTypes} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name={['producer', 'business_fields']} label={t('account:fields.business_fields')}>
              <Select mode="multiple" data-testid="register-business-fields" options={businessFields} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading} data-testid="register-submit">
          {t('auth:register.submit')}
        </Button>
      </Form>
      <p className="public-center">
        {t('auth:register.haveAccount')} <Link to={toLogin}>{t('auth:backToLogin')}</Link>
      </p>
    </PublicCard>
  );
}
