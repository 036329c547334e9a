import { useMemo } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Statistic,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { UNITS, type Unit } from '@agrihub/contract/constants';
import {
  TRANSFORMATION_MAX_INPUTS,
  transformationRequest,
  transformationYield,
  type TransformationRequest,
} from '@agrihub/contract/schemas/transformations';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useAppSelector } from '../../../stores/hooks';
import { useCreateTransformationMutation, useInputLotsQuery, useOutputProductsQuery } from '../api/transformations-api';
import { formatQuantity, formatYield } from '../lib/quantity';

interface InputRow {
  lot_id: number | null;
  quantity: number | null;
}
interface Values {
  product_id: number | null;
  lot_code: string;
  quantity: number | null;
  unit: Unit | null;
  production_date: Dayjs | null;
  transformed_on: Dayjs | null;
  note: string;
  inputs: InputRow[];
}

const day = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');

/**
 * /transformations/new: a new lot made from some of the producer's lots — the output (product, lot
 * code, quantity, unit, date), the inputs with the quantity used of each (checked against what each
 * has left), the yield as it is typed. On success, the new batch's page. Locations are not offered
 * yet: the location list lives in another piece of the supply chain.
 */
export function AddTransformationPage() {
  const { t, i18n } = useTranslation('transformations');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const producerId = useAppSelector((s) => s.user.producer_id);
  const [form] = Form.useForm<Values>();
  const products = useOutputProductsQuery();
  const lots = useInputLotsQuery({});
  const [create, creating] = useCreateTransformationMutation();
  const locale = i18n.language;
  const initial = useMemo<Values>(
    () => ({
      product_id: null,
      lot_code: '',
      quantity: null,
      unit: null,
      production_date: dayjs(),
      transformed_on: dayjs(),
      note: '',
      inputs: [{ lot_id: null, quantity: null }],
    }),
    [],
  );
  const inputs: InputRow[] = Form.useWatch('inputs', form) ?? [];
  const outQuantity = Form.useWatch('quantity', form);
  const outUnit = Form.useWatch('unit', form);
  const lotById = useMemo(() => new Map((lots.data ?? []).map((l) => [l.id, l])), [lots.data]);
  const chosen = inputs
    .map((row) => ({ row, lot: row?.lot_id ? lotById.get(row.lot_id) : undefined }))
    .filter((x) => x.lot && x.row.quantity);
  const liveYield =
    outQuantity && outUnit && chosen.length
      ? transformationYield(
          { quantity: outQuantity, unit: outUnit },
          chosen.map((x) => ({ quantity: x.row.quantity!, unit: x.lot!.unit })),
        )
      : null;

  if (!producerId) return <Result status="info" title={t('form.needsProducer')} />;

  const toRequest = (v: Values): TransformationRequest => ({
    output: {
      product_id: v.product_id as number,
      lot_code: v.lot_code,
      quantity: v.quantity as number,
      unit: v.unit as Unit,
      production_date: day(v.production_date),
    },
    inputs: v.inputs.map((i) => ({
      lot_id: i.lot_id as number,
      quantity: i.quantity as number,
      ...(i.lot_id && lotById.get(i.lot_id) ? { unit: lotById.get(i.lot_id)!.unit as Unit } : {}),
    })),
    transformed_on: day(v.transformed_on),
    note: v.note?.trim() ? v.note.trim() : null,
  });

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    const body = toRequest(values);
    const issues = formIssues(transformationRequest, body, t);
    if (issues.length) {
      showFieldErrors(
        form,
        issues.map((i) => ({ ...i, name: i.name[0] === 'output' ? i.name.slice(1) : i.name })),
      );
      void message.error(t('form.invalid'));
      return;
    }
    try {
      const created = await create(body).unwrap();
      void message.success(t('form.created'));
      void navigate(generatePath(paths.productBatch, { id: String(created.output.lot_id) }));
    } catch (error) {
      if (!isApiError(error)) {
        void message.error(t('form.generic'));
        return;
      }
      const fields = serverFieldErrors(error.errors).map((f) => ({
        ...f,
        name: f.name[0] === 'output' ? f.name.slice(1) : f.name.map((n) => (/^\d+$/.test(n) ? Number(n) : n)),
      }));
      showFieldErrors(form, fields);
      void message.error(error.message);
    }
  };

  const productName = (p: { name: string; name_en: string | null }) => (locale === 'en' && p.name_en) || p.name;

  return (
    <Flex vertical gap={16} data-testid="add-transformation-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('form.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('form.hint')}</Typography.Text>
      <Form form={form} layout="vertical" noValidate initialValues={initial} onFinish={() => void save()}>
        <Card title={t('form.output')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="product_id"
                label={t('fields.product')}
                rules={[{ required: true, message: t('form.pleaseSelectProduct') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={products.isFetching}
                  options={(products.data ?? []).map((p) => ({ value: p.id, label: productName(p) }))}
                  onChange={(id: number) => {
                    const p = (products.data ?? []).find((x) => x.id === id);
                    if (p && !form.getFieldValue('unit')) form.setFieldsValue({ unit: p.unit as Unit });
                  }}
                  data-testid="transformation-product"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="lot_code"
                label={t('fields.lotCode')}
                rules={[{ required: true, message: t('form.pleaseInputLotCode') }]}
              >
                <Input maxLength={50} data-testid="transformation-lot-code" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="quantity"
                label={t('fields.quantity')}
                rules={[{ required: true, message: t('form.pleaseInputQuantity') }]}
              >
                <InputNumber
                  min={0.001}
                  max={1e9}
                  precision={3}
                  style={{ width: '100%' }}
                  data-testid="transformation-quantity"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="unit"
                label={t('fields.unit')}
                rules={[{ required: true, message: t('form.pleaseSelectUnit') }]}
              >
                <Select options={UNITS.map((u) => ({ value: u, label: u }))} data-testid="transformation-unit" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="production_date" label={t('fields.productionDate')} rules={[{ required: true }]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="transformed_on" label={t('fields.transformedOn')} rules={[{ required: true }]}>
                <DatePicker
                  format="DD/MM/YYYY"
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="note" label={t('fields.note')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </Card>
        <Card
          title={t('form.inputs')}
          style={{ marginTop: 16 }}
          extra={
            <Statistic
              title={t('fields.yield')}
              value={formatYield(liveYield, locale)}
              data-testid="transformation-yield"
            />
          }
        >
          {lots.isError && <Typography.Text type="danger">{t('form.lotsError')}</Typography.Text>}
          <Form.List name="inputs">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => {
                  const row = inputs[index];
                  const lot = row?.lot_id ? lotById.get(row.lot_id) : undefined;
                  const taken = new Set(inputs.filter((_, i) => i !== index).map((r) => r?.lot_id));
                  return (
                    <Row gutter={8} key={field.key} align="top" data-testid={`input-row-${index}`}>
                      <Col xs={24} md={14}>
                        <Form.Item
                          name={[field.name, 'lot_id']}
                          rules={[{ required: true, message: t('form.pleaseSelectLot') }]}
                          style={{ marginBottom: 8 }}
                        >
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            loading={lots.isFetching}
                            placeholder={t('form.lotPlaceholder')}
                            notFoundContent={lots.isFetching ? undefined : t('form.noLots')}
                            options={(lots.data ?? [])
                              .filter((l) => !taken.has(l.id))
                              .map((l) => ({
                                value: l.id,
                                label: `${l.lot_code} · ${l.product.name} · ${t('form.left', {
                                  left: formatQuantity(l.remaining, locale),
                                  unit: l.unit,
                                })}`,
                              }))}
                            aria-label={t('form.inputLotLabel', { n: index + 1 })}
                            data-testid={`input-lot-${index}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={18} md={8}>
                        <Form.Item
                          name={[field.name, 'quantity']}
                          style={{ marginBottom: 8 }}
                          dependencies={[['inputs', field.name, 'lot_id']]}
                          rules={[
                            { required: true, message: t('form.pleaseInputQuantity') },
                            {
                              validator: (_r, v: number | null) =>
                                lot && v != null && v > lot.remaining
                                  ? Promise.reject(
                                      new Error(
                                        t('form.overRemaining', {
                                          left: formatQuantity(lot.remaining, locale),
                                          unit: lot.unit,
                                        }),
                                      ),
                                    )
                                  : Promise.resolve(),
                            },
                          ]}
                        >
                          <InputNumber
                            min={0.001}
                            max={1e9}
                            precision={3}
                            style={{ width: '100%' }}
                            addonAfter={lot?.unit ?? ''}
                            placeholder={
                              lot ? t('form.left', { left: formatQuantity(lot.remaining, locale), unit: lot.unit }) : ''
                            }
                            aria-label={t('form.inputQuantityLabel', { n: index + 1 })}
                            data-testid={`input-quantity-${index}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={6} md={2}>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('actions.removeInput')}
                          disabled={fields.length === 1}
                          onClick={() => remove(field.name)}
                        />
                      </Col>
                    </Row>
                  );
                })}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= TRANSFORMATION_MAX_INPUTS}
                  onClick={() => add({ lot_id: null, quantity: null })}
                  data-testid="add-input"
                >
                  {t('actions.addInput')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate(paths.transformations)}>{t('actions.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={creating.isLoading}
            data-testid="save-transformation"
          >
            {t('actions.save')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
