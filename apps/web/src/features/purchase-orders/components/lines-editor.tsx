import { Button, Form, Input, InputNumber, Select, Space, Table, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TAX_RATES, UNITS } from '@agrihub/contract/constants';
import { PURCHASE_ORDER_MAX_QUANTITY, PURCHASE_ORDER_MAX_UNIT_PRICE } from '@agrihub/contract/purchase-order-totals';
import {
  PURCHASE_ORDER_DESCRIPTION_MAX,
  PURCHASE_ORDER_MAX_LINES,
  purchaseOrderInput,
  type SupplierProduct,
} from '@agrihub/contract/schemas/purchase-orders';
import { contractRule } from '../../../lib/form-rules';
import { formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import {
  emptyLine,
  lineFromProduct,
  orderInputOf,
  previewTotals,
  productKey,
  type OrderFormValues,
} from '../lib/order-form';

interface Props {
  form: FormInstance<OrderFormValues>;
  /** The producer supplier's products (its lines may name one); empty for an OEM. */
  products: readonly SupplierProduct[] | null;
  disabled?: boolean;
}

/** Thousands grouped as Vietnamese write them (1.250.000); the parser takes them back. */
const groupDigits = (v: string | number | undefined) =>
  v === undefined || v === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const ungroup = (v: string | undefined) => (v ? Number(v.replace(/\./g, '')) : (undefined as unknown as number));

/**
 * The lines' column widths at the 1280 px the back office is drawn for: a unit ("Thùng") and a VAT
 * rate ("10%") whole in their selects, and room for a field's error under quantity and price. The
 * goods' name takes what is left, at least DESCRIPTION_MIN; below that the table scrolls in its card.
 */
const COLUMN = {
  n: 32,
  product: 180,
  unit: 108,
  quantity: 108,
  unitPrice: 132,
  discount: 140,
  vat: 92,
  amount: 110,
  remove: 40,
};
const DESCRIPTION_MIN = 200;

function linesMinWidth(withProducts: boolean) {
  const { product, ...always } = COLUMN;
  return Object.values(always).reduce((a, b) => a + b, DESCRIPTION_MIN) + (withProducts ? product : 0);
}

/**
 * The order's lines: a product of the producer supplier (or free text), unit of the spec list,
 * quantity (3 decimals), unit price (whole đồng), discount in đồng or %, VAT 0/5/8/10, and each
 * line's amount computed live with the contract's function; rows added and removed.
 */
export function LinesEditor({ form, products, disabled }: Props) {
  const { t } = useTranslation('purchase-orders');
  const vi = currentLocale() === 'vi';
  const lines = Form.useWatch('lines', form) ?? [];
  const { perLine } = previewTotals(lines);
  const rule = (i: number, field: string) =>
    contractRule(purchaseOrderInput, ['lines', i, field], t, (v) => orderInputOf(v as unknown as OrderFormValues));
  const productOptions = (products ?? []).flatMap((p) => [
    { value: productKey(p.id), label: p.name },
    ...p.variants.map((v) => ({ value: productKey(p.id, v.id), label: `${p.name} (${v.label})` })),
  ]);

  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} size={8}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            tableLayout="fixed"
            scroll={{ x: linesMinWidth(!!products) }}
            data-testid="order-lines"
            onRow={(_, i) => ({ 'data-testid': `order-line-${i}` }) as object}
            columns={[
              { key: 'n', title: '#', width: COLUMN.n, render: (_, __, i) => i + 1 },
              ...(products
                ? [
                    {
                      key: 'product',
                      title: t('lines.product'),
                      width: COLUMN.product,
                      render: (_: unknown, field: { name: number }) => (
                        <Select
                          allowClear
                          showSearch={{ optionFilterProp: 'label' }}
                          disabled={disabled}
                          value={
                            lines[field.name]?.product_id
                              ? productKey(lines[field.name].product_id!, lines[field.name].variant_id)
                              : undefined
                          }
                          placeholder={t('lines.freeText')}
                          options={productOptions}
                          onChange={(key?: string) =>
                            form.setFieldValue(
                              ['lines', field.name],
                              lineFromProduct(lines[field.name] ?? emptyLine(), products, key),
                            )
                          }
                          style={{ width: '100%' }}
                          aria-label={t('lines.cell', { column: t('lines.product'), n: field.name + 1 })}
                          data-testid={`line-product-${field.name}`}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'description',
                title: t('lines.description'),
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'description']}
                    rules={[rule(field.name, 'description')]}
                    noStyle={false}
                    style={{ margin: 0 }}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 3 }}
                      maxLength={PURCHASE_ORDER_DESCRIPTION_MAX}
                      placeholder={t('lines.descriptionPlaceholder')}
                      aria-label={t('lines.cell', { column: t('lines.description'), n: field.name + 1 })}
                      data-testid={`line-description-${field.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'unit',
                title: t('lines.unit'),
                width: COLUMN.unit,
                render: (_, field) => (
                  <Form.Item name={[field.name, 'unit']} rules={[rule(field.name, 'unit')]} style={{ margin: 0 }}>
                    <Select
                      options={UNITS.map((u) => ({ value: u, label: u }))}
                      placeholder={t('lines.unitPlaceholder')}
                      aria-label={t('lines.cell', { column: t('lines.unit'), n: field.name + 1 })}
                      data-testid={`line-unit-${field.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'quantity',
                title: t('lines.quantity'),
                width: COLUMN.quantity,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'quantity']}
                    rules={[rule(field.name, 'quantity')]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      min={0}
                      max={PURCHASE_ORDER_MAX_QUANTITY}
                      decimalSeparator={vi ? ',' : '.'}
                      style={{ width: '100%' }}
                      aria-label={t('lines.cell', { column: t('lines.quantity'), n: field.name + 1 })}
                      data-testid={`line-quantity-${field.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'unit_price',
                title: t('lines.unitPrice'),
                width: COLUMN.unitPrice,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'unit_price']}
                    rules={[rule(field.name, 'unit_price')]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      min={0}
                      max={PURCHASE_ORDER_MAX_UNIT_PRICE}
                      precision={0}
                      formatter={groupDigits}
                      parser={ungroup}
                      suffix="đ"
                      style={{ width: '100%' }}
                      aria-label={t('lines.cell', { column: t('lines.unitPrice'), n: field.name + 1 })}
                      data-testid={`line-unit-price-${field.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'discount',
                title: t('lines.discount'),
                width: COLUMN.discount,
                render: (_, field) => (
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name={[field.name, 'discount_type']} noStyle>
                      <Select
                        style={{ width: 54 }}
                        options={[
                          { value: 'amount', label: 'đ' },
                          { value: 'percent', label: '%' },
                        ]}
                        aria-label={t('lines.cell', { column: t('lines.discountType'), n: field.name + 1 })}
                        data-testid={`line-discount-type-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'discount_value']}
                      rules={[rule(field.name, 'discount_value')]}
                      style={{ margin: 0, flex: 1 }}
                    >
                      <InputNumber
                        min={0}
                        formatter={lines[field.name]?.discount_type === 'percent' ? undefined : groupDigits}
                        parser={lines[field.name]?.discount_type === 'percent' ? undefined : ungroup}
                        decimalSeparator={vi ? ',' : '.'}
                        style={{ width: '100%' }}
                        aria-label={t('lines.cell', { column: t('lines.discount'), n: field.name + 1 })}
                        data-testid={`line-discount-${field.name}`}
                      />
                    </Form.Item>
                  </Space.Compact>
                ),
              },
              {
                key: 'vat_rate',
                title: t('lines.vat'),
                width: COLUMN.vat,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'vat_rate']}
                    rules={[rule(field.name, 'vat_rate')]}
                    style={{ margin: 0 }}
                  >
                    <Select
                      options={TAX_RATES.map((r) => ({ value: r, label: `${r}%` }))}
                      aria-label={t('lines.cell', { column: t('lines.vat'), n: field.name + 1 })}
                      data-testid={`line-vat-${field.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'amount',
                title: t('lines.amount'),
                width: COLUMN.amount,
                align: 'right',
                render: (_, field) => {
                  const l = perLine[field.name];
                  return (
                    <Typography.Text data-testid={`line-amount-${field.name}`} type={l ? undefined : 'secondary'}>
                      {l ? formatMoney(l.net) : '—'}
                    </Typography.Text>
                  );
                },
              },
              {
                key: 'remove',
                width: COLUMN.remove,
                render: (_, field) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={disabled || fields.length <= 1}
                    onClick={() => remove(field.name)}
                    aria-label={t('lines.remove')}
                    title={t('lines.remove')}
                    data-testid={`line-remove-${field.name}`}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => add(emptyLine())}
            disabled={disabled || fields.length >= PURCHASE_ORDER_MAX_LINES}
            data-testid="line-add"
          >
            {t('lines.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
