import { CLIENT_MESSAGE_HONEYPOT, type CLIENT_MESSAGE_TOPICS } from '@agrihub/contract/constants';
import type { ClientMessageInput } from '@agrihub/contract/schemas/client-messages';

/**
 * The contact form's values and the server's answer to them, apart from its markup (unit-tested).
 * No zod here: the contract's schema is loaded when the form is first used (./contact-check.ts).
 */
export type ClientMessageTopic = (typeof CLIENT_MESSAGE_TOPICS)[number];
export const CONTACT_FIELDS = ['name', 'phone', 'email', 'company', 'topic', 'message', 'consent'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type FieldErrors = Partial<Record<ContactField, string>>;

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  company: string;
  topic: ClientMessageTopic | '';
  message: string;
  consent: boolean;
  /** The honeypot: hidden from people. */
  website: string;
}

export const emptyContact = (topic: ClientMessageTopic | '' = 'service_advice'): ContactValues => ({
  name: '',
  phone: '',
  email: '',
  company: '',
  topic,
  message: '',
  consent: false,
  website: '',
});

/** What the API receives: blank texts left out (the contract says what is required), the consent as ticked. */
export function toInput(values: ContactValues): ClientMessageInput {
  const out: Record<string, unknown> = { consent: values.consent };
  for (const key of ['name', 'phone', 'email', 'company', 'topic', 'message'] as const) {
    const v = values[key].trim();
    if (v) out[key] = v;
  }
  if (values.website) out[CLIENT_MESSAGE_HONEYPOT] = values.website;
  return out as ClientMessageInput;
}

export const isContactField = (f: string): f is ContactField => (CONTACT_FIELDS as readonly string[]).includes(f);

/**
 * The server's 422 field errors (already in the reader's language: the request says its locale),
 * one per field; `other` keeps those of fields the form does not show, so none is lost.
 */
export function serverErrors(list: readonly { field: string; message: string }[]): {
  fields: FieldErrors;
  other: string[];
} {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const e of list) {
    const field = e.field.split('.')[0];
    if (isContactField(field)) fields[field] ??= e.message;
    else other.push(e.message);
  }
  return { fields, other };
}
