import { Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRICE_FIELDS, TAX_RATES } from '@agrihub/contract/constants';
import { productRule } from '../lib/contract-rules';
import { MoneyInput } from './money-input';

const TEST_IDS: Record<(typeof PRICE_FIELDS)[number], string> = {
  price: 'product-price',
  shipping_price: 'product-shipping-price',
  discount_price: 'product-discount-price',
};

/** Price, shipping price and discount price in VND (`{cents}` on the wire) and the VAT rate. */
export function PricingSection({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <Row gutter={16}>
      {PRICE_FIELDS.map((field) => (
        <Col span={6} key={field}>
          <Form.Item
            name={field}
            label={t(`fields.${field}`)}
            rules={[productRule(field, t)]}
            dependencies={field === 'discount_price' ? ['price'] : undefined}
          >
            <MoneyInput disabled={disabled} data-testid={TEST_IDS[field]} />
          </Form.Item>
        </Col>
      ))}
      <Col span={6}>
        <Form.Item name="tax_rate" label={t('fields.tax_rate')} rules={[productRule('tax_rate', t)]}>
          <Select
            allowClear
            disabled={disabled}
            placeholder={t('placeholders.taxRate')}
            options={TAX_RATES.map((r) => ({ value: r, label: `${r}%` }))}
            data-testid="product-tax-rate"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
