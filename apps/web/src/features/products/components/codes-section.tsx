import { Col, Form, Input, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { GS1_VIETNAM_PREFIX, isValidGtin } from '@agrihub/contract/gtin';
import type { ProductFormValues } from '../lib/product-form';
import { SkuField } from './sku-field';

interface Props {
  form: FormInstance<ProductFormValues>;
  productId: number | null;
  savedSku: string | null;
  disabled?: boolean;
}

/** GTIN with a live check-digit check (contract isValidGtin) and the SKU. */
export function CodesSection({ form, productId, savedSku, disabled }: Props) {
  const { t } = useTranslation('products');
  const gtin: string | null | undefined = Form.useWatch('gtin', form);
  const valid = !!gtin && isValidGtin(gtin.trim());
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="gtin"
          label={t('fields.gtin')}
          hasFeedback={!!gtin}
          validateFirst
          extra={valid ? t('gtin.valid') : t('gtin.help', { prefix: GS1_VIETNAM_PREFIX })}
          rules={[
            {
              validator: async (_, value: string | null | undefined) => {
                const v = (value ?? '').trim();
                if (v && !isValidGtin(v)) throw new Error(t('validation:invalidGtin'));
              },
            },
          ]}
        >
          <Input maxLength={14} inputMode="numeric" disabled={disabled} placeholder="893…" data-testid="product-gtin" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <SkuField form={form} productId={productId} savedSku={savedSku} disabled={disabled} />
      </Col>
    </Row>
  );
}
