import { z } from 'zod';
import {
  CLIENT_MESSAGE_BODY_MAX,
  CLIENT_MESSAGE_COMPANY_MAX,
  CLIENT_MESSAGE_HONEYPOT,
  CLIENT_MESSAGE_NAME_MAX,
  CLIENT_MESSAGE_TOPICS,
  LEAD_STATUSES,
} from '../constants.js';
import { activityItem } from './activity.js';
import { dateField, emailField, idField, listMeta, messageMeta, textField } from './common.js';
import { phoneField } from '../phone.js';
import { listQuery } from './list.js';

/**
 * Client messages are leads (DESIGN §5.4, spec §7 Content calls `messages`): a visitor's contact
 * form (name, phone, e-mail, company, topic, message, a required consent to personal-data
 * processing, a honeypot) and the back office's follow-up through the lead machine
 * (workflows.ts clientMessageLead) with assignee, notes and history.
 */

// Kept in ../constants.ts (no zod) for the light public pages; re-exported here with the schemas.
export {
  CLIENT_MESSAGE_BODY_MAX,
  CLIENT_MESSAGE_COMPANY_MAX,
  CLIENT_MESSAGE_HONEYPOT,
  CLIENT_MESSAGE_NAME_MAX,
  CLIENT_MESSAGE_TOPICS,
};
export type ClientMessageTopic = (typeof CLIENT_MESSAGE_TOPICS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const CLIENT_MESSAGE_NOTE_MAX = 5000;
export const CLIENT_MESSAGE_REASON_MAX = 1000;

/** A form field left empty arrives as '' (or null); it means "not given". */
const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

/** POST /api/v1/client/messages */
export const clientMessageInput = z.object({
  name: blank(
    textField({ error: 'pleaseInputName' }).trim().min(1, 'pleaseInputName').max(CLIENT_MESSAGE_NAME_MAX, 'tooLong'),
  ),
  phone: blank(z.string({ error: 'pleaseInputPhone' }).pipe(phoneField)),
  email: blank(emailField.optional()),
  company: blank(textField().trim().max(CLIENT_MESSAGE_COMPANY_MAX, 'tooLong').optional()),
  topic: blank(z.enum(CLIENT_MESSAGE_TOPICS, { error: 'pleaseSelectTopic' })),
  message: blank(
    textField({ error: 'pleaseInputMessage' })
      .trim()
      .min(1, 'pleaseInputMessage')
      .max(CLIENT_MESSAGE_BODY_MAX, 'messageTooLong'),
  ),
  /** The service the form was sent from (`/services/client`, a service page). */
  service_slug: blank(textField().trim().max(100, 'unknownService').optional()),
  /** Consent to personal-data processing (Law 91/2025): must be true. */
  consent: z.literal(true, { error: 'consentRequired' }),
  /** The honeypot: anything in it and the message is answered as sent but not kept. */
  [CLIENT_MESSAGE_HONEYPOT]: z.string().max(500).optional(),
});
export type ClientMessageInput = z.input<typeof clientMessageInput>;

/** The answer of the public POST: only a thank-you (nothing of what is stored). */
export const clientMessageSentAnswer = z.object({ data: z.object({ sent: z.literal(true) }), meta: messageMeta });

export const clientMessageNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});

/** One lead as the back office reads it; `moves` are the statuses the reader may move it to. */
export const clientMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  topic: z.enum(CLIENT_MESSAGE_TOPICS),
  message: z.string(),
  service_slug: z.string().nullable(),
  service_title: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  moves: z.array(z.object({ to: z.enum(LEAD_STATUSES), reason: z.boolean() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientMessage = z.infer<typeof clientMessage>;

export const ADMIN_CLIENT_MESSAGE_SORT_FIELDS = ['created_at', 'updated_at', 'status'] as const;

/** GET /api/v1/admin/messages: status, topic, created between two Vietnamese dates, q (name, phone, e-mail, company, message; accent-free). */
export const adminClientMessageListQuery = listQuery(ADMIN_CLIENT_MESSAGE_SORT_FIELDS, '-created_at').extend({
  status: z.enum(LEAD_STATUSES, { error: 'invalidLeadStatus' }).optional(),
  topic: z.enum(CLIENT_MESSAGE_TOPICS, { error: 'pleaseSelectTopic' }).optional(),
  created_from: dateField().optional(),
  created_to: dateField().optional(),
});
export type AdminClientMessageListQuery = z.input<typeof adminClientMessageListQuery>;

export const adminClientMessageListAnswer = z.object({
  data: z.object({ messages: z.array(clientMessage) }),
  /** `counts`: the filtered leads per status (the status filter left out). */
  meta: listMeta.extend({ counts: z.record(z.string(), z.number().int()) }),
});

/** GET / PUT /api/v1/admin/messages/{id}: the lead, its notes and its history. */
export const adminClientMessageAnswer = z.object({
  data: z.object({
    message: clientMessage,
    notes: z.array(clientMessageNote),
    history: z.array(activityItem),
  }),
  meta: messageMeta.optional(),
});
export type AdminClientMessageDetail = z.infer<typeof adminClientMessageAnswer>['data'];

/** PUT /api/v1/admin/messages/{id}: any of a move (a reason going back), an assignment (null unassigns) and a note, in one transaction. */
export const adminClientMessageUpdate = z
  .object({
    move: z
      .object({
        to: z.enum(LEAD_STATUSES, { error: 'invalidLeadStatus' }),
        reason: textField().trim().max(CLIENT_MESSAGE_REASON_MAX, 'reasonTooLong').nullable().optional(),
      })
      .optional(),
    assign: z.object({ assignee_id: idField().nullable() }).optional(),
    note: z
      .object({
        body: textField({ error: 'pleaseInputNote' })
          .trim()
          .min(1, 'pleaseInputNote')
          .max(CLIENT_MESSAGE_NOTE_MAX, 'noteTooLong'),
      })
      .optional(),
  })
  .refine((b) => b.move || b.assign || b.note, { message: 'nothingToUpdate' });
export type AdminClientMessageUpdate = z.input<typeof adminClientMessageUpdate>;
