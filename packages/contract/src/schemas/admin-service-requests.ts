import { z } from 'zod';
import { EXPORT_MODES } from '../constants.js';
import { SERVICE_REQUEST_STATES } from '../workflows.js';
import { activityItem } from './activity.js';
import { dateField, idField, idText, listMeta, messageMeta, textField } from './common.js';
import { listQuery } from './list.js';
import { SERVICE_REQUEST_STATUSES, serviceRequest } from './service-requests.js';

/** Request status derived from the step (DESIGN §5.2); the one list of ./service-requests.ts. */
export const REQUEST_STATUSES = SERVICE_REQUEST_STATUSES;

/** Longest reason of a move and longest note staff may write. */
export const SERVICE_REQUEST_REASON_MAX = 1000;
export const SERVICE_REQUEST_NOTE_MAX = 5000;
/** Most files one note carries. */
export const SERVICE_REQUEST_NOTE_FILES_MAX = 10;

/** Sorts the admin list whitelists (anything else 422 invalidSort). */
export const ADMIN_SERVICE_REQUEST_SORT_FIELDS = ['created_at', 'updated_at', 'step', 'due_at'] as const;

const flag = z.enum(['true', 'false'], { error: 'invalid_value' });

/**
 * The admin list's filters (also carried by lock_all and the export): service slug, step, status,
 * assignee (`none` for unassigned), overdue, locked, created between two Vietnamese dates, and q
 * (producer, service title, requester; accent-free).
 */
export const adminServiceRequestFilters = {
  q: textField().trim().max(200).optional(),
  slug: textField().trim().max(100).optional(),
  step: z.enum(SERVICE_REQUEST_STATES, { error: 'invalidServiceStep' }).optional(),
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: 'invalidServiceRequestStatus' }).optional(),
  assignee_id: z.union([z.literal('none'), idText()], { error: 'invalidId' }).optional(),
  overdue: flag.optional(),
  locked: flag.optional(),
  created_from: dateField().optional(),
  created_to: dateField().optional(),
};

/** GET /api/v1/admin/user_register_services */
export const adminServiceRequestListQuery = listQuery(ADMIN_SERVICE_REQUEST_SORT_FIELDS, '-created_at').extend(
  adminServiceRequestFilters,
);
export type AdminServiceRequestListQuery = z.infer<typeof adminServiceRequestListQuery>;
export type AdminServiceRequestFilters = Partial<
  Pick<
    AdminServiceRequestListQuery,
    'q' | 'slug' | 'step' | 'status' | 'assignee_id' | 'overdue' | 'locked' | 'created_from' | 'created_to'
  >
>;

/** PUT /api/v1/admin/user_register_services/lock_all: the list filters (query) pick the requests to lock. */
export const adminServiceRequestLockAllQuery = z.object(adminServiceRequestFilters);

/** POST /api/v1/admin/user_register_services/export?slug=: exportAllData, or exportAsFilter with the filters and/or ids. */
export const adminServiceRequestExportQuery = z.object(adminServiceRequestFilters);
export const adminServiceRequestExportRequest = z.object({
  mode: z.enum(EXPORT_MODES, { error: 'invalidExportMode' }).default('exportAsFilter'),
  ids: z.array(idField()).max(10_000).optional(),
});

/**
 * PUT /api/v1/admin/user_register_services/{id}: any of a move (to a step, with a reason when
 * going back or cancelling; `internal` keeps the reason from the producer), an assignment (null
 * unassigns) and a note (internal or for the producer, with uploaded files), applied together.
 */
export const adminServiceRequestUpdate = z
  .object({
    move: z
      .object({
        to: z.enum(SERVICE_REQUEST_STATES, { error: 'invalidServiceStep' }),
        reason: textField().trim().max(SERVICE_REQUEST_REASON_MAX, 'reasonTooLong').nullable().optional(),
        internal: z.boolean().optional(),
      })
      .optional(),
    assign: z.object({ assignee_id: idField().nullable() }).optional(),
    note: z
      .object({
        body: textField({ error: 'pleaseInputNote' })
          .trim()
          .min(1, 'pleaseInputNote')
          .max(SERVICE_REQUEST_NOTE_MAX, 'noteTooLong'),
        internal: z.boolean().default(false),
        attachments: z.array(idField()).max(SERVICE_REQUEST_NOTE_FILES_MAX, 'tooManyNoteFiles').default([]),
      })
      .optional(),
  })
  .refine((b) => b.move || b.assign || b.note, { message: 'nothingToUpdate' });
export type AdminServiceRequestUpdate = z.input<typeof adminServiceRequestUpdate>;

/** The answer of lock_all: how many requests were locked. */
export const adminServiceRequestLockAllAnswer = z.object({
  data: z.object({ locked: z.number().int() }),
  meta: z.object({ message: z.string() }),
});

/** GET /api/v1/admin/user_register_services: a page, and in `meta.counts` the filtered requests per step (the progress bar). */
export const adminServiceRequestListAnswer = z.object({
  data: z.object({ urss: z.array(serviceRequest.omit({ notes: true })) }),
  meta: listMeta.extend({ counts: z.record(z.string(), z.number().int()) }),
});

/** GET / PUT /api/v1/admin/user_register_services/{id}: the request with every note, and its history (internal rows included). */
export const adminServiceRequestAnswer = z.object({
  data: z.object({ urs: serviceRequest, history: z.array(activityItem) }),
  meta: messageMeta.optional(),
});
export type AdminServiceRequestDetail = z.infer<typeof adminServiceRequestAnswer>['data'];
