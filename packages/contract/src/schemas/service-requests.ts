import { z } from 'zod';
import { emailField, envelope, idField, isoDateTime, listEnvelope, textField } from './common.js';
import { phoneField } from '../phone.js';
import { listQuery } from './list.js';
import { serviceFormFieldAnswer } from './service-form.js';
import {
  serviceRequestFull,
  serviceRequestShort,
  SERVICE_REQUEST_STATES,
  type Machine,
  type ServiceRequestState,
} from '../workflows.js';

// ---------- S2: a producer's service requests (user_register_services, DESIGN §5.2) ----------

/** A request's status, derived from its step (spec §4 "request status alternative"). */
export const SERVICE_REQUEST_STATUSES = ['pending', 'processing', 'approved', 'cancelled'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** fill_info → pending; done → approved; cancelled → cancelled; any other step → processing. */
export function requestStatusOf(step: ServiceRequestState): ServiceRequestStatus {
  if (step === 'fill_info') return 'pending';
  if (step === 'done') return 'approved';
  if (step === 'cancelled') return 'cancelled';
  return 'processing';
}

/** The transition table of a service type: 1 the full flow, 2 the short one; a free service (0) has none. */
export function serviceMachineOf(type: number): Machine<ServiceRequestState> | null {
  if (type === 1) return serviceRequestFull;
  if (type === 2) return serviceRequestShort;
  return null;
}

/** The steps a request of this service type goes through, in order (`cancelled` aside); a free one is done at once. */
export function requestStepsOf(type: number): readonly ServiceRequestState[] {
  const m = serviceMachineOf(type);
  return m ? m.states.filter((s) => s !== 'cancelled') : (['done'] as const);
}

/**
 * Whether a request makes its service one of the user's `registed_services` (DESIGN §5.2): a free
 * service as soon as it is requested, a paid one once its request has reached `paid` (payment
 * confirmed) — never when cancelled.
 */
export function countsAsRegistered(type: number, step: ServiceRequestState): boolean {
  if (step === 'cancelled') return false;
  const steps = requestStepsOf(type);
  if (type === 0) return true;
  return steps.indexOf(step) >= steps.indexOf('paid');
}

/** The slugs of `registed_services` from a producer's requests, each once, in the order given. */
export function registedServicesOf(requests: readonly { slug: string; type: number; step: ServiceRequestState }[]) {
  return [...new Set(requests.filter((r) => countsAsRegistered(r.type, r.step)).map((r) => r.slug))];
}

/** The producer may edit its request's form and files in these steps (staff sends it back to fill_info to ask for more). */
export const EDITABLE_REQUEST_STEPS: readonly ServiceRequestState[] = ['fill_info', 'profile_completed'];

export const SERVICE_REQUEST_FILES_MAX = 20;
export const SERVICE_REQUEST_TEXT_MAX = 2000;
export const SERVICE_REQUEST_EXTRA_FIELDS_MAX = 30;

const optionalText = (max: number) => textField().trim().max(max, 'tooLong').optional();

/**
 * The request form: who to contact, and the fields a service asks for besides (`fields`, by name).
 * Attachments are upload ids of the producer's own files (POST /api/v1/attachments).
 */
export const serviceRequestForm = z.object({
  contact_name: textField({ error: 'pleaseInputContactName' }).trim().min(1, 'pleaseInputContactName').max(200, 'tooLong'),
  phone: phoneField,
  email: emailField.optional(),
  company: optionalText(300),
  address: optionalText(500),
  note: optionalText(SERVICE_REQUEST_TEXT_MAX),
  /** The answers to the service's own fields (key → text or number), checked by validateServiceForm. */
  fields: z
    .record(
      textField().max(100, 'tooLong'),
      z.union([textField().trim().max(SERVICE_REQUEST_TEXT_MAX, 'tooLong'), z.number({ error: 'invalidNumber' }), z.null()]),
    )
    .refine((r) => Object.keys(r).length <= SERVICE_REQUEST_EXTRA_FIELDS_MAX, 'tooManyFields')
    .optional(),
});
export type ServiceRequestForm = z.output<typeof serviceRequestForm>;

const attachmentIds = z.array(idField()).max(SERVICE_REQUEST_FILES_MAX, 'tooManyFiles');

/** POST /api/v1/registrations/register_service and POST /api/v1/user_register_services. */
export const serviceRequestCreate = z.object({
  slug: textField({ error: 'pleaseChooseService' }).trim().min(1, 'pleaseChooseService').max(100, 'tooLong'),
  form: serviceRequestForm,
  attachments: attachmentIds.default([]),
});
export type ServiceRequestCreate = z.input<typeof serviceRequestCreate>;

/** PUT /api/v1/user_register_services/{id}: a new form and/or the files (the whole list). */
export const serviceRequestUpdate = z
  .object({ form: serviceRequestForm.optional(), attachments: attachmentIds.optional() })
  .refine((b) => b.form || b.attachments, { message: 'nothingToUpdate' });
export type ServiceRequestUpdate = z.input<typeof serviceRequestUpdate>;

const reasonField = textField().trim().max(1000, 'reasonTooLong');

/** POST /api/v1/user_register_services/{id}/move: the producer's own moves (submit, dossier upload, cancel). */
export const serviceRequestMove = z.object({
  to: z.enum(SERVICE_REQUEST_STATES, { error: 'invalidServiceStep' }),
  reason: reasonField.nullable().optional(),
  /** Files added to the request with the move (the dossier that makes `submitted_profile`). */
  attachments: attachmentIds.default([]),
});
export type ServiceRequestMove = z.input<typeof serviceRequestMove>;

/** DELETE /api/v1/user_register_services/{id}: cancel, with a reason (body or query). */
export const serviceRequestCancel = z.object({ reason: reasonField.optional() });

/** POST /api/v1/user_register_services/{id}/notes: a producer's reply (always visible to both sides). */
export const serviceRequestNoteCreate = z.object({
  body: textField({ error: 'pleaseInputNote' }).trim().min(1, 'pleaseInputNote').max(5000, 'noteTooLong'),
  attachments: z.array(idField()).max(10, 'tooManyNoteFiles').default([]),
});
export type ServiceRequestNoteCreate = z.input<typeof serviceRequestNoteCreate>;

export const requestFile = z.object({
  id: z.number().int(),
  url: z.string(),
  filename: z.string(),
  content_type: z.string(),
});
export type RequestFile = z.infer<typeof requestFile>;

export const serviceRequestNote = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Back office only; a producer's answer never holds an internal note. */
  internal: z.boolean(),
  attachments: z.array(requestFile),
  author: z.object({ id: z.number().int(), name: z.string(), staff: z.boolean() }).nullable(),
  created_at: isoDateTime,
});
export type ServiceRequestNote = z.infer<typeof serviceRequestNote>;

/** One request as its producer (and the back office) reads it; spec §3: id, status, registration_steps. */
export const serviceRequest = z.object({
  id: z.number().int(),
  service: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    type: z.number().int(),
    icon: z.string(),
    /** The fields the service's form asks for (one request's answer only, not lists). */
    form_fields: z.array(serviceFormFieldAnswer).optional(),
  }),
  producer: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  step: z.enum(SERVICE_REQUEST_STATES),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  /** The steps of the request's flow in order. */
  registration_steps: z.array(z.enum(SERVICE_REQUEST_STATES)),
  form: z.record(z.string(), z.unknown()),
  attachments: z.array(requestFile),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  step_due_at: isoDateTime.nullable(),
  overdue: z.boolean(),
  locked: z.boolean(),
  locked_at: isoDateTime.nullable(),
  cancel_reason: z.string().nullable(),
  booking: z.record(z.string(), z.unknown()).nullable(),
  /** The producer may change the form and files now. */
  editable: z.boolean(),
  /** The moves the asking user may make now (none when locked). */
  allowed_moves: z.array(z.object({ to: z.enum(SERVICE_REQUEST_STATES), reason: z.boolean() })),
  notes: z.array(serviceRequestNote),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  step_changed_at: isoDateTime,
});
export type ServiceRequest = z.infer<typeof serviceRequest>;

export const serviceRequestAnswer = envelope('urs', serviceRequest);
export const serviceRequestListAnswer = listEnvelope('urss', serviceRequest.omit({ notes: true }));
export const serviceRequestNoteAnswer = envelope('note', serviceRequestNote);

/** GET /api/v1/user_register_services: the producer's requests, newest first. */
export const serviceRequestListQuery = listQuery(['created_at', 'updated_at'] as const, '-created_at').extend({
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: 'invalidServiceRequestStatus' }).optional(),
  slug: textField().trim().max(100).optional(),
});
export type ServiceRequestListQuery = z.infer<typeof serviceRequestListQuery>;
