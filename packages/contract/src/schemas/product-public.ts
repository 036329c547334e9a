import { z } from 'zod';
import { publicCertificate, publicImage, publicProducer } from './trace-public.js';

/** The most published batches a public product page lists (newest first). */
export const PUBLIC_PRODUCT_BATCHES = 20;

/** One published batch of a product, as its public page lists it (links to `/trace/{code}`). */
export const publicProductBatch = z.object({
  code: z.string(),
  lot_code: z.string(),
  variant: z.object({ label: z.string() }).nullable(),
  production_date: z.string(),
  expiry_date: z.string().nullable(),
  /** expiry_date is before today (Asia/Ho_Chi_Minh). */
  expired: z.boolean(),
  recalled: z.boolean(),
  on_hold: z.boolean(),
});
export type PublicProductBatch = z.infer<typeof publicProductBatch>;

/**
 * GET /api/v1/client/products/{code} → `{ data: { product: PublicProduct } }` (no login).
 * An approved product of the request's platform, as its QR code (`/01/{gtin14}` or
 * `/trace/p/{code}`) shows it: no prices, SKUs, ids or producer contact data.
 */
export const publicProduct = z.object({
  code: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  gtin: z.string().nullable(),
  unit: z.string(),
  cover: publicImage.nullable(),
  images: z.array(publicImage),
  origin_province_code: z.string().nullable(),
  origin_province: z.string().nullable(),
  origin_country: z.string().nullable(),
  producer: publicProducer,
  certificates: z.array(publicCertificate),
  /** Labels of the active variants ("A / B"), in the producer's order. */
  variants: z.array(z.object({ label: z.string() })),
  /** Published batches, newest production first, at most PUBLIC_PRODUCT_BATCHES. */
  batches: z.array(publicProductBatch),
});
export type PublicProduct = z.infer<typeof publicProduct>;
