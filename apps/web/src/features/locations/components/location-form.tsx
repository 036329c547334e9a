import { useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PROVINCES } from '@agrihub/contract/geo';
import {
  CERTIFICATION_SCHEMES,
  LOCATION_KINDS,
  locationRequest,
  type Location,
} from '@agrihub/contract/schemas/locations';
import { StaleAlert } from '../../../components/stale-alert';
import { isApiError } from '../../../lib/api-error';
import { contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useCreateLocationMutation, useUpdateLocationMutation } from '../api/locations-api';
import { useContractText } from '../lib/labels';
import { valuesToRequest, type LocationFormValues } from '../lib/location-form';
import { OutlineField } from './outline-import';

const FIELDS = [
  'kind',
  'name',
  'province_code',
  'commune',
  'address',
  'gln',
  'crop_or_species',
  'geometry',
  'certifications',
];

interface Props {
  initial: LocationFormValues;
  /** null: a new location; otherwise the one being edited (its updated_at is sent for the stale check). */
  location: Location | null;
  onSaved: (l: Location) => void;
  onCancel: () => void;
  onReload?: () => void;
}

/** Add or edit a location: kind, name, address, GLN, outline (imported from a file), crop, certifications. */
export function LocationForm({ initial, location, onSaved, onCancel, onReload }: Props) {
  const { t } = useTranslation('locations');
  const text = useContractText();
  const { message } = App.useApp();
  const [form] = Form.useForm<LocationFormValues>();
  const [create, creating] = useCreateLocationMutation();
  const [update, updating] = useUpdateLocationMutation();
  const [stale, setStale] = useState(false);
  const name = Form.useWatch('name', form) ?? '';
  const prepare = (v: Record<string, unknown>) => valuesToRequest(v);
  const rule = (field: string | (string | number)[]) => contractRule(locationRequest, field, t, prepare);

  const submit = async () => {
    const values = form.getFieldsValue(true) as LocationFormValues;
    const issues = formIssues(locationRequest, prepare(values as never), t);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (issues.length) return showFieldErrors(form, issues);
    const body = valuesToRequest(values, location?.updated_at);
    try {
      const out = location ? await update({ id: location.id, body }).unwrap() : await create(body).unwrap();
      void message.success(out.message ?? t(location ? 'form.updated' : 'form.created'));
      onSaved(out.location);
    } catch (error) {
      // The input stays in the form whatever went wrong.
      if (!isApiError(error)) return void message.error(t('errors.generic'));
      if (error.code === 'stale_update') return setStale(true);
      showFieldErrors(form, serverFieldErrors(error.errors, FIELDS));
      void message.error(error.message);
    }
  };

  return (
    <Form<LocationFormValues>
      name="location"
      form={form}
      layout="vertical"
      noValidate
      initialValues={initial}
      onFinish={() => void submit()}
      data-testid="location-form"
    >
      <Flex vertical gap={16}>
        {stale && (
          <StaleAlert
            title={t('form.staleTitle')}
            description={t('form.staleDescription')}
            reloadText={t('form.reload')}
            onReload={onReload}
            testId="location-stale"
          />
        )}
        <Card title={t('form.general')}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="kind" label={t('fields.kind')} required rules={[rule('kind')]}>
                <Select
                  placeholder={t('form.kindPlaceholder')}
                  options={LOCATION_KINDS.map((k) => ({ value: k, label: text(`location_kind.${k}`) }))}
                  data-testid="location-kind"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
                <Input maxLength={200} placeholder={t('form.namePlaceholder')} data-testid="location-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="province_code" label={t('fields.province')} required rules={[rule('province_code')]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('form.provincePlaceholder')}
                  options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
                  data-testid="location-province"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="commune" label={t('fields.commune')} rules={[rule('commune')]}>
                <Input maxLength={120} data-testid="location-commune" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="address" label={t('fields.address')} rules={[rule('address')]}>
                <Input maxLength={300} placeholder={t('form.addressPlaceholder')} data-testid="location-address" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="gln" label={t('fields.gln')} rules={[rule('gln')]} extra={t('form.glnHint')}>
                <Input maxLength={13} inputMode="numeric" data-testid="location-gln" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="crop_or_species" label={t('fields.crop')} rules={[rule('crop_or_species')]}>
                <Input maxLength={200} placeholder={t('form.cropPlaceholder')} data-testid="location-crop" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('form.outline')}>
          <Form.Item name="geometry" rules={[rule('geometry')]} noStyle={false}>
            <OutlineField name={name} />
          </Form.Item>
        </Card>
        <Card title={t('form.certifications')}>
          <Form.List name="certifications">
            {(items, { add, remove }) => (
              <Flex vertical gap={8}>
                {items.map(({ key, name: i }) => (
                  <Row gutter={8} key={key} align="top" data-testid="certification-row">
                    <Col xs={24} md={4}>
                      <Form.Item
                        name={[i, 'scheme']}
                        label={t('fields.scheme')}
                        rules={[rule(['certifications', i, 'scheme'])]}
                      >
                        <Select
                          options={CERTIFICATION_SCHEMES.map((s) => ({
                            value: s,
                            label: text(`certification_scheme.${s}`),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item
                        name={[i, 'number']}
                        label={t('fields.number')}
                        rules={[rule(['certifications', i, 'number'])]}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item
                        name={[i, 'issuer']}
                        label={t('fields.issuer')}
                        rules={[rule(['certifications', i, 'issuer'])]}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[i, 'valid_from']}
                        label={t('fields.validFrom')}
                        rules={[rule(['certifications', i, 'valid_from'])]}
                      >
                        <Input type="date" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[i, 'valid_until']}
                        label={t('fields.validUntil')}
                        rules={[rule(['certifications', i, 'valid_until'])]}
                      >
                        <Input type="date" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={2}>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('form.removeCertification')}
                          onClick={() => remove(i)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ scheme: 'vietgap' })}
                  data-testid="add-certification"
                >
                  {t('form.addCertification')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={creating.isLoading || updating.isLoading}
            data-testid="save-location"
          >
            {t('actions.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
