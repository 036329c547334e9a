import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { productRequest, type Product } from '@agrihub/contract/schemas/products';
import { isApiError } from '../../../lib/api-error';
import { issueText } from '../../../lib/form-rules';
import { useCreateProductMutation, useUpdateProductMutation } from '../api/products-api';
import { requestOf, splitServerErrors, type ProductFormValues } from './product-form';
import type { VariantEditorState } from './variant-state';

const FORM_FIELDS = new Set([
  'name',
  'name_en',
  'description',
  'description_en',
  'category_id',
  'product_type_id',
  'unit',
  'price',
  'shipping_price',
  'discount_price',
  'tax_rate',
  'gtin',
  'sku',
  'images',
  'certificates',
  'origin_province_code',
  'origin_country',
  'brand',
  'trademark',
  'standards',
  'shelf_life_days',
]);

interface Options {
  form: FormInstance<ProductFormValues>;
  productId: number | null;
  variants: VariantEditorState;
  /** The updated_at of the version the form was loaded from: a save over a newer one answers 409 stale_update. */
  expectedUpdatedAt: string | null;
  /** Called when the form rejects a field hidden by the language switch. */
  onHiddenFieldError: (locale: 'vi' | 'en') => void;
  onSaved: (product: Product) => void;
  /** Someone else saved the product since it was loaded: the edits stay in the form. */
  onStale: () => void;
}

/**
 * Validates (antd rules + the contract schema, variants included), sends POST or PUT, and on
 * failure keeps every edit, puts the server's field errors on the fields and the variant errors
 * above the variant table, and shows the server's message.
 */
export function useSaveProduct({
  form,
  productId,
  variants,
  expectedUpdatedAt,
  onHiddenFieldError,
  onSaved,
  onStale,
}: Options) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const [variantErrors, setVariantErrors] = useState<string[]>([]);

  const save = async () => {
    setVariantErrors([]);
    let values: ProductFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as ProductFormValues;
    } catch (e) {
      const names = ((e as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? []).map((f) =>
        String(f.name[0]),
      );
      if (names.includes('name') || names.includes('description')) onHiddenFieldError('vi');
      else if (names.includes('name_en') || names.includes('description_en')) onHiddenFieldError('en');
      void message.error(t('save.invalid'));
      return;
    }
    const body = requestOf(values, variants);
    const checked = productRequest.safeParse(body);
    if (!checked.success) {
      const local = checked.error.issues.filter((i) => ['option_groups', 'variants'].includes(String(i.path[0])));
      if (local.length) {
        setVariantErrors([...new Set(local.map((i) => issueText(i as Parameters<typeof issueText>[0], t)))]);
        document
          .querySelector('[data-testid="variant-editor"]')
          ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        void message.error(t('save.invalid'));
        return;
      }
    }
    try {
      const answer =
        productId === null
          ? await create(body).unwrap()
          : await update({ id: productId, body: { ...body, updated_at: expectedUpdatedAt ?? undefined } }).unwrap();
      void message.success(answer.message ?? t('save.saved'));
      onSaved(answer.product);
    } catch (error) {
      if (!isApiError(error)) {
        void message.error(t('errors.generic'));
        return;
      }
      if (error.status === 409 && error.code === 'stale_update') {
        onStale();
        void message.error(error.message);
        return;
      }
      const split = splitServerErrors(error.errors, FORM_FIELDS);
      // A GTIN another product holds (409 gtin_taken / gtin_taken_own) shows on the GTIN field.
      if (error.status === 409 && error.code.startsWith('gtin_taken') && !split.fields.some((f) => f.name[0] === 'gtin'))
        split.fields.push({ name: ['gtin'], errors: [error.message] });
      if (error.status === 409 && error.code === 'sku_taken')
        split.fields.push({ name: ['sku'], errors: [t('sku.taken')] });
      form.setFields(split.fields as Parameters<typeof form.setFields>[0]);
      setVariantErrors(split.variantErrors);
      const first = split.fields[0];
      if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
      else if (split.variantErrors.length)
        document
          .querySelector('[data-testid="variant-editor"]')
          ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      void message.error(error.message);
    }
  };

  return { save, saving: creating.isLoading || updating.isLoading, variantErrors };
}
