import { useEffect, useMemo, useState } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHIPMENT_DOCUMENT_TYPES, shipmentInput, type ShipmentInput } from '@agrihub/contract/schemas/shipments';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { blankToNull, contractRule, submitForm } from '../lib/form-rules';
import { FormModal } from './form-modal';
import { useFormName } from '../lib/form-name';
import { currentLocale } from '../lib/i18n';
import {
  useCreateShipmentMutation,
  useLocationOptionsQuery,
  useShipmentLotOptionsQuery,
  useShipmentPartnerOptionsQuery,
} from '../lib/shipments-api';
import { formatQuantity } from '../lib/shipment-format';

type Values = {
  lot_id?: number;
  quantity?: number;
  from_location_id?: number | null;
  partner_id?: number;
  shipped_on?: Dayjs;
  document_type?: ShipmentInput['document_type'];
  document_number?: string;
  carrier?: string;
  destination?: string;
  note?: string;
};

const FIELDS = [
  'lot_id',
  'quantity',
  'unit',
  'from_location_id',
  'partner_id',
  'shipped_on',
  'document_type',
  'document_number',
  'carrier',
  'destination',
  'note',
];

/**
 * Ships a quantity of one of the producer's lots to a partner: the lot picker shows what is left
 * of each lot, the quantity is in the lot's unit (no conversion), the date is today or before.
 */
export function ShipModal({ open, lotId, onClose }: { open: boolean; lotId?: number; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const { message } = App.useApp();
  const locale = currentLocale();
  const formName = useFormName('shipment');
  const [form] = Form.useForm<Values>();
  const lots = useShipmentLotOptionsQuery(undefined, { skip: !open });
  const partners = useShipmentPartnerOptionsQuery(undefined, { skip: !open });
  const places = useLocationOptionsQuery(undefined, { skip: !open });
  const [create, creating] = useCreateShipmentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const picked = Form.useWatch('lot_id', form);
  // Lots that may be shipped: not on hold, not recalled, with something left.
  const shippable = useMemo(
    () =>
      (lots.data ?? []).filter(
        (b) => (b.state === 'draft' || b.state === 'published') && (b.remaining_quantity > 0 || b.id === lotId),
      ),
    [lots.data, lotId],
  );
  const lot = shippable.find((b) => b.id === picked);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue({ lot_id: lotId, shipped_on: dayjs(todayInVietnam()), document_type: 'delivery_note' });
  }, [open, lotId, form]);

  const toRequest = (v: Values): ShipmentInput => {
    const b = blankToNull({ ...v });
    return {
      lot_id: b.lot_id as number,
      quantity: b.quantity as number,
      unit: (lot?.unit ?? '') as ShipmentInput['unit'],
      from_location_id: b.from_location_id ?? null,
      partner_id: b.partner_id as number,
      shipped_on: b.shipped_on ? b.shipped_on.format('YYYY-MM-DD') : '',
      document_type: b.document_type ?? null,
      document_number: b.document_number ?? null,
      carrier: b.carrier ?? null,
      destination: b.destination ?? null,
      note: b.note ?? null,
    };
  };
  const rule = (field: string) => contractRule(shipmentInput, field, t, (v) => toRequest(v));

  const submit = () =>
    submitForm(form, (v) => create(toRequest(v)).unwrap(), FIELDS, {
      message,
      done: t('create.done'),
      failed: t('create.failed'),
      setFailure,
      onDone: onClose,
    });

  return (
    <FormModal
      open={open}
      width={720}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('actions.close')}
      busy={creating.isLoading}
      onCancel={onClose}
      okTestId="ship-submit"
      failure={failure}
      onSave={submit}
    >
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item name="lot_id" label={t('fields.lot')} required rules={[rule('lot_id')]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={lots.isFetching}
            placeholder={t('create.lotPlaceholder')}
            notFoundContent={lots.isFetching ? undefined : t('create.noLots')}
            options={shippable.map((b) => ({
              value: b.id,
              label: t('create.lotOption', {
                lot: b.lot_code,
                product: b.product.name,
                left: formatQuantity(b.remaining_quantity, locale),
                unit: b.unit,
              }),
            }))}
            data-testid="ship-lot"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="quantity"
              label={t('fields.quantity')}
              required
              rules={[rule('quantity')]}
              extra={lot ? t('create.left', { left: formatQuantity(lot.remaining_quantity, locale), unit: lot.unit }) : null}
            >
              <InputNumber
                min={0}
                max={lot?.remaining_quantity}
                step={1}
                precision={3}
                style={{ width: '100%' }}
                addonAfter={lot?.unit ?? '—'}
                data-testid="ship-quantity"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="shipped_on" label={t('fields.shippedOn')} required rules={[{ required: true, message: t('create.dateRequired') }]}>
              <DatePicker
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => d.format('YYYY-MM-DD') > todayInVietnam()}
                data-testid="ship-date"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="partner_id" label={t('fields.partner')} required rules={[rule('partner_id')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={partners.isFetching}
                placeholder={t('create.partnerPlaceholder')}
                notFoundContent={partners.isFetching ? undefined : t('create.noPartners')}
                options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                data-testid="ship-partner"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="from_location_id" label={t('fields.fromLocation')}>
              <Select
                allowClear
                loading={places.isFetching}
                placeholder={t('create.locationPlaceholder')}
                notFoundContent={t('create.noLocations')}
                options={(places.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="document_type" label={t('fields.documentType')}>
              <Select
                allowClear
                options={SHIPMENT_DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentType.${d}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="document_number" label={t('fields.documentNumber')} rules={[rule('document_number')]}>
              <Input maxLength={200} data-testid="ship-document" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="carrier" label={t('fields.carrier')} rules={[rule('carrier')]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="destination" label={t('fields.destination')} rules={[rule('destination')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="note" label={t('fields.senderNote')} extra={t('create.noteHint')} rules={[rule('note')]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
