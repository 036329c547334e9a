import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  List,
  Row,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, PaperClipOutlined, SaveOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router';
import {
  PURCHASE_ORDER_MAX_ATTACHMENTS,
  PURCHASE_ORDER_NOTE_MAX,
  PURCHASE_ORDER_PLACE_MAX,
  PURCHASE_ORDER_TERMS_MAX,
  purchaseOrderInput,
  type PurchaseOrder,
  type PurchaseOrderSupplier,
} from '@agrihub/contract/schemas/purchase-orders';
import { useLeaveGuard } from '../../../components/leave-guard';
import { UploadButton } from '../../../components/upload-button';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { contractRule, showRefusedSave } from '../../../lib/form-rules';
import {
  useCreatePurchaseOrderMutation,
  useSupplierProductsQuery,
  useUpdatePurchaseOrderMutation,
} from '../api/purchase-orders-api';
import {
  orderFieldErrors,
  orderInputOf,
  orderToValues,
  parseSupplierKey,
  previewTotals,
  type AttachmentValue,
  type LineValues,
  type OrderFormValues,
} from '../lib/order-form';
import { LinesEditor } from './lines-editor';
import { SupplierSelect } from './supplier-select';
import { TotalsSummary } from './totals-summary';
import { formatPhone } from '@agrihub/contract/phone';
import { FileLink } from '../../../components/file-link';

interface Props {
  /** The order being edited (pending or processing), or null for a new one. */
  order: PurchaseOrder | null;
}

/** Files of the order: links, each removable; an upload adds one. */
function AttachmentsField({
  value = [],
  onChange,
}: {
  value?: AttachmentValue[];
  onChange?: (v: AttachmentValue[]) => void;
}) {
  const { t } = useTranslation('purchase-orders');
  return (
    <Flex vertical gap={8} data-testid="order-attachments">
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="remove" type="link" danger onClick={() => onChange?.(value.filter((x) => x.id !== a.id))}>
                  {t('form.removeAttachment')}
                </Button>,
              ]}
            >
              <FileLink url={a.url} filename={a.filename}>
                <PaperClipOutlined /> {a.filename}
              </FileLink>
            </List.Item>
          )}
        />
      )}
      <UploadButton
        kind="attachment"
        ns="purchase-orders"
        multiple
        room={PURCHASE_ORDER_MAX_ATTACHMENTS - value.length}
        disabled={value.length >= PURCHASE_ORDER_MAX_ATTACHMENTS}
        onUploaded={(f) => onChange?.([...value, { id: f.id, url: f.url, filename: f.filename }])}
        testId="order-attachment-upload"
      >
        {(busy) => (
          <Button icon={<PaperClipOutlined />} loading={busy} disabled={value.length >= PURCHASE_ORDER_MAX_ATTACHMENTS}>
            {t('form.addAttachment')}
          </Button>
        )}
      </UploadButton>
      <Typography.Text type="secondary">
        {t('form.attachmentsHelp', { max: PURCHASE_ORDER_MAX_ATTACHMENTS })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * /admin/add-purchase-order and an editable order's page: supplier (an OEM or a producer), lines
 * with units, discounts and VAT, the live totals per VAT rate from the contract's function (the
 * server computes them again), delivery, payment terms, note and attachments. The contract's rules
 * check each field; the server's 422 field errors go under their fields and what was typed stays;
 * leaving with unsaved changes asks first.
 */
export function OrderEditor({ order }: Props) {
  const { t } = useTranslation('purchase-orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const ability = useAppAbility();
  const canSave = ability.can(order ? 'update' : 'create', 'purchase_order');
  const [form] = Form.useForm<OrderFormValues>();
  const initial = useMemo(() => orderToValues(order), [order]);
  const [create, creating] = useCreatePurchaseOrderMutation();
  const [update, updating] = useUpdatePurchaseOrderMutation();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [supplier, setSupplier] = useState<PurchaseOrderSupplier | null>(order?.supplier ?? null);
  const { prompt, release } = useLeaveGuard(dirty);
  const saving = creating.isLoading || updating.isLoading;

  const supplierValue = Form.useWatch('supplier', form) ?? initial.supplier;
  const picked = parseSupplierKey(supplierValue);
  const products = useSupplierProductsQuery(picked?.id ?? 0, { skip: picked?.type !== 'producer' });
  const lines = Form.useWatch('lines', form) ?? initial.lines;
  const preview = previewTotals(lines);

  const rule = (field: string) =>
    contractRule(purchaseOrderInput, field, t, (v) => orderInputOf(v as unknown as OrderFormValues));
  // The contract names the supplier in two fields; the form in one.
  const supplierRule = {
    validator: async (_: unknown, v?: string) => {
      if (!parseSupplierKey(v)) throw new Error(t('validation:pleaseSelectSupplier'));
    },
  };

  const save = async () => {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const body = orderInputOf(form.getFieldsValue(true) as OrderFormValues);
    try {
      // An edit names the version it was made on: 409 purchaseOrderStale if someone saved in between.
      const answer = order
        ? await update({ id: order.id, body: { ...body, version: order.version } }).unwrap()
        : await create(body).unwrap();
      void message.success(answer.message ?? t('form.saved'));
      setDirty(false);
      release();
      if (!order) {
        void navigate(generatePath(paths.adminPurchaseOrder, { id: String(answer.purchase_order.id) }), {
          replace: true,
        });
      } else {
        form.setFieldsValue(orderToValues(answer.purchase_order));
      }
    } catch (e) {
      showRefusedSave(form, e, (refusal) => orderFieldErrors(refusal.errors), {
        failure: setFailure,
        toast: (text) => void message.error(text),
        generic: t('errors.generic'),
      });
    }
  };

  return (
    <Flex vertical gap={16} data-testid="order-editor">
      {prompt}
      <Flex justify="space-between" align="center">
        <Flex vertical gap={4}>
          <Link to={paths.adminPurchaseOrders}>
            <ArrowLeftOutlined /> {t('backToList')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {order ? t('form.editTitle', { code: order.code }) : t('form.createTitle')}
          </Typography.Title>
        </Flex>
        {canSave && (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
            data-testid="order-save"
          >
            {order ? t('form.saveChanges') : t('form.create')}
          </Button>
        )}
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} data-testid="order-error" />}
      <Form<OrderFormValues>
        name="purchase-order"
        noValidate
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={() => setDirty(true)}
        data-testid="order-form"
      >
        <Flex vertical gap={16}>
          <Card title={t('form.supplier')} size="small">
            <Form.Item name="supplier" label={t('form.supplier')} required rules={[supplierRule]}>
              <SupplierSelect
                current={order?.supplier ?? null}
                onChange={(_, s) => {
                  // Another supplier's products are not this one's: product lines become free text.
                  if (s?.type !== supplier?.type || s?.id !== supplier?.id) {
                    const current = (form.getFieldValue('lines') ?? []) as LineValues[];
                    form.setFieldValue(
                      'lines',
                      current.map((l) => ({ ...l, product_id: null, variant_id: null })),
                    );
                  }
                  setSupplier(s);
                }}
                testId="order-supplier"
              />
            </Form.Item>
            {supplier && (
              <Descriptions
                size="small"
                column={2}
                data-testid="order-supplier-details"
                items={[
                  { key: 'type', label: t('form.supplierType'), children: t(`supplierType.${supplier.type}`) },
                  { key: 'tax', label: t('form.supplierTaxCode'), children: supplier.tax_code ?? '—' },
                  { key: 'address', label: t('form.supplierAddress'), children: supplier.address ?? '—' },
                  { key: 'email', label: t('form.supplierEmail'), children: supplier.email ?? t('form.noEmail') },
                  { key: 'phone', label: t('form.supplierPhone'), children: formatPhone(supplier.phone) || '—' },
                  { key: 'contact', label: t('form.supplierContact'), children: supplier.contact_name ?? '—' },
                ]}
              />
            )}
          </Card>
          <Card title={t('form.lines')} size="small">
            <LinesEditor
              form={form}
              products={picked?.type === 'producer' ? (products.data ?? []) : null}
              disabled={!canSave}
            />
          </Card>
          <Row gutter={16}>
            <Col span={13}>
              <Card title={t('form.delivery')} size="small">
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item
                      name="order_date"
                      label={t('form.orderDate')}
                      extra={t('form.orderDateHelp')}
                      rules={[rule('order_date')]}
                    >
                      <DatePicker
                        format="DD/MM/YYYY"
                        style={{ width: '100%' }}
                        placeholder={t('form.orderDatePlaceholder')}
                        data-testid="order-date"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="delivery_date"
                      label={t('form.deliveryDate')}
                      required
                      rules={[rule('delivery_date')]}
                      dependencies={['order_date']}
                    >
                      <DatePicker
                        format="DD/MM/YYYY"
                        style={{ width: '100%' }}
                        placeholder={t('form.deliveryDatePlaceholder')}
                        disabledDate={(d: Dayjs) => {
                          const from = form.getFieldValue('order_date') as Dayjs | null;
                          return !!from && d.isBefore(from, 'day');
                        }}
                        data-testid="order-delivery-date"
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item
                  name="delivery_place"
                  label={t('form.deliveryPlace')}
                  required
                  rules={[rule('delivery_place')]}
                >
                  <Input
                    maxLength={PURCHASE_ORDER_PLACE_MAX}
                    placeholder={t('form.deliveryPlacePlaceholder')}
                    data-testid="order-delivery-place"
                  />
                </Form.Item>
                <Form.Item name="payment_terms" label={t('form.paymentTerms')} rules={[rule('payment_terms')]}>
                  <Input.TextArea
                    rows={2}
                    maxLength={PURCHASE_ORDER_TERMS_MAX}
                    showCount
                    placeholder={t('form.paymentTermsPlaceholder')}
                    data-testid="order-payment-terms"
                  />
                </Form.Item>
                <Form.Item name="note" label={t('form.note')} rules={[rule('note')]}>
                  <Input.TextArea rows={2} maxLength={PURCHASE_ORDER_NOTE_MAX} showCount data-testid="order-note" />
                </Form.Item>
                <Form.Item name="attachments" label={t('form.attachments')} style={{ marginBottom: 0 }}>
                  <AttachmentsField />
                </Form.Item>
              </Card>
            </Col>
            <Col span={11}>
              <Card
                title={t('form.totals')}
                size="small"
                extra={<Typography.Text type="secondary">{t('form.totalsHelp')}</Typography.Text>}
              >
                <TotalsSummary totals={preview.totals} incomplete={preview.incomplete} testId="order-totals" />
              </Card>
            </Col>
          </Row>
        </Flex>
      </Form>
    </Flex>
  );
}
