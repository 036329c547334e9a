// First: zod must be jitless before any schema parses (the CSP has no 'unsafe-eval').
import '../lib/zod-jitless';
import { clientMessageInput } from '@agrihub/contract/schemas/client-messages';
import { isContactField, toInput, type ContactValues, type FieldErrors } from './contact-values';

/**
 * The contract's check of the contact form (clientMessageInput), loaded when the form is first
 * used: zod stays out of what the public pages load up front.
 */

/** A contract message key → text (with `{{min}}`/`{{max}}` filled); null when the key is unknown. */
export type MessageText = (key: string, params?: Record<string, string | number>) => string | null;

/** The first problem of each field when the values are checked with the contract's schema. */
export function clientErrors(values: ContactValues, text: MessageText): FieldErrors {
  const result = clientMessageInput.safeParse(toInput(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isContactField(field) || errors[field]) continue;
    const params: Record<string, number> = {};
    const bounds = issue as { minimum?: unknown; maximum?: unknown };
    if (typeof bounds.minimum === 'number') params.min = bounds.minimum;
    if (typeof bounds.maximum === 'number') params.max = bounds.maximum;
    errors[field] = text(issue.message, params) ?? text('validation_failed') ?? issue.message;
  }
  return errors;
}
