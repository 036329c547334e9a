import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  SERVICE_REQUEST_FILES_MAX,
  serviceRequestForm,
  type ServiceRequestCreate,
} from '@agrihub/contract/schemas/service-requests';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { formatPhone } from '@agrihub/contract/phone';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { blankToNull, contractRule, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useAppSelector } from '../../../stores/hooks';
import { useGetServiceQuery, useRegisterServiceMutation } from '../api/services-api';
import { FilesField } from '../components/files-field';
import { PriceText } from '../components/price-text';
import { requestPath, servicePath } from '../lib/paths';
import { answersOf, ServiceFieldInputs } from '../components/service-fields';

interface Values {
  contact_name: string;
  phone: string;
  email?: string;
  company?: string;
  address?: string;
  note?: string;
  attachments?: Upload[];
  /** The service's own fields, by key. */
  fields?: Record<string, unknown>;
}

const prepare = (v: Record<string, unknown>) => {
  const { attachments: _files, fields: _answers, ...form } = blankToNull(v);
  // Optional fields are left out rather than sent empty.
  return Object.fromEntries(Object.entries(form).filter(([, x]) => x != null));
};

/** /services/:slug/register (signed in): who to contact, a note and the documents the service needs. */
export function RegisterServicePage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['services', 'common', 'validation']);
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.user.user);
  const { data: service, isLoading, error, refetch } = useGetServiceQuery(slug);
  const [register, { isLoading: saving }] = useRegisterServiceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const rule = (field: string) => contractRule(serviceRequestForm, field, t, prepare);

  if (isLoading) return <Skeleton active />;
  if (error || !service) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (user?.roles.length) {
    return <Result status="info" title={t('services:form.staffOnly')} />;
  }
  if (!service.available) {
    return (
      <Result
        status="warning"
        title={t('services:detail.unavailableHint')}
        extra={<Link to={servicePath(slug)}>{t('services:detail.back')}</Link>}
      />
    );
  }

  const onFinish = async (values: Values) => {
    setFailure(null);
    try {
      const answers = answersOf(service.form_fields, values.fields);
      const created = await register({
        slug,
        form: {
          ...(prepare(values as unknown as Record<string, unknown>) as unknown as ServiceRequestCreate['form']),
          ...(Object.keys(answers).length ? { fields: answers } : {}),
        },
        attachments: (values.attachments ?? []).map((f) => f.id),
      }).unwrap();
      void navigate(requestPath(created.id), { replace: true, state: { justRegistered: true } });
    } catch (e) {
      if (isApiError(e)) {
        setFailure(e.message);
        showFieldErrors(
          form,
          serverFieldErrors(e.errors?.map((x) => ({ ...x, field: x.field.replace(/^form\./, '') }))),
        );
      } else setFailure(t('common:errors.generic'));
    }
  };

  return (
    <div className="services-page services-form" data-testid="register-service-page">
      <Link to={servicePath(slug)}>{t('services:detail.back')}</Link>
      <Typography.Title level={2} style={{ marginTop: 12 }}>
        {t('services:form.title', { service: service.title })}
      </Typography.Title>
      <PriceText service={service} />
      <Card style={{ marginTop: 16 }}>
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid="register-service-error"
          />
        )}
        <Form<Values>
          name="register-service"
          noValidate
          form={form}
          layout="vertical"
          disabled={saving}
          onFinish={onFinish}
          initialValues={{ contact_name: user?.name ?? '', phone: formatPhone(user?.phone), email: user?.email ?? '' }}
        >
          <Form.Item name="contact_name" label={t('services:form.contactName')} required rules={[rule('contact_name')]}>
            <Input autoComplete="name" data-testid="request-contact-name" />
          </Form.Item>
          <Form.Item name="phone" label={t('services:form.phone')} required rules={[rule('phone')]}>
            <Input type="tel" autoComplete="tel" data-testid="request-phone" />
          </Form.Item>
          <Form.Item name="email" label={t('services:form.email')} rules={[rule('email')]}>
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="company" label={t('services:form.company')} rules={[rule('company')]}>
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item name="address" label={t('services:form.address')} rules={[rule('address')]}>
            <Input autoComplete="street-address" />
          </Form.Item>
          <ServiceFieldInputs fields={service.form_fields} />
          <Form.Item name="note" label={t('services:form.note')} rules={[rule('note')]}>
            <Input.TextArea rows={4} placeholder={t('services:form.notePlaceholder')} data-testid="request-note" />
          </Form.Item>
          {service.type !== 0 && (
            <Form.Item
              name="attachments"
              label={t('services:form.attachments')}
              extra={t('services:form.attachmentsHint')}
            >
              <FilesField max={SERVICE_REQUEST_FILES_MAX} testId="request-files" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" size="large" loading={saving} data-testid="request-submit">
            {service.type === 0 ? t('services:form.submitFree') : t('services:form.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
