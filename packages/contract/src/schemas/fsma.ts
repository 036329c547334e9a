import { z } from 'zod';
import { todayInVietnam } from '../vietnam-time.js';
import { dateField } from './common.js';

/**
 * FSMA 204 electronic sortable spreadsheet (21 CFR 1.1455(c)(3)(ii); ADR 041): one lot with its
 * chain, or a date range of the producer's records, as XLSX or CSV.
 */
export const FSMA_FORMATS = ['xlsx', 'csv'] as const;
export type FsmaFormat = (typeof FSMA_FORMATS)[number];

/** The longest date range one sheet covers, in days (both ends counted). */
export const FSMA_MAX_RANGE_DAYS = 366;

/** The critical tracking events of 21 CFR 1.1325–1.1350, in the rule's order. */
export const FSMA_CTES = [
  'harvesting',
  'cooling',
  'initial_packing',
  'first_land_based_receiving',
  'shipping',
  'receiving',
  'transformation',
] as const;
export type FsmaCte = (typeof FSMA_CTES)[number];

const format = z.enum(FSMA_FORMATS, { error: 'fsma_invalid_format' }).default('xlsx');

export const fsmaLotQuery = z.object({ format });

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to`, both counted (1 for one day). */
export function fsmaRangeDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

export const fsmaRangeQuery = z
  .object({
    format,
    from: dateField('fsma_invalid_from'),
    to: dateField('fsma_invalid_to'),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'fsma_range_order' });
    else if (fsmaRangeDays(q.from, q.to) > FSMA_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'fsma_range_too_long' });
    if (q.to > todayInVietnam()) ctx.addIssue({ code: 'custom', path: ['to'], message: 'fsma_range_future' });
  });
export type FsmaRangeQuery = z.infer<typeof fsmaRangeQuery>;
