import { z } from 'zod';
import { TAX_RATES, UNITS } from '../constants.js';
import { COUNTRY_CODES, PROVINCE_CODES } from '../geo.js';
import { isValidGtin } from '../gtin.js';
import { EUDR_COMMODITIES } from '../eudr.js';
import { MAX_OPTION_GROUPS } from '../variants.js';
import { expectedUpdatedAt } from '../publication.js';
import {
  PRODUCT_BRAND_MAX,
  PRODUCT_MAX_STANDARDS,
  PRODUCT_STANDARD_MAX,
  PRODUCT_TRADEMARK_MAX,
  SHELF_LIFE_DAYS_MAX,
} from '../circular-02.js';
import { dateField, idField, idText, money, textField } from './common.js';
import { listQuery, sortTokens } from './list.js';

/** draft → pending (register) → approved | rejected (admin); see docs/decisions (product review cycle). */
export const PRODUCT_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_MAX_CERTIFICATES = 10;
export const OPTION_MAX_VALUES = 20;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const PRODUCT_SORT_FIELDS = ['created_at', 'name'] as const;
export const PRODUCT_SORTS = sortTokens(PRODUCT_SORT_FIELDS);

// ---------- responses ----------

export const productImage = z.object({ id: z.number().int(), url: z.string(), thumbnail_url: z.string().nullable() });
export const productFile = z.object({ id: z.number().int(), url: z.string(), filename: z.string() });
export const productCertificate = z.object({
  name: z.string(),
  issuer: z.string(),
  number: z.string(),
  valid_until: z.string().nullable(),
  file: productFile.nullable(),
});
export const optionThumbnail = z.object({ id: z.number().int(), url: z.string() });
export const optionGroup = z.object({
  title: z.string(),
  values: z.array(z.string()),
  thumbnails: z.array(optionThumbnail.nullable()),
});
export type OptionGroup = z.infer<typeof optionGroup>;
export const variantType = z.object({ title: z.string(), value: z.string() });
export const productVariant = z.object({
  id: z.number().int(),
  types: z.array(variantType),
  price: money.nullable(),
  customer_sku: z.string().nullable(),
  thumbnail_id: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  /** "A / B", or "--" with no types. */
  label: z.string(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const product = z.object({
  id: z.number().int(),
  producer_id: z.number().int(),
  producer_name: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  category_id: z.number().int().nullable(),
  /** "Nông sản tươi > Rau củ" (Vietnamese names); category_path_en with the English ones. */
  category_path: z.string().nullable(),
  category_path_en: z.string().nullable(),
  product_type_id: z.number().int().nullable(),
  unit: z.string(),
  price: money.nullable(),
  shipping_price: money.nullable(),
  discount_price: money.nullable(),
  tax_rate: z.number().int().nullable(),
  gtin: z.string().nullable(),
  /** An administrator checked that the GTIN's company prefix belongs to this producer. */
  gtin_verified: z.boolean(),
  sku: z.string().nullable(),
  /** Circular 02/2024 consumer information (ADR 043): brand, registered trademark, standards applied, shelf life. */
  brand: z.string().nullable(),
  trademark: z.string().nullable(),
  standards: z.array(z.string()),
  shelf_life_days: z.number().int().nullable(),
  /** In display order; the first is the cover. */
  images: z.array(productImage),
  certificates: z.array(productCertificate),
  origin_province_code: z.string().nullable(),
  origin_country: z.string().nullable(),
  option_groups: z.array(optionGroup),
  variants: z.array(productVariant),
  status: z.enum(PRODUCT_STATUSES),
  reject_reason: z.string().nullable(),
  public_code: z.string(),
  /** The URL the product's QR code encodes: GS1 Digital Link `/01/{gtin14}` with a GTIN, else `/trace/p/{public_code}`. */
  qr_url: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** Last approval: the public pages show the version approved then, even while an edit waits for review. */
  approved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof product>;

export const productType = z.object({ id: z.number().int(), name: z.string(), name_en: z.string() });
export type ProductType = z.infer<typeof productType>;
export const productCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  parent_id: z.number().int().nullable(),
  /** Names from the root joined with ' > '. */
  path: z.string(),
  path_en: z.string(),
  is_leaf: z.boolean(),
  /** Three-digit code (groups and leaves). */
  code: z.string().nullable(),
  /** The EUDR commodity an administrator flagged the category with, and its HS code (ADR 042). */
  eudr_commodity: z.enum(EUDR_COMMODITIES).nullable(),
  hs_code: z.string().nullable(),
});
export type ProductCategory = z.infer<typeof productCategory>;

// ---------- requests ----------

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, key = 'tooLong') =>
  z.preprocess(emptyToNull, textField().trim().max(max, key).nullable()).optional();
const dateOnly = dateField();
/** `{ cents }` on the wire (extra keys such as currency_iso are ignored): whole đồng, ≥ 0. */
export const centsInput = z.object({
  cents: z
    .number({ error: 'invalidPrice' })
    .int('invalidPrice')
    .min(0, 'invalidPrice')
    .max(1_000_000_000_000, 'invalidPrice'),
});
const uploadId = idField('invalidUpload');
export const skuField = textField({ error: 'pleaseInputSku' })
  .trim()
  .min(1, 'pleaseInputSku')
  .regex(SKU_PATTERN, 'invalidSku');

export const certificateInput = z.object({
  name: textField({ error: 'pleaseInputCertificateName' })
    .trim()
    .min(1, 'pleaseInputCertificateName')
    .max(200, 'tooLong'),
  issuer: textField().trim().max(200, 'tooLong').default(''),
  number: textField().trim().max(100, 'tooLong').default(''),
  valid_until: z.preprocess(emptyToNull, dateOnly.nullable()).default(null),
  file_id: uploadId.nullable().default(null),
});

export const optionGroupInput = z
  .object({
    title: textField({ error: 'pleaseInputOptionTitle' }).trim().min(1, 'pleaseInputOptionTitle').max(50, 'tooLong'),
    values: z.array(textField().trim().max(50, 'optionValueTooLong')).max(OPTION_MAX_VALUES, 'tooManyOptionValues'),
    /** Per-value thumbnail upload ids, aligned with values. */
    thumbnail_ids: z.array(uploadId.nullable()).max(OPTION_MAX_VALUES).default([]),
  })
  .superRefine((g, ctx) => {
    const seen = new Set<string>();
    g.values.forEach((v, i) => {
      if (v && seen.has(v)) ctx.addIssue({ code: 'custom', path: ['values', i], message: 'duplicateOptionValue' });
      seen.add(v);
    });
  });
export type OptionGroupRequest = z.input<typeof optionGroupInput>;

export const variantInput = z.object({
  id: idField().nullable().optional(),
  types: z
    .array(z.object({ title: textField().trim().max(50), value: textField().trim().max(50) }))
    .max(MAX_OPTION_GROUPS),
  price: centsInput.nullable().default(null),
  customer_sku: z.preprocess(emptyToNull, textField().trim().regex(SKU_PATTERN, 'invalidSku').nullable()).default(null),
  thumbnail_id: uploadId.nullable().default(null),
});
export type VariantRequest = z.input<typeof variantInput>;

const productFields = z.object({
  name: textField({ error: 'pleaseInputProductName' })
    .trim()
    .min(1, 'pleaseInputProductName')
    .max(200, 'productNameTooLong'),
  name_en: optionalText(200, 'productNameTooLong'),
  description: optionalText(20_000),
  description_en: optionalText(20_000),
  /** Must be a leaf of the category tree (checked by the server: categoryNotLeaf). */
  category_id: idField('pleaseSelectCategory'),
  product_type_id: idField('invalidProductType').nullable().optional(),
  unit: z.enum(UNITS, { error: 'pleaseSelectUnit' }),
  price: centsInput.nullable().optional(),
  shipping_price: centsInput.nullable().optional(),
  discount_price: centsInput.nullable().optional(),
  tax_rate: z
    .number({ error: 'invalidTaxRate' })
    .refine((r) => (TAX_RATES as readonly number[]).includes(r), 'invalidTaxRate')
    .nullable()
    .optional(),
  gtin: z.preprocess(emptyToNull, textField().trim().refine(isValidGtin, 'invalidGtin').nullable()).optional(),
  sku: z.preprocess(emptyToNull, skuField.nullable()).optional(),
  brand: optionalText(PRODUCT_BRAND_MAX),
  trademark: optionalText(PRODUCT_TRADEMARK_MAX),
  /** Standards applied as declared ("TCVN 4193:2014", "VietGAP"…); blanks dropped. */
  standards: z
    .array(z.preprocess(emptyToNull, textField().trim().max(PRODUCT_STANDARD_MAX, 'tooLong').nullable()))
    .max(PRODUCT_MAX_STANDARDS, 'tooManyStandards')
    .transform((a) => [...new Set(a.filter((x): x is string => !!x))])
    .default([]),
  shelf_life_days: z
    .number({ error: 'invalidShelfLife' })
    .int('invalidShelfLife')
    .min(1, 'invalidShelfLife')
    .max(SHELF_LIFE_DAYS_MAX, 'invalidShelfLife')
    .nullable()
    .optional(),
  /** Upload ids of images in display order; the first is the cover. */
  image_ids: z.array(uploadId).max(PRODUCT_MAX_IMAGES, 'tooManyImages').default([]),
  certificates: z.array(certificateInput).max(PRODUCT_MAX_CERTIFICATES, 'tooManyCertificates').default([]),
  origin_province_code: z
    .preprocess(
      emptyToNull,
      textField()
        .refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince')
        .nullable(),
    )
    .optional(),
  origin_country: z
    .preprocess(
      emptyToNull,
      textField()
        .refine((c) => COUNTRY_CODES.includes(c), 'invalidCountry')
        .nullable(),
    )
    .optional(),
  /** With `variants`: the variant list is rebuilt (buildVariants) in the same transaction. */
  option_groups: z.array(optionGroupInput).max(MAX_OPTION_GROUPS, 'tooManyOptionGroups').optional(),
  variants: z.array(variantInput).max(400).optional(),
  /** PUT: the updated_at the client read; stale → 409 stale_update (not checked when absent). */
  updated_at: expectedUpdatedAt,
});

function productRules(v: z.infer<typeof productFields>, ctx: z.RefinementCtx) {
  if (v.price && v.discount_price && v.discount_price.cents > v.price.cents) {
    ctx.addIssue({ code: 'custom', path: ['discount_price'], message: 'discountExceedsPrice' });
  }
  const titles = new Set<string>();
  v.option_groups?.forEach((g, i) => {
    if (titles.has(g.title))
      ctx.addIssue({ code: 'custom', path: ['option_groups', i, 'title'], message: 'duplicateOptionTitle' });
    titles.add(g.title);
  });
  const skus = new Set<string>();
  v.variants?.forEach((x, i) => {
    if (!x.customer_sku) return;
    if (skus.has(x.customer_sku))
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'customer_sku'], message: 'duplicateVariantSku' });
    skus.add(x.customer_sku);
  });
}

/**
 * POST /api/v1/products and PUT /api/v1/products/{id} (full replacement of the fields; omitted
 * optional fields become empty). option_groups/variants omitted on PUT leave the variants as they are.
 */
export const productRequest = productFields.superRefine(productRules);
export type ProductRequest = z.input<typeof productRequest>;

/** GET /api/v1/products (own producer) and GET /api/v1/admin/products (producer_id filter). */
export const productListQuery = listQuery(PRODUCT_SORT_FIELDS, '-created_at').extend({
  status: z.enum(PRODUCT_STATUSES, { error: 'invalidProductStatus' }).optional(),
  category_id: idText().optional(),
  producer_id: idText().optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** POST /api/v1/admin/products/{id}/reject */
export const rejectProductRequest = z.object({
  reason: textField({ error: 'pleaseInputRejectReason' })
    .trim()
    .min(1, 'pleaseInputRejectReason')
    .max(500, 'rejectReasonTooLong'),
});
/** PUT /api/v1/admin/products/{id}/gtin_verification */
export const gtinVerificationRequest = z.object({ verified: z.boolean() });
/** PUT /api/v1/products/{id}/sku */
export const productSkuRequest = z.object({ sku: skuField });
