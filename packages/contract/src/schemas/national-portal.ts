import { z } from 'zod';
import { dateField, idText } from './common.js';

/**
 * GET /api/v1/national-portal/export: the caller's producer's products and published batches as the
 * JSON of docs/schemas/national-portal-export.schema.json (Circular 02/2024, ADR 043), streamed.
 * Optional filters: a production-date range (inclusive) and one product.
 */
export const nationalPortalExportQuery = z
  .object({
    from: dateField().optional(),
    to: dateField().optional(),
    product_id: idText().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'invalidDateRange' });
export type NationalPortalExportQuery = z.infer<typeof nationalPortalExportQuery>;

/** The file name of the download (the date is the day of the export, Asia/Ho_Chi_Minh). */
export const nationalPortalFileName = (day: string) => `truy-xuat-quoc-gia-${day}.json`;
