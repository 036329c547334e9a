import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { receiptDifference, receiveInput, type IncomingShipment, type ReceiveInput } from '@agrihub/contract/schemas/shipments';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { blankToNull, contractRule, submitForm } from '../../../lib/form-rules';
import { FormModal } from '../../../components/form-modal';
import { useFormName } from '../../../lib/form-name';
import { currentLocale } from '../../../lib/i18n';
import { useLocationOptionsQuery, useReceiveShipmentMutation, useShipmentProductOptionsQuery } from '../../../lib/shipments-api';
import { formatQuantity, signedDifference } from '../../../lib/shipment-format';

type Values = {
  product_id?: number;
  lot_code?: string;
  received_quantity?: number;
  received_on?: Dayjs;
  receiver_location_id?: number | null;
  note?: string;
};
const FIELDS = ['product_id', 'lot_code', 'received_quantity', 'received_on', 'receiver_location_id', 'note'];

/**
 * Receives an incoming shipment into a new lot of one of the producer's products (same unit): the
 * received quantity may differ, and the difference from what was shipped is shown as it is typed.
 */
export function ReceiveModal({ open, shipment, onClose }: { open: boolean; shipment: IncomingShipment; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const { message } = App.useApp();
  const locale = currentLocale();
  const formName = useFormName('receive');
  const [form] = Form.useForm<Values>();
  const products = useShipmentProductOptionsQuery(undefined, { skip: !open });
  const places = useLocationOptionsQuery(undefined, { skip: !open });
  const [receive, receiving] = useReceiveShipmentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const received = Form.useWatch('received_quantity', form);
  const sameUnit = (products.data ?? []).filter((p) => p.unit === shipment.unit);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue({ received_quantity: shipment.quantity, received_on: dayjs(todayInVietnam()) });
  }, [open, shipment, form]);

  const toRequest = (v: Values): ReceiveInput => {
    const b = blankToNull({ ...v });
    return {
      product_id: b.product_id as number,
      lot_code: b.lot_code ?? '',
      received_quantity: b.received_quantity as number,
      received_on: b.received_on ? b.received_on.format('YYYY-MM-DD') : '',
      receiver_location_id: b.receiver_location_id ?? null,
      note: b.note ?? null,
    };
  };
  const rule = (field: string) => contractRule(receiveInput, field, t, (v) => toRequest(v));
  const difference = typeof received === 'number' ? receiptDifference(shipment.quantity, received) : null;

  const submit = () =>
    submitForm(form, (v) => receive({ id: shipment.id, body: toRequest(v) }).unwrap(), FIELDS, {
      message,
      done: t('receive.done'),
      failed: t('receive.failed'),
      setFailure,
      onDone: onClose,
    });

  return (
    <FormModal
      open={open}
      width={640}
      title={t('receive.title')}
      okText={t('receive.submit')}
      cancelText={t('actions.close')}
      busy={receiving.isLoading}
      onCancel={onClose}
      okTestId="receive-submit"
      failure={failure}
      onSave={submit}
      intro={
        <Typography.Paragraph type="secondary">
          {t('receive.intro', {
            sender: shipment.sender.name,
            quantity: formatQuantity(shipment.quantity, locale),
            unit: shipment.unit,
            lot: shipment.lot.lot_code,
          })}
        </Typography.Paragraph>
      }
    >
      <Form name={formName} noValidate form={form} layout="vertical">
        <Form.Item
          name="product_id"
          label={t('fields.product')}
          required
          rules={[rule('product_id')]}
          extra={t('receive.productHint', { unit: shipment.unit })}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isFetching}
            placeholder={t('receive.productPlaceholder')}
            notFoundContent={products.isFetching ? undefined : t('receive.noProducts', { unit: shipment.unit })}
            options={sameUnit.map((p) => ({ value: p.id, label: p.name }))}
            data-testid="receive-product"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="lot_code" label={t('fields.newLotCode')} required rules={[rule('lot_code')]}>
              <Input maxLength={50} data-testid="receive-lot" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="received_on" label={t('fields.receivedOn')} required rules={[{ required: true, message: t('create.dateRequired') }]}>
              <DatePicker
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => {
                  const day = d.format('YYYY-MM-DD');
                  return day > todayInVietnam() || day < shipment.shipped_on;
                }}
                data-testid="receive-date"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="received_quantity"
          label={t('fields.receivedQuantity')}
          required
          rules={[rule('received_quantity')]}
          extra={
            difference === null ? null : (
              <span data-testid="receive-difference">
                {t('receive.difference', { difference: signedDifference(difference, locale), unit: shipment.unit })}
              </span>
            )
          }
        >
          <InputNumber min={0} precision={3} style={{ width: '100%' }} addonAfter={shipment.unit} data-testid="receive-quantity" />
        </Form.Item>
        <Form.Item name="receiver_location_id" label={t('fields.receiverLocation')}>
          <Select
            allowClear
            loading={places.isFetching}
            placeholder={t('create.locationPlaceholder')}
            notFoundContent={t('create.noLocations')}
            options={(places.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('fields.receiverNote')} extra={t('receive.noteHint')} rules={[rule('note')]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
