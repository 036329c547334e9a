import { z } from 'zod';

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
  detail: z.record(z.string(), z.unknown()),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const historyAnswer = z.object({ data: z.object({ history: z.array(activityItem) }) });
export type HistoryAnswer = z.infer<typeof historyAnswer>;
