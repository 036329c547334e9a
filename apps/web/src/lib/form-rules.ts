import type { ZodType } from 'zod';
import { isMessageKey } from '@agrihub/contract/messages/index';
import type { FormInstance } from 'antd';
import { isApiError, type ApiError, type FieldError } from './api-error';

/** i18next's `t`, narrowed to what this module needs. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

interface IssueLike {
  code?: string;
  message: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

/** zod's own text for a value that is not there at all (an empty field the form leaves undefined). */
const MISSING = /received (undefined|null)$/;

/** The message key of an issue: the schema's own, "required" for a missing value, else the generic one. */
function messageKeyOf(issue: IssueLike): string {
  if (isMessageKey(issue.message)) return issue.message;
  return issue.code === 'invalid_type' && MISSING.test(issue.message) ? 'required' : 'validation_failed';
}

/**
 * The text of a contract validation issue. Contract schemas use message keys
 * (`pleaseInputPassword`, `passwordLength` …) that live in the `validation` namespace,
 * which is the contract's MESSAGES: the form reads exactly like the API would answer.
 */
export function issueText(issue: IssueLike, t: Translate): string {
  const params: Record<string, unknown> = {};
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.min = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.max = Number(issue.maximum);
  Object.assign(params, issue.params ?? {});
  return t(`validation:${messageKeyOf(issue)}`, params);
}

/** A form field name: `'email'` or a nested path such as `['producer', 'name']`. */
export type FieldName = string | readonly (string | number)[];

const pathKey = (path: readonly PropertyKey[] | FieldName): string =>
  typeof path === 'string' ? path : path.map(String).join('.');

/** The first issue of `field` when the whole form is checked against `schema` (null when valid). */
export function fieldIssue(schema: ZodType, values: unknown, field: FieldName, t: Translate): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const key = pathKey(field);
  const issue = result.error.issues.find((i) => pathKey(i.path) === key);
  return issue ? issueText(issue, t) : null;
}

/** Every field's first issue, for setting errors on submit (antd `setFields`). */
export function formIssues(
  schema: ZodType,
  values: unknown,
  t: Translate,
): { name: (string | number)[]; errors: string[] }[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const seen = new Map<string, { name: (string | number)[]; text: string }>();
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path);
    if (key && !seen.has(key)) {
      seen.set(key, {
        name: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
        text: issueText(issue, t),
      });
    }
  }
  return [...seen.values()].map(({ name, text }) => ({ name, errors: [text] }));
}

/** Minimal shape of antd's rule-render argument, so this module stays free of antd. */
interface FieldsReader {
  getFieldsValue: (all: true) => Record<string, unknown>;
}

/**
 * An antd Form rule that validates one field with a contract schema over the whole form
 * (so cross-field rules such as "confirmation equals password" apply too).
 * `prepare` turns form values into what the API would receive (e.g. '' → null).
 */
export function contractRule(
  schema: ZodType,
  field: FieldName,
  t: Translate,
  prepare: (values: Record<string, unknown>) => unknown = (v) => v,
) {
  return (form: FieldsReader) => ({
    validator: async () => {
      const text = fieldIssue(schema, prepare(form.getFieldsValue(true)), field, t);
      if (text) throw new Error(text);
    },
  });
}

/**
 * Server-side 422 field errors in antd's `setFields` shape (`producer.name` → ['producer', 'name']).
 * Only fields the form has are kept (`known`), so an error on a field the form lacks is not lost silently:
 * the caller shows the envelope's message anyway.
 */
export function serverFieldErrors(
  errors: readonly FieldError[],
  known?: readonly string[],
): { name: string[]; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    if (known && !known.includes(e.field) && !known.includes(e.field.split('.')[0])) continue;
    byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
  }
  return [...byField].map(([field, list]) => ({ name: field.split('.'), errors: list }));
}

/** Form values as the API wants them: blank strings become null. */
export function blankToNull<T extends Record<string, unknown>>(values: T, keep: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    out[k] = typeof v === 'string' && v.trim() === '' && !keep.includes(k) ? null : v;
  }
  return out as T;
}

/** Field errors in antd's `setFields` shape (names are paths). */
export type FieldErrors = readonly { name: (string | number)[]; errors: string[] }[];

/** Sets field errors on an antd form without fighting its per-form name typing. */
export function showFieldErrors(form: { setFields: (fields: never[]) => void }, errors: FieldErrors): void {
  if (errors.length) form.setFields(errors as unknown as never[]);
}

/**
 * A refused save: the server's field errors (as `fieldsOf` places them on the form) under their
 * fields and the first scrolled into view, else the answer above the form; the toast says it either
 * way. What was typed stays in the form.
 */
export function showRefusedSave(
  form: FormInstance,
  error: unknown,
  fieldsOf: (error: ApiError) => FieldErrors,
  show: { failure: (text: string) => void; toast: (text: string) => void; generic: string },
): void {
  if (!isApiError(error)) return show.failure(show.generic);
  const found = fieldsOf(error);
  showFieldErrors(form, found);
  if (found.length) form.scrollToField(found[0].name, { behavior: 'smooth', block: 'center' });
  else show.failure(error.message);
  show.toast(error.message);
}

/**
 * A modal form's save: an invalid form stays as it is; a sent one toasts `done` and calls `onDone`;
 * a refused one is shown as showRefusedSave shows it (the errors of the `known` fields on them).
 */
export async function submitForm<V>(
  form: FormInstance<V>,
  send: (values: V) => Promise<unknown>,
  known: readonly string[],
  show: {
    message: { success: (text: string) => unknown; error: (text: string) => unknown };
    done: string;
    failed: string;
    setFailure: (text: string) => void;
    onDone: () => void;
  },
): Promise<void> {
  let values: V;
  try {
    values = await form.validateFields();
  } catch {
    return;
  }
  try {
    await send(values);
    void show.message.success(show.done);
    show.onDone();
  } catch (error) {
    showRefusedSave(form, error, (e) => serverFieldErrors(e.errors, known), {
      failure: show.setFailure,
      toast: (text) => void show.message.error(text),
      generic: show.failed,
    });
  }
}
