import { useState, type ReactNode } from 'react';
import { App, Button, Col, Empty, Form, Input, InputNumber, Row, Select, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROVINCES } from '@agrihub/contract/geo';
import { PRODUCER_PROFILE_FIELDS, updateProducerRequest, type Producer } from '@agrihub/contract/schemas/producers';
import { formatPhone } from '@agrihub/contract/phone';
import {
  DEFAULT_GS1_COMPANY_PREFIX_LENGTH,
  GS1_COMPANY_PREFIX_LENGTH_MAX,
  GS1_COMPANY_PREFIX_LENGTH_MIN,
} from '@agrihub/contract/epc-uri';
import { QueryError } from '../../../components/query-error';
import { useLeaveGuard } from '../../../components/leave-guard';
import { isApiError } from '../../../lib/api-error';
import { blankToNull, contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { LogoUpload } from './logo-upload';
import { DeleteProducerZone } from './delete-producer-zone';
import { GtinPrefixCheck } from './gtin-prefix-check';
import { useGetProducerQuery, useUpdateProducerMutation, type ProducerUpdate } from '../api/producer-api';

const STATUS_COLOR = { pending: 'gold', approved: 'green', closed: 'red' } as const;

/** The editable fields: the contract's update request (which is also the profile-completeness list). */
const FIELDS = Object.keys(updateProducerRequest.shape) as (keyof ProducerUpdate)[];
type Values = Partial<Record<keyof ProducerUpdate, unknown>>;

/** Blank optional text becomes null; the name stays a string so "required" reads right. */
const prepare = (values: Record<string, unknown>) => blankToNull(values, ['name']);

function initialValues(p: Producer): Values {
  const out: Values = {};
  for (const f of FIELDS) out[f] = p[f as keyof Producer] ?? undefined;
  // The stored E.164 number, as the producer reads and types it (0912 345 678).
  out.phone = formatPhone(p.phone) || undefined;
  return out;
}

/** Business information tab (producers only). */
export function BusinessInfoTab({ producerId }: { producerId: number | null }) {
  const { t } = useTranslation('account');
  const query = useGetProducerQuery(producerId ?? 0, { skip: producerId == null });
  if (producerId == null) return <Empty description={t('business.noProducer')} data-testid="business-no-producer" />;
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.error || !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <BusinessForm producer={query.data} key={query.data.updated_at} />
      {/* A closed producer changes nothing of itself (an administrator closed it). */}
      {query.data.status !== 'closed' && <DeleteProducerZone producer={query.data} />}
    </>
  );
}

function BusinessForm({ producer }: { producer: Producer }) {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const label = useEnumLabel();
  const producerTypes = useEnumOptions('producerType');
  const businessFields = useEnumOptions('businessField');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateProducerMutation();
  // Leaving with unsaved edits asks first; a save remounts the form with the saved values.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const rule = (field: string) => contractRule(updateProducerRequest, field, t, prepare);
  const required = new Set<string>(['name', 'producer_type']);
  const inProfile = (f: string) => (PRODUCER_PROFILE_FIELDS as readonly string[]).includes(f);

  const onFinish = async (values: Values) => {
    const body = prepare(values) as ProducerUpdate;
    const issues = formIssues(updateProducerRequest, body, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    try {
      await update({ id: producer.id, body }).unwrap();
      setDirty(false);
      void message.success(t('account:business.saved'));
    } catch (error) {
      if (isApiError(error)) {
        void message.error(error.message);
        showFieldErrors(form, serverFieldErrors(error.errors, FIELDS));
      } else void message.error(t('common:errors.generic'));
    }
  };

  const item = (name: keyof ProducerUpdate, child: ReactNode, span = 12) => (
    <Col span={span}>
      <Form.Item
        name={name}
        label={t(`account:fields.${name}`)}
        required={required.has(name)}
        rules={[rule(name)]}
        tooltip={inProfile(name) && !required.has(name) ? t('account:business.completenessHint') : undefined}
      >
        {child}
      </Form.Item>
    </Col>
  );

  return (
    <Form<Values>
      name="business-info"
      noValidate
      form={form}
      layout="vertical"
      initialValues={initialValues(producer)}
      onValuesChange={() => setDirty(true)}
      onFinish={onFinish}
      disabled={isLoading}
      data-testid="business-form"
      style={{ maxWidth: 880 }}
    >
      {guard.prompt}
      <Form.Item label={t('account:fields.status')}>
        <Tag color={STATUS_COLOR[producer.status]} data-testid="business-status">
          {label('producerStatus', producer.status)}
        </Tag>
      </Form.Item>
      <Form.Item name="logo_url" label={t('account:fields.logo_url')} rules={[rule('logo_url')]}>
        <LogoUpload />
      </Form.Item>
      <Row gutter={24}>
        {item('name', <Input data-testid="business-name" />, 24)}
        {item('producer_type', <Select data-testid="business-producer-type" options={producerTypes} />)}
        {item(
          'business_fields',
          <Select mode="multiple" allowClear data-testid="business-fields" options={businessFields} />,
        )}
        {item('tax_code', <Input inputMode="numeric" data-testid="business-tax-code" />)}
        {item('representative', <Input data-testid="business-representative" />)}
        {item('phone', <Input autoComplete="tel" inputMode="tel" data-testid="business-phone" />)}
        {item('email', <Input inputMode="email" autoComplete="email" data-testid="business-email" />)}
        {item('website', <Input inputMode="url" placeholder="https://" data-testid="business-website" />)}
        {item(
          'province_code',
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            data-testid="business-province"
            placeholder={t('account:business.provincePlaceholder')}
            options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
          />,
        )}
        {item('address', <Input data-testid="business-address" />, 24)}
        {item(
          'description',
          <Input.TextArea rows={4} showCount maxLength={5000} data-testid="business-description" />,
          24,
        )}
        <Col span={12}>
          <Form.Item
            name="gs1_company_prefix_length"
            label={t('account:fields.gs1_company_prefix_length')}
            rules={[rule('gs1_company_prefix_length')]}
            extra={t('account:business.gs1PrefixHelp')}
          >
            <InputNumber
              min={GS1_COMPANY_PREFIX_LENGTH_MIN}
              max={GS1_COMPANY_PREFIX_LENGTH_MAX}
              precision={0}
              placeholder={String(DEFAULT_GS1_COMPANY_PREFIX_LENGTH)}
              style={{ width: '100%' }}
              data-testid="business-gs1-prefix-length"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            noStyle
            shouldUpdate={(a: Values, b: Values) => a.gs1_company_prefix_length !== b.gs1_company_prefix_length}
          >
            {() => {
              const typed = form.getFieldValue('gs1_company_prefix_length') as unknown;
              const length =
                typeof typed === 'number' &&
                typed >= GS1_COMPANY_PREFIX_LENGTH_MIN &&
                typed <= GS1_COMPANY_PREFIX_LENGTH_MAX
                  ? typed
                  : DEFAULT_GS1_COMPANY_PREFIX_LENGTH;
              return <GtinPrefixCheck producerId={producer.id} length={length} />;
            }}
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="business-submit">
          {t('common:actions.save')}
        </Button>
        <Button
          htmlType="button"
          onClick={() => {
            form.resetFields();
            setDirty(false);
          }}
          disabled={isLoading}
        >
          {t('common:actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}
