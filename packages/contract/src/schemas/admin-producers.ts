import { z } from 'zod';
import { APPROVAL_STATUSES, EXPORT_MODES, PRODUCER_TYPES } from '../constants.js';
import { idField, textField } from './common.js';
import { producer } from './producers.js';

/** Longest reason an administrator may give when closing a producer. */
export const PRODUCER_REASON_MAX = 500;
/** Most producers one bulk status change may touch. */
export const PRODUCER_BULK_MAX = 500;

const statusField = z.enum(APPROVAL_STATUSES, { error: 'invalidStatus' });
const reasonField = textField().trim().max(PRODUCER_REASON_MAX, 'closeReasonTooLong').nullable().optional();

/** Closing needs a reason (the producer is told why); approving or reopening does not. */
function reasonWhenClosing(v: { status: string; reason?: string | null }, ctx: z.RefinementCtx) {
  if (v.status === 'closed' && !v.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'pleaseInputCloseReason' });
  }
}

/** PUT /api/v1/admin/producers/{id}/status */
export const producerStatusRequest = z
  .object({ status: statusField, reason: reasonField })
  .superRefine(reasonWhenClosing);
export type ProducerStatusRequest = z.input<typeof producerStatusRequest>;

/** PUT /api/v1/admin/producers/bulk: only producers of the request's platform are touched. */
export const producerBulkRequest = z
  .object({
    ids: z
      .array(idField('pleaseSelectProducers'), { error: 'pleaseSelectProducers' })
      .min(1, 'pleaseSelectProducers')
      .max(PRODUCER_BULK_MAX, 'tooManyProducers'),
    status: statusField,
    reason: reasonField,
  })
  .superRefine(reasonWhenClosing);
export type ProducerBulkRequest = z.input<typeof producerBulkRequest>;

export const producerBulkAnswer = z.object({
  data: z.object({ updated: z.number().int() }),
  meta: z.object({ message: z.string() }),
});

/** The list filters an export may carry (as GET /api/v1/admin/producers). */
export const producerFilters = {
  q: textField().trim().max(200).optional(),
  status: statusField.optional(),
  producer_type: z.enum(PRODUCER_TYPES, { error: 'invalidProducerType' }).optional(),
};

/** POST /api/v1/admin/producers/export (XLSX). exportAsFilter uses the filters and/or the ids. */
export const producerExportRequest = z.object({
  mode: z.enum(EXPORT_MODES, { error: 'invalidExportMode' }),
  ids: z.array(idField()).max(10_000).optional(),
  ...producerFilters,
});
export type ProducerExportRequest = z.input<typeof producerExportRequest>;

/** A user account attached to a producer, as administrators see it. */
export const producerUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type ProducerUser = z.infer<typeof producerUser>;

/** GET /api/v1/admin/producers/{id} */
export const adminProducerAnswer = z.object({
  data: z.object({
    producer,
    users: z.array(producerUser),
    counts: z.object({ products: z.number().int(), batches: z.number().int() }),
  }),
  meta: z.object({ message: z.string().optional() }).optional(),
});
export type AdminProducerDetail = z.infer<typeof adminProducerAnswer>['data'];
