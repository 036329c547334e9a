import type { ReactNode } from 'react';
import { Card, Flex, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductCategory as Category, ProductType } from '@agrihub/contract/schemas/products';
import type { ProductFormValues } from '../lib/product-form';
import { CertificatesField } from '../../../components/certificates-field';
import { CodesSection } from './codes-section';
import { ConsumerInfoSection } from './consumer-info-section';
import { GeneralSection, type ContentLocale } from './general-section';
import { ImagesField } from './images-field';
import { OriginSection } from './origin-section';
import { PricingSection } from './pricing-section';

interface Props {
  form: FormInstance<ProductFormValues>;
  initialValues: ProductFormValues;
  disabled?: boolean;
  productId: number | null;
  savedSku: string | null;
  contentLocale: ContentLocale;
  onContentLocale: (l: ContentLocale) => void;
  categories: Category[];
  categoriesLoading: boolean;
  productTypes: ProductType[];
  productTypesLoading: boolean;
  onValuesChange?: () => void;
  /** The variant editor (kept outside the antd Form's store). */
  variants: ReactNode;
}

/** The product editor's form (add and edit): one component, sections as cards. */
export function ProductForm(props: Props) {
  const { form, disabled } = props;
  const { t } = useTranslation('products');
  return (
    <Form<ProductFormValues>
      name="product"
      noValidate
      form={form}
      layout="vertical"
      initialValues={props.initialValues}
      onValuesChange={props.onValuesChange}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      data-testid="product-form"
    >
      <Flex vertical gap={16}>
        <Card title={t('sections.general')}>
          <GeneralSection
            disabled={disabled}
            contentLocale={props.contentLocale}
            onContentLocale={props.onContentLocale}
            categories={props.categories}
            categoriesLoading={props.categoriesLoading}
            productTypes={props.productTypes}
            productTypesLoading={props.productTypesLoading}
          />
        </Card>
        <Card title={t('sections.pricing')}>
          <PricingSection disabled={disabled} />
        </Card>
        <Card title={t('sections.codes')}>
          <CodesSection form={form} productId={props.productId} savedSku={props.savedSku} disabled={disabled} />
        </Card>
        <Card title={t('sections.images')}>
          <Form.Item name="images" noStyle>
            <ImagesField disabled={disabled} />
          </Form.Item>
        </Card>
        <Card title={t('sections.variants')}>{props.variants}</Card>
        <Card title={t('sections.certificates')}>
          <CertificatesField ns="products" disabled={disabled} />
        </Card>
        <Card title={t('sections.origin')}>
          <OriginSection disabled={disabled} />
        </Card>
        <Card title={t('sections.consumerInfo')}>
          <ConsumerInfoSection disabled={disabled} />
        </Card>
      </Flex>
    </Form>
  );
}
