import { useMemo } from 'react';
import { Form, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Product } from '@agrihub/contract/schemas/products';
import { batchRequest } from '@agrihub/contract/schemas/traceabilities';
import { contractRule } from '../../../lib/form-rules';
import { useBatchProductOptionsQuery } from '../api/batches-api';
import { valuesToRequest, type BatchFormValues } from '../lib/batch-form';

/** Product (the producer's own) and, when it has any, its variant. Picking a product proposes its unit. */
export function ProductSelect({ form }: { form: FormInstance<BatchFormValues> }) {
  const { t, i18n } = useTranslation('batches');
  const products = useBatchProductOptionsQuery({});
  const productId = Form.useWatch('product_id', form);
  const list = useMemo(() => products.data ?? [], [products.data]);
  const product: Product | undefined = list.find((p) => p.id === productId);
  const variants = (product?.variants ?? []).filter((v) => v.types.length > 0);
  const name = (p: Product) => (i18n.language === 'en' && p.name_en) || p.name;
  const rule = (field: string) => contractRule(batchRequest, field, t, (v) => valuesToRequest(v));

  return (
    <>
      <Form.Item name="product_id" label={t('fields.product')} required rules={[rule('product_id')]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={products.isFetching}
          placeholder={t('form.productPlaceholder')}
          notFoundContent={products.isFetching ? undefined : t('form.noProducts')}
          options={list.map((p) => ({ value: p.id, label: name(p) }))}
          onChange={(id: number) => {
            const picked = list.find((p) => p.id === id);
            form.setFieldsValue({
              variant_id: null,
              ...(picked && !form.getFieldValue('unit') ? { unit: picked.unit as BatchFormValues['unit'] } : {}),
            });
          }}
          data-testid="batch-product"
        />
      </Form.Item>
      {variants.length > 0 && (
        <Form.Item name="variant_id" label={t('fields.variant')}>
          <Select
            allowClear
            placeholder={t('form.variantPlaceholder')}
            options={variants.map((v) => ({ value: v.id, label: v.label }))}
            data-testid="batch-variant"
          />
        </Form.Item>
      )}
    </>
  );
}
