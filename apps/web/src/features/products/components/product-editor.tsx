import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Row, Space, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router';
import type { Product } from '@agrihub/contract/schemas/products';
import { paths } from '../../../config/paths';
import { useCategoriesQuery, useProductTypesQuery } from '../../../lib/catalogue-api';
import { useGetProductQuery } from '../api/products-api';
import {
  NEW_PRODUCT_VALUES,
  NEW_VARIANT_STATE,
  formValuesOf,
  variantStateOf,
  type ProductFormValues,
} from '../lib/product-form';
import { useSaveProduct } from '../lib/use-save-product';
import type { VariantEditorState } from '../lib/variant-state';
import { DeleteProductButton } from './delete-product-button';
import type { ContentLocale } from './general-section';
import { ProductForm } from './product-form';
import { StaleAlert } from '../../../components/stale-alert';
import { useLeaveGuard } from '../../../components/leave-guard';
import { ProductQr } from './product-qr';
import { ReviewStatus } from './review-status';
import { VariantEditor } from './variant-editor';

/** The later of two ISO instants (null when both are). */
function newest(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** Add (product = null) and view/edit a product: the same form, review status and QR aside. */
export function ProductEditor({ product }: { product: Product | null }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductFormValues>();
  const [variants, setVariantsState] = useState<VariantEditorState>(() =>
    product ? variantStateOf(product) : NEW_VARIANT_STATE,
  );
  const [contentLocale, setContentLocale] = useState<ContentLocale>('vi');
  const [dirty, setDirty] = useState(false);
  // The version the form holds: the loaded product, or the answer of the last save (whichever is newer).
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const current = useGetProductQuery(product?.id ?? 0, { skip: !product });
  const categories = useCategoriesQuery();
  const productTypes = useProductTypesQuery();
  const locked = product?.status === 'pending';
  // Leaving with unsaved edits asks first (in-app links, the back arrow, closing the tab).
  const { prompt, release } = useLeaveGuard(dirty);

  const setVariants = (next: VariantEditorState) => {
    setVariantsState(next);
    setDirty(true);
  };
  const { save, saving, variantErrors } = useSaveProduct({
    form,
    productId: product?.id ?? null,
    variants,
    expectedUpdatedAt: newest(product?.updated_at ?? null, savedAt),
    onHiddenFieldError: setContentLocale,
    onStale: () => setStale(true),
    onSaved: (saved) => {
      setDirty(false);
      setSavedAt(saved.updated_at);
      if (!product) {
        release();
        void navigate(generatePath(paths.product, { id: String(saved.id) }), { replace: true });
        return;
      }
      form.setFieldsValue(formValuesOf(saved));
      setVariantsState(variantStateOf(saved));
    },
  });

  /** Drops the edits for the latest saved version (the user chose to after a 409 stale_update). */
  const reload = async () => {
    const fresh = await current.refetch().unwrap();
    form.resetFields();
    form.setFieldsValue(formValuesOf(fresh));
    setVariantsState(variantStateOf(fresh));
    setSavedAt(fresh.updated_at);
    setStale(false);
    setDirty(false);
  };

  const title = product ? product.name : t('editor.addTitle');
  return (
    <Flex vertical gap={16} data-testid="product-editor">
      {prompt}
      <Flex justify="space-between" align="center" gap={16}>
        <Space size="middle" align="center">
          <Link to={paths.products} aria-label={t('editor.back')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
            {title}
          </Typography.Title>
        </Space>
        <Space>
          {product && (
            <DeleteProductButton
              product={product}
              onDeleted={() => {
                release();
                void navigate(paths.products);
              }}
            />
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={locked}
            onClick={() => void save()}
            data-testid="save-product"
          >
            {product ? t('actions.save') : t('actions.create')}
          </Button>
        </Space>
      </Flex>
      {stale && (
        <StaleAlert
          title={t('save.stale')}
          description={t('save.staleHelp')}
          reloadText={t('save.reload')}
          onReload={() => void reload()}
          testId="product-stale"
        />
      )}
      {(categories.isError || productTypes.isError) && (
        <Alert
          type="warning"
          showIcon
          title={t('editor.referenceFailed')}
          action={
            <Button size="small" onClick={() => void (categories.refetch(), productTypes.refetch())}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <ProductForm
            form={form}
            initialValues={product ? formValuesOf(product) : NEW_PRODUCT_VALUES}
            disabled={locked}
            productId={product?.id ?? null}
            savedSku={product?.sku ?? null}
            contentLocale={contentLocale}
            onContentLocale={setContentLocale}
            categories={categories.data ?? []}
            categoriesLoading={categories.isLoading}
            productTypes={productTypes.data ?? []}
            productTypesLoading={productTypes.isLoading}
            onValuesChange={() => setDirty(true)}
            variants={
              <VariantEditor value={variants} onChange={setVariants} disabled={locked} errors={variantErrors} />
            }
          />
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Button
              type="primary"
              size="large"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={locked}
              onClick={() => void save()}
              data-testid="save-product-bottom"
            >
              {product ? t('actions.save') : t('actions.create')}
            </Button>
          </Flex>
        </Col>
        <Col flex="300px">
          <Flex vertical gap={16} style={{ position: 'sticky', top: 16 }}>
            {product ? (
              <>
                <Card size="small">
                  <ReviewStatus product={product} dirty={dirty} />
                </Card>
                <ProductQr productId={product.id} refreshKey={product.updated_at} />
              </>
            ) : (
              <Alert type="info" showIcon title={t('editor.newHelp')} />
            )}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
