import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_BRAND_MAX,
  PRODUCT_MAX_STANDARDS,
  PRODUCT_TRADEMARK_MAX,
  SHELF_LIFE_DAYS_MAX,
} from '@agrihub/contract/circular-02';
import { productRule } from '../lib/contract-rules';

/** Suggestions for "standards applied"; any other text is accepted (a tag). */
const STANDARD_SUGGESTIONS = ['VietGAP', 'GlobalG.A.P.', 'Organic', 'HACCP', 'ISO 22000'];

/**
 * What Circular 02/2024/TT-BKHCN asks a trace to tell the consumer and the portal had no place for
 * (ADR 043): brand, registered trademark, shelf life and the standards applied. Each is optional;
 * the public page shows only what is filled in.
 */
export function ConsumerInfoSection({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="brand" label={t('fields.brand')} rules={[productRule('brand', t)]}>
            <Input maxLength={PRODUCT_BRAND_MAX} disabled={disabled} data-testid="product-brand" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="trademark"
            label={t('fields.trademark')}
            extra={t('consumerInfo.trademarkHelp')}
            rules={[productRule('trademark', t)]}
          >
            <Input maxLength={PRODUCT_TRADEMARK_MAX} disabled={disabled} data-testid="product-trademark" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="standards"
            label={t('fields.standards')}
            extra={t('consumerInfo.standardsHelp', { max: PRODUCT_MAX_STANDARDS })}
            rules={[productRule('standards', t)]}
          >
            <Select
              mode="tags"
              disabled={disabled}
              maxCount={PRODUCT_MAX_STANDARDS}
              tokenSeparators={[';']}
              placeholder={t('placeholders.standards')}
              options={STANDARD_SUGGESTIONS.map((s) => ({ value: s, label: s }))}
              data-testid="product-standards"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="shelf_life_days"
            label={t('fields.shelf_life_days')}
            extra={t('consumerInfo.shelfLifeHelp')}
            rules={[productRule('shelf_life_days', t)]}
          >
            <InputNumber
              min={1}
              max={SHELF_LIFE_DAYS_MAX}
              precision={0}
              disabled={disabled}
              addonAfter={t('consumerInfo.days')}
              style={{ width: '100%' }}
              data-testid="product-shelf-life"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
