import dayjs, { type Dayjs } from 'dayjs';
import type { Product, ProductRequest } from '@agrihub/contract/schemas/products';
import type { FieldError } from '../../../lib/api-error';
import { fromMoney, toMoney } from './money';
import { EMPTY_VARIANTS, groupsForApi, type VariantEditorState } from './variant-state';

export interface ImageValue {
  id: number;
  url: string;
  thumbnail_url: string | null;
}
export interface FileValue {
  id: number;
  url: string;
  filename: string;
}
export interface CertificateValue {
  name?: string;
  issuer?: string;
  number?: string;
  valid_until?: Dayjs | null;
  file?: FileValue | null;
}

/** What the antd Form holds (money as plain numbers of đồng, dates as dayjs). */
export interface ProductFormValues {
  name?: string;
  name_en?: string | null;
  description?: string | null;
  description_en?: string | null;
  category_id?: number | null;
  product_type_id?: number | null;
  unit?: string;
  price?: number | null;
  shipping_price?: number | null;
  discount_price?: number | null;
  tax_rate?: number | null;
  gtin?: string | null;
  sku?: string | null;
  images?: ImageValue[];
  certificates?: CertificateValue[];
  origin_province_code?: string | null;
  origin_country?: string | null;
  /** Circular 02/2024 consumer information (ADR 043). */
  brand?: string | null;
  trademark?: string | null;
  standards?: string[];
  shelf_life_days?: number | null;
}

export const NEW_PRODUCT_VALUES: ProductFormValues = {
  images: [],
  certificates: [],
  standards: [],
  origin_country: 'VN',
  tax_rate: null,
};

export function formValuesOf(p: Product): ProductFormValues {
  return {
    name: p.name,
    name_en: p.name_en,
    description: p.description,
    description_en: p.description_en,
    category_id: p.category_id,
    product_type_id: p.product_type_id,
    unit: p.unit,
    price: fromMoney(p.price),
    shipping_price: fromMoney(p.shipping_price),
    discount_price: fromMoney(p.discount_price),
    tax_rate: p.tax_rate,
    gtin: p.gtin,
    sku: p.sku,
    images: p.images,
    certificates: p.certificates.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.valid_until ? dayjs(c.valid_until) : null,
      file: c.file,
    })),
    origin_province_code: p.origin_province_code,
    origin_country: p.origin_country,
    brand: p.brand,
    trademark: p.trademark,
    standards: p.standards,
    shelf_life_days: p.shelf_life_days,
  };
}

export function variantStateOf(p: Product): VariantEditorState {
  return {
    groups: p.option_groups.map((g) => ({
      title: g.title,
      values: [...g.values],
      thumbnails: g.values.map((_, i) => g.thumbnails[i] ?? null),
    })),
    variants: p.variants.map((v) => ({
      id: v.id,
      types: v.types,
      price: v.price ? { cents: v.price.cents } : null,
      customer_sku: v.customer_sku,
      thumbnail_id: v.thumbnail_id,
      thumbnail_url: v.thumbnail_url,
    })),
    retired: [],
  };
}

export const NEW_VARIANT_STATE: VariantEditorState = { ...EMPTY_VARIANTS, retired: [] };

const text = (v: string | null | undefined) => (v ?? '').trim() || null;

/** The request body (contract productRequest) from the form and the variant editor. */
export function requestOf(values: ProductFormValues, variants: VariantEditorState): ProductRequest {
  return {
    name: (values.name ?? '').trim(),
    name_en: text(values.name_en),
    description: text(values.description),
    description_en: text(values.description_en),
    category_id: values.category_id as number,
    product_type_id: values.product_type_id ?? null,
    unit: values.unit as ProductRequest['unit'],
    price: toMoney(values.price),
    shipping_price: toMoney(values.shipping_price),
    discount_price: toMoney(values.discount_price),
    tax_rate: values.tax_rate ?? null,
    gtin: text(values.gtin),
    sku: text(values.sku),
    image_ids: (values.images ?? []).map((i) => i.id),
    certificates: (values.certificates ?? []).map((c) => ({
      name: (c.name ?? '').trim(),
      issuer: (c.issuer ?? '').trim(),
      number: (c.number ?? '').trim(),
      valid_until: c.valid_until ? c.valid_until.format('YYYY-MM-DD') : null,
      file_id: c.file?.id ?? null,
    })),
    origin_province_code: values.origin_province_code ?? null,
    origin_country: values.origin_country ?? null,
    brand: text(values.brand),
    trademark: text(values.trademark),
    standards: (values.standards ?? []).map((x) => x.trim()).filter(Boolean),
    shelf_life_days: values.shelf_life_days ?? null,
    option_groups: groupsForApi(variants.groups).map((g) => ({
      title: g.title,
      values: g.values,
      thumbnail_ids: g.thumbnails.map((t) => t?.id ?? null),
    })),
    variants: variants.variants.map((v) => ({
      id: v.id,
      types: v.types,
      price: v.price ? { cents: v.price.cents } : null,
      customer_sku: text(v.customer_sku),
      thumbnail_id: v.thumbnail_id,
    })),
  };
}

/** Fields whose server errors go to the variant editor instead of a form field. */
const VARIANT_FIELDS = new Set(['option_groups', 'variants']);
const FIELD_ALIASES: Record<string, string> = { image_ids: 'images' };

/**
 * Server field errors (`price.cents`, `certificates.0.name`, `variants.2.customer_sku`) split
 * into antd `setFields` entries, errors for the variant editor, and the rest.
 */
export function splitServerErrors(errors: readonly FieldError[], formFields: ReadonlySet<string>) {
  const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const variantErrors: string[] = [];
  const other: string[] = [];
  for (const e of errors) {
    const parts = e.field.split('.').filter(Boolean);
    const head = FIELD_ALIASES[parts[0] ?? ''] ?? parts[0] ?? '';
    if (VARIANT_FIELDS.has(head)) {
      variantErrors.push(e.message);
      continue;
    }
    if (!formFields.has(head)) {
      other.push(e.message);
      continue;
    }
    // certificates.N.field → ['certificates', N, field]; money fields end at the field itself.
    const name: (string | number)[] =
      head === 'certificates' && parts.length >= 3
        ? [head, Number(parts[1]), parts[2] === 'file_id' ? 'file' : parts[2]]
        : [head];
    const key = name.join('.');
    const entry = fields.get(key) ?? { name, errors: [] };
    entry.errors.push(e.message);
    fields.set(key, entry);
  }
  return { fields: [...fields.values()], variantErrors: [...new Set(variantErrors)], other };
}
