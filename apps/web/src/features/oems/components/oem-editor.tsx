import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router';
import { UNITS } from '@agrihub/contract/constants';
import { PROVINCES } from '@agrihub/contract/geo';
import {
  OEM_ADDRESS_MAX,
  OEM_CONTACT_MAX,
  OEM_MAX_CATEGORIES,
  OEM_NAME_MAX,
  OEM_NOTE_MAX,
  OEM_WEBSITE_MAX,
  certificateValidity,
  daysUntil,
  producerOemCreate,
  type ProducerOem,
} from '@agrihub/contract/schemas/oems';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { CategoriesSelect } from '../../../components/category-select';
import { CertificatesField } from '../../../components/certificates-field';
import { useLeaveGuard } from '../../../components/leave-guard';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { contractRule, showRefusedSave } from '../../../lib/form-rules';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useCreateOemMutation, useUpdateOemMutation } from '../api/oems-api';
import { oemFieldErrors, oemRequestOf, oemToValues, type CertificateValues, type OemFormValues } from '../lib/oem-form';
import { ValidityTag } from './validity-tag';

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));
const UNIT_OPTIONS = UNITS.map((u) => ({ value: u, label: u }));

/** Each certificate of the form with its validity today, as it stands while being edited. */
function CertificateStates() {
  const { t } = useTranslation('oems');
  const certificates = (Form.useWatch<CertificateValues[] | undefined>('certificates') ?? []).filter(Boolean);
  const today = todayInVietnam();
  const dated = certificates.filter((c) => c.name?.trim());
  if (!dated.length) return null;
  return (
    <Flex vertical gap={6} style={{ marginBottom: 16 }} data-testid="oem-certificate-states">
      {dated.map((c, i) => {
        const until = c.valid_until && c.valid_until.isValid() ? c.valid_until.format('YYYY-MM-DD') : null;
        return (
          <Flex key={i} justify="space-between" align="center" gap={8} data-testid="oem-certificate-state">
            <Typography.Text ellipsis style={{ maxWidth: 460 }}>
              {c.name}
              {c.number ? ` · ${c.number}` : ''}
              {until && (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('certificates.validUntilOn', { date: formatDate(until, currentLocale()) })}
                </Typography.Text>
              )}
            </Typography.Text>
            {until ? (
              <ValidityTag
                validity={certificateValidity(until, today)}
                validUntil={until}
                daysLeft={daysUntil(until, today)}
              />
            ) : (
              <Typography.Text type="secondary">{t('certificates.noExpiry')}</Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/**
 * An OEM producer's form (/admin/add-oem, /admin/oems/{id}): company and contact, province, the
 * categories it makes, monthly capacity and MOQ with their units, certificates (with their
 * validity as typed), cooperating or not, a note. The contract's rules on the fields; the
 * server's 422s under them and what was typed kept; leaving with unsaved changes asks first. A
 * reader without create/update sees the form read-only, with no save button.
 */
export function OemEditor({ oem }: { oem: ProducerOem | null }) {
  const { t } = useTranslation('oems');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = currentLocale();
  const ability = useAppAbility();
  const canSave = ability.can(oem ? 'update' : 'create', 'producer_oem');
  const [form] = Form.useForm<OemFormValues>();
  const initial = useMemo(() => oemToValues(oem), [oem]);
  const categories = useCategoriesQuery();
  const [create, creating] = useCreateOemMutation();
  const [update, updating] = useUpdateOemMutation();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { prompt, release } = useLeaveGuard(dirty);
  const saving = creating.isLoading || updating.isLoading;

  const rule = (field: string) =>
    contractRule(producerOemCreate, field, t, (v) => oemRequestOf(v as unknown as OemFormValues));

  const save = async () => {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const body = oemRequestOf(form.getFieldsValue(true) as OemFormValues);
    try {
      const answer = oem ? await update({ id: oem.id, body }).unwrap() : await create(body).unwrap();
      void message.success(answer.message ?? t('form.saved'));
      setDirty(false);
      if (!oem) {
        release();
        void navigate(generatePath(paths.adminOem, { id: String(answer.oem.id) }), { replace: true });
      } else {
        form.setFieldsValue(oemToValues(answer.oem));
      }
    } catch (e) {
      showRefusedSave(form, e, (refusal) => oemFieldErrors(refusal.errors), {
        failure: setFailure,
        toast: (text) => void message.error(text),
        generic: t('errors.generic'),
      });
    }
  };

  return (
    <Flex vertical gap={16} data-testid="oem-editor">
      {prompt}
      <Flex justify="space-between" align="center">
        <Flex vertical gap={4}>
          <Link to={paths.adminOems}>
            <ArrowLeftOutlined /> {t('form.backToList')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {oem ? oem.name : t('form.createTitle')}
          </Typography.Title>
        </Flex>
        <Space>
          {oem && (
            <Typography.Text type="secondary" data-testid="oem-updated">
              {t('form.updatedAt', { time: formatDateTime(oem.updated_at, locale) })}
              {oem.created_by ? ` · ${t('form.createdBy', { name: oem.created_by.name })}` : ''}
            </Typography.Text>
          )}
          {canSave && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void save()}
              data-testid="oem-save"
            >
              {oem ? t('actions.save') : t('actions.create')}
            </Button>
          )}
        </Space>
      </Flex>
      {!canSave && <Alert type="info" showIcon title={t('form.readOnly')} data-testid="oem-read-only" />}
      {failure && <Alert type="error" showIcon title={failure} data-testid="oem-error" />}
      <Form<OemFormValues>
        name="oem"
        noValidate
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={() => setDirty(true)}
        data-testid="oem-form"
      >
        <Row gutter={16} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Flex vertical gap={16}>
              <Card title={t('form.company')} size="small">
                <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
                  <Input maxLength={OEM_NAME_MAX} placeholder={t('form.namePlaceholder')} data-testid="oem-name" />
                </Form.Item>
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item name="tax_code" label={t('fields.tax_code')} rules={[rule('tax_code')]}>
                      <Input maxLength={13} inputMode="numeric" data-testid="oem-tax-code" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="website" label={t('fields.website')} rules={[rule('website')]}>
                      <Input maxLength={OEM_WEBSITE_MAX} placeholder="https://" data-testid="oem-website" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="contact_name" label={t('fields.contact_name')} rules={[rule('contact_name')]}>
                      <Input maxLength={OEM_CONTACT_MAX} data-testid="oem-contact" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="phone" label={t('fields.phone')} rules={[rule('phone')]}>
                      <Input maxLength={20} inputMode="tel" data-testid="oem-phone" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="email" label={t('fields.email')} rules={[rule('email')]}>
                      <Input maxLength={254} inputMode="email" data-testid="oem-email" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="province_code" label={t('fields.province_code')} rules={[rule('province_code')]}>
                      <Select
                        allowClear
                        showSearch={{ optionFilterProp: 'label' }}
                        options={PROVINCE_OPTIONS}
                        placeholder={t('form.provincePlaceholder')}
                        data-testid="oem-province"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={16}>
                    <Form.Item name="address" label={t('fields.address')} rules={[rule('address')]}>
                      <Input
                        maxLength={OEM_ADDRESS_MAX}
                        placeholder={t('form.addressPlaceholder')}
                        data-testid="oem-address"
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title={t('form.production')} size="small">
                <Form.Item
                  name="category_ids"
                  label={t('fields.category_ids')}
                  extra={t('form.categoriesHelp')}
                  rules={[rule('category_ids')]}
                >
                  <CategoriesSelect
                    categories={categories.data ?? []}
                    loading={categories.isLoading}
                    onlyLeaves={false}
                    max={OEM_MAX_CATEGORIES}
                    placeholder={t('form.categoriesPlaceholder')}
                    testId="oem-categories"
                  />
                </Form.Item>
                {categories.isError && <Alert type="warning" showIcon title={t('form.categoriesFailed')} />}
                <Row gutter={16}>
                  <Col span={7}>
                    <Form.Item
                      name="monthly_capacity"
                      label={t('fields.monthly_capacity')}
                      rules={[rule('monthly_capacity')]}
                    >
                      <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} data-testid="oem-capacity" />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item
                      name="capacity_unit"
                      label={t('fields.capacity_unit')}
                      dependencies={['monthly_capacity']}
                      rules={[rule('capacity_unit')]}
                    >
                      <Select allowClear options={UNIT_OPTIONS} data-testid="oem-capacity-unit" />
                    </Form.Item>
                  </Col>
                  <Col span={7}>
                    <Form.Item name="moq" label={t('fields.moq')} rules={[rule('moq')]}>
                      <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} data-testid="oem-moq" />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item
                      name="moq_unit"
                      label={t('fields.moq_unit')}
                      dependencies={['moq']}
                      rules={[rule('moq_unit')]}
                    >
                      <Select allowClear options={UNIT_OPTIONS} data-testid="oem-moq-unit" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title={t('fields.certificates')} size="small" data-testid="oem-certificates-card">
                <CertificateStates />
                <CertificatesField ns="oems" testIdPrefix="oem-" disabled={!canSave} />
              </Card>
            </Flex>
          </Col>
          <Col flex="320px">
            <Card title={t('form.cooperation')} size="small">
              <Form.Item name="active" label={t('fields.active')} valuePropName="checked" extra={t('form.activeHelp')}>
                <Switch
                  checkedChildren={t('list.activeOn')}
                  unCheckedChildren={t('list.activeOff')}
                  data-testid="oem-active-switch"
                />
              </Form.Item>
              <Form.Item name="note" label={t('fields.note')} rules={[rule('note')]} style={{ marginBottom: 0 }}>
                <Input.TextArea rows={6} maxLength={OEM_NOTE_MAX} showCount data-testid="oem-note" />
              </Form.Item>
            </Card>
          </Col>
        </Row>
      </Form>
    </Flex>
  );
}
