import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Result, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_MESSAGE_BODY_MAX,
  CLIENT_MESSAGE_HONEYPOT,
  clientMessageInput,
  type ClientMessageTopic,
} from '@agrihub/contract/schemas/client-messages';
import { contentPaths } from '../config/other-entries';
import { isApiError } from '../lib/api-error';
import { useSendClientMessageMutation } from '../lib/client-messages-api';
import { useEnumOptions } from '../lib/enums';
import { contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../lib/form-rules';

interface Values {
  name?: string;
  phone?: string;
  email?: string;
  company?: string;
  topic?: ClientMessageTopic;
  service_slug?: string;
  message?: string;
  consent?: boolean;
  [CLIENT_MESSAGE_HONEYPOT]?: string;
}

interface Props {
  /** The topic chosen when the form opens (service advice on the services pages). */
  topic?: ClientMessageTopic;
  /** Services the visitor may name (a select); none hides the field. */
  services?: { slug: string; title: string }[];
  /** The service preselected (a service page). */
  serviceSlug?: string;
  title?: string;
  testId?: string;
}

/** The form's values as the API reads them: blanks left out, the consent as ticked. */
function toInput(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string' && v.trim() === '') continue;
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
}

const FIELDS = ['name', 'phone', 'email', 'company', 'topic', 'service_slug', 'message', 'consent'];

/**
 * The public contact form (a lead, DESIGN §5.4): name, phone, e-mail, company, topic, the service,
 * the message and the required consent to personal-data processing with a link to the
 * information-security page; a hidden honeypot. Checked by the contract's schema before sending;
 * the server's field errors show under their fields and what was typed stays.
 */
export function ContactForm({
  topic = 'service_advice',
  services,
  serviceSlug,
  title,
  testId = 'contact-form',
}: Props) {
  const { t } = useTranslation(['contact', 'common', 'validation']);
  const topics = useEnumOptions('clientMessageTopic');
  const [send, { isLoading }] = useSendClientMessageMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const rule = (field: string) => contractRule(clientMessageInput, field, t, toInput);

  const onFinish = async (values: Values) => {
    setFailure(null);
    const input = toInput(values as Record<string, unknown>);
    const issues = formIssues(clientMessageInput, input, t);
    if (issues.length) return showFieldErrors(form, issues);
    try {
      setSent(await send(input as never).unwrap());
      form.resetFields();
    } catch (e) {
      if (!isApiError(e)) return setFailure(t('common:errors.generic'));
      setFailure(e.message);
      showFieldErrors(form, serverFieldErrors(e.errors ?? [], FIELDS));
    }
  };

  if (sent !== null) {
    return (
      <Card data-testid={testId}>
        <Result
          status="success"
          title={t('contact:sentTitle')}
          subTitle={sent}
          data-testid="contact-sent"
          extra={<Button onClick={() => setSent(null)}>{t('contact:sendAnother')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card title={title ?? t('contact:title')} data-testid={testId}>
      {failure && (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="contact-error" />
      )}
      <Form<Values>
        name="contact"
        noValidate
        form={form}
        layout="vertical"
        initialValues={{ topic, service_slug: serviceSlug, consent: false }}
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('contact:fields.name')} required rules={[rule('name')]}>
              <Input autoComplete="name" maxLength={120} data-testid="contact-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('contact:fields.phone')} required rules={[rule('phone')]}>
              <Input autoComplete="tel" inputMode="tel" placeholder="0912 345 678" data-testid="contact-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('contact:fields.email')} rules={[rule('email')]}>
              <Input autoComplete="email" inputMode="email" data-testid="contact-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="company" label={t('contact:fields.company')} rules={[rule('company')]}>
              <Input autoComplete="organization" maxLength={200} data-testid="contact-company" />
            </Form.Item>
          </Col>
          <Col xs={24} md={services ? 12 : 24}>
            <Form.Item name="topic" label={t('contact:fields.topic')} required rules={[rule('topic')]}>
              <Select options={topics} data-testid="contact-topic" />
            </Form.Item>
          </Col>
          {services && (
            <Col xs={24} md={12}>
              <Form.Item name="service_slug" label={t('contact:fields.service')} rules={[rule('service_slug')]}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('contact:servicePlaceholder')}
                  options={services.map((s) => ({ value: s.slug, label: s.title }))}
                  data-testid="contact-service"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item name="message" label={t('contact:fields.message')} required rules={[rule('message')]}>
          <Input.TextArea rows={4} maxLength={CLIENT_MESSAGE_BODY_MAX} showCount data-testid="contact-message" />
        </Form.Item>
        {/* The honeypot: out of sight and out of the tab order; a person leaves it empty. */}
        <Form.Item name={CLIENT_MESSAGE_HONEYPOT} hidden>
          <Input tabIndex={-1} autoComplete="off" aria-hidden />
        </Form.Item>
        <Form.Item name="consent" valuePropName="checked" rules={[rule('consent')]}>
          <Checkbox data-testid="contact-consent">
            {t('contact:consent')}{' '}
            {/* The content entry's page (a full load), in a new tab: the form keeps what was typed. */}
            <a href={contentPaths.informationSecurity} target="_blank" rel="noopener">
              {t('contact:consentLink')}
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="contact-submit">
          {t('contact:submit')}
        </Button>
      </Form>
    </Card>
  );
}
