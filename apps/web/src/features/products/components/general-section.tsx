import { Col, Form, Input, Row, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNITS } from '@agrihub/contract/constants';
import type { ProductCategory as Category, ProductType } from '@agrihub/contract/schemas/products';
import { productRule } from '../lib/contract-rules';
import { CategorySelect } from '../../../components/category-select';

export type ContentLocale = 'vi' | 'en';

interface Props {
  disabled?: boolean;
  contentLocale: ContentLocale;
  onContentLocale: (l: ContentLocale) => void;
  categories: Category[];
  categoriesLoading: boolean;
  productTypes: ProductType[];
  productTypesLoading: boolean;
}

/**
 * Name, description (in the language picked by the editor's switch: name/description or
 * name_en/description_en; the other pair stays in the form), category (leaves only), type, unit.
 */
export function GeneralSection(props: Props) {
  const { disabled, contentLocale } = props;
  const { t, i18n } = useTranslation('products');
  const en = contentLocale === 'en';
  return (
    <>
      <Form.Item label={t('fields.contentLanguage')} extra={t('contentLanguage.help')}>
        <Segmented<ContentLocale>
          value={contentLocale}
          onChange={props.onContentLocale}
          options={[
            { label: t('contentLanguage.vi'), value: 'vi' },
            { label: t('contentLanguage.en'), value: 'en' },
          ]}
          data-testid="content-locale"
        />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} hidden={en} required rules={[productRule('name', t)]}>
        <Input maxLength={200} disabled={disabled} placeholder={t('placeholders.name')} data-testid="product-name" />
      </Form.Item>
      <Form.Item name="name_en" label={t('fields.nameEn')} hidden={!en} rules={[productRule('name_en', t)]}>
        <Input
          maxLength={200}
          disabled={disabled}
          placeholder={t('placeholders.nameEn')}
          data-testid="product-name-en"
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} hidden={en}>
        <Input.TextArea rows={4} maxLength={20000} disabled={disabled} data-testid="product-description" />
      </Form.Item>
      <Form.Item name="description_en" label={t('fields.descriptionEn')} hidden={!en}>
        <Input.TextArea rows={4} maxLength={20000} disabled={disabled} data-testid="product-description-en" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="category_id"
            label={t('fields.category')}
            required
            rules={[productRule('category_id', t)]}
            extra={t('help.categoryLeaf')}
          >
            <CategorySelect
              categories={props.categories}
              loading={props.categoriesLoading}
              disabled={disabled}
              placeholder={t('placeholders.category')}
              testId="product-category"
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="product_type_id" label={t('fields.productType')}>
            <Select
              allowClear
              disabled={disabled}
              loading={props.productTypesLoading}
              placeholder={t('placeholders.productType')}
              options={props.productTypes.map((p) => ({
                value: p.id,
                label: i18n.language === 'en' ? p.name_en : p.name,
              }))}
              data-testid="product-type"
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="unit" label={t('fields.unit')} required rules={[productRule('unit', t)]}>
            <Select
              disabled={disabled}
              placeholder={t('placeholders.unit')}
              options={UNITS.map((u) => ({ value: u, label: u }))}
              data-testid="product-unit"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
