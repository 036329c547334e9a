import { z } from 'zod';
import { MAX_PER_PAGE } from '../constants.js';
import { listMeta } from './common.js';
import { pageField, perPageField } from './list.js';

/**
 * One row of a subject's history (batch, product, producer) from the shared activity log, newest
 * first: the batch history item (id, action, detail, user, created_at) plus the status move and its
 * note. `internal` rows are back-office only; a producer's answer never holds one.
 */
export const activityItem = z.object({
  id: z.number().int(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  internal: z.boolean(),
  /** The row is the producer's to see but its note is back-office only (a move's internal reason); a producer's answer holds its rows with `note` null. */
  note_internal: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
  /** Who acted; `staff` when a back-office user (the producer reads "staff"). */
  user: z.object({ id: z.number().int(), name: z.string(), staff: z.boolean() }).nullable(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/**
 * Paging of a history: page ≥ 1, per_page 1..100 (default 100, so a client that does not page
 * still gets the whole of nearly every history).
 */
export const historyQuery = z.object({
  page: pageField,
  per_page: perPageField.unwrap().default(MAX_PER_PAGE),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyAnswer = z.object({ data: z.object({ history: z.array(activityItem) }), meta: listMeta });
export type HistoryAnswer = z.infer<typeof historyAnswer>;
