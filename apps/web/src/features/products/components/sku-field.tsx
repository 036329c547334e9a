import { App, Button, Flex, Form, Input, Tooltip, type FormInstance } from 'antd';
import { SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SKU_PATTERN } from '@agrihub/contract/schemas/products';
import { isApiError } from '../../../lib/api-error';
import { useGenerateSkuMutation, useUpdateSkuMutation } from '../api/products-api';
import type { ProductFormValues } from '../lib/product-form';

interface Props {
  form: FormInstance<ProductFormValues>;
  /** The saved product (null while adding): generate and save-SKU need it. */
  productId: number | null;
  savedSku: string | null;
  disabled?: boolean;
}

/** SKU with "generate automatically" (saved products) and its own save (PUT /products/{id}/sku). */
export function SkuField({ form, productId, savedSku, disabled }: Props) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [generate, generating] = useGenerateSkuMutation();
  const [saveSku, saving] = useUpdateSkuMutation();
  const sku = Form.useWatch('sku', form);
  const changed = productId !== null && (sku ?? '').trim() !== (savedSku ?? '') && !!(sku ?? '').trim();

  const fail = (error: unknown) => {
    const text =
      isApiError(error) && error.status === 409
        ? t('sku.taken')
        : isApiError(error)
          ? error.message
          : t('errors.generic');
    form.setFields([{ name: 'sku', errors: [text] }]);
    void message.error(text);
  };
  const onGenerate = () => {
    if (productId === null) return;
    generate(productId)
      .unwrap()
      .then(({ product, message: note }) => {
        form.setFields([{ name: 'sku', value: product.sku, errors: [] }]);
        void message.success(note ?? t('sku.generated'));
      })
      .catch(fail);
  };
  const onSave = async () => {
    if (productId === null) return;
    try {
      await form.validateFields(['sku']);
    } catch {
      return;
    }
    saveSku({ id: productId, sku: (sku ?? '').trim() })
      .unwrap()
      .then(({ product, message: note }) => {
        form.setFields([{ name: 'sku', value: product.sku, errors: [] }]);
        void message.success(note ?? t('sku.saved'));
      })
      .catch(fail);
  };

  return (
    <Form.Item label={t('fields.sku')} extra={t('sku.help')} required={false}>
      <Flex vertical gap={8}>
        <Form.Item name="sku" noStyle rules={[{ pattern: SKU_PATTERN, message: t('validation:invalidSku') }]}>
          <Input maxLength={64} disabled={disabled} data-testid="product-sku" placeholder={t('sku.placeholder')} />
        </Form.Item>
        <Flex gap={8} wrap>
          <Tooltip title={productId === null ? t('sku.generateAfterSave') : undefined}>
            <Button
              size="small"
              icon={<ThunderboltOutlined />}
              disabled={disabled || productId === null}
              loading={generating.isLoading}
              onClick={onGenerate}
              data-testid="generate-sku"
            >
              {t('sku.generate')}
            </Button>
          </Tooltip>
          {productId !== null && (
            <Tooltip title={t('sku.saveHelp')}>
              <Button
                size="small"
                icon={<SaveOutlined />}
                disabled={disabled || !changed}
                loading={saving.isLoading}
                onClick={() => void onSave()}
                data-testid="save-sku"
              >
                {t('sku.save')}
              </Button>
            </Tooltip>
          )}
        </Flex>
      </Flex>
    </Form.Item>
  );
}
