import { useState } from 'react';
import { Button, Card, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UNITS } from '@agrihub/contract/constants';
import { PROVINCES } from '@agrihub/contract/geo';
import type { Batch } from '@agrihub/contract/schemas/traceabilities';
import { batchRequest } from '@agrihub/contract/schemas/traceabilities';
import { contractRule } from '../../../lib/form-rules';
import { valuesToRequest, type BatchFormValues } from '../lib/batch-form';
import { useSaveBatch } from '../lib/use-save-batch';
import { CertificatesField } from '../../../components/certificates-field';
import { StaleAlert } from '../../../components/stale-alert';
import { useLeaveGuard } from '../../../components/leave-guard';
import { ProductSelect } from './product-select';

interface Props {
  initial: BatchFormValues;
  batchId: number | null;
  onSaved: (b: Batch) => void;
  onCancel?: () => void;
  /** Editing: the updated_at of the batch shown; a save over a newer version is refused (409 stale_update). */
  updatedAt?: string;
  /** After a refused stale save: drop the edits and show the latest version. */
  onReload?: () => void;
}

/** Create or edit a draft batch: product, lot, dates, quantity, production base, certificates. */
export function BatchForm({ initial, batchId, onSaved, onCancel, updatedAt, onReload }: Props) {
  const { t } = useTranslation('batches');
  const [form] = Form.useForm<BatchFormValues>();
  // Leaving with unsaved edits asks first; a save lets the next navigation through.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const saved = (b: Batch) => {
    setDirty(false);
    guard.release();
    onSaved(b);
  };
  const { save, saving, stale } = useSaveBatch(form, batchId, saved, updatedAt);
  const rule = (field: string | (string | number)[]) => contractRule(batchRequest, field, t, (v) => valuesToRequest(v));
  const productionDate = Form.useWatch('production_date', form);

  return (
    <Form<BatchFormValues>
      name="batch"
      noValidate
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      onFinish={() => void save()}
      data-testid="batch-form"
      scrollToFirstError
    >
      {guard.prompt}
      <Flex vertical gap={16}>
        {stale && (
          <StaleAlert
            title={t('form.stale')}
            description={t('form.staleHelp')}
            reloadText={t('form.reload')}
            onReload={onReload}
            testId="batch-stale"
          />
        )}
        <Card title={t('form.general')}>
          <Row gutter={16}>
            <Col span={12}>
              <ProductSelect form={form} />
            </Col>
            <Col span={12}>
              <Form.Item
                name="lot_code"
                label={t('fields.lot_code')}
                required
                rules={[rule('lot_code')]}
                extra={t('form.lotHint')}
              >
                <Input maxLength={50} placeholder={t('form.lotPlaceholder')} data-testid="batch-lot" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item
                name="production_date"
                label={t('fields.production_date')}
                required
                rules={[rule('production_date')]}
              >
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} data-testid="batch-production-date" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item
                name="expiry_date"
                label={t('fields.expiry_date')}
                dependencies={['production_date']}
                rules={[rule('expiry_date')]}
              >
                <DatePicker
                  format="DD/MM/YYYY"
                  style={{ width: '100%' }}
                  disabledDate={(d) => !!productionDate && !d.isAfter(productionDate, 'day')}
                  data-testid="batch-expiry-date"
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="quantity" label={t('fields.quantity')} required rules={[rule('quantity')]}>
                <InputNumber min={0.001} max={1e9} precision={3} style={{ width: '100%' }} data-testid="batch-quantity" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="unit" label={t('fields.unit')} required rules={[rule('unit')]}>
                <Select
                  options={UNITS.map((u) => ({ value: u, label: u }))}
                  placeholder={t('form.unitPlaceholder')}
                  data-testid="batch-unit"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('form.base')}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name={['production_base', 'name']}
                label={t('fields.base_name')}
                dependencies={[
                  ['production_base', 'address'],
                  ['production_base', 'province_code'],
                ]}
                rules={[rule(['production_base', 'name'])]}
              >
                <Input maxLength={200} placeholder={t('form.baseNamePlaceholder')} data-testid="batch-base-name" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name={['production_base', 'address']} label={t('fields.base_address')}>
                <Input
                  maxLength={300}
                  placeholder={t('form.baseAddressPlaceholder')}
                  data-testid="batch-base-address"
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name={['production_base', 'province_code']} label={t('fields.base_province')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
                  placeholder={t('form.provincePlaceholder')}
                  data-testid="batch-base-province"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('fields.certificates')}>
          <CertificatesField ns="batches" testIdPrefix="batch-" />
        </Card>
        <Flex justify="flex-end" gap={8}>
          {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="save-batch">
            {batchId === null ? t('actions.create') : t('actions.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
