import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.js';
import { formatPhone, isPhone, normalizePhone } from '../phone.js';
import { translate } from '../messages/index.js';
import type { Locale } from '../platforms.js';
import { intField, isCalendarDate, isStorableText, textField } from './common.js';

// ---------- The fields a service's request form asks for (register_services.form_fields) ----------

export const SERVICE_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'email', 'phone'] as const;
export type ServiceFieldType = (typeof SERVICE_FIELD_TYPES)[number];

/** At most this many fields per service, options per select, characters per answer. */
export const SERVICE_FIELDS_MAX = 30;
export const SERVICE_FIELD_OPTIONS_MAX = 50;
export const SERVICE_FIELD_TEXT_MAX = 2000;
/** The default length limit of a one-line answer (text, email, phone) when the field sets none. */
export const SERVICE_FIELD_LINE_MAX = 300;
/** Numbers stay within ±1e12 (whole VND amounts, counts). */
export const SERVICE_FIELD_NUMBER_LIMIT = 1_000_000_000_000;

/** A field's key: lower-case letters, digits and `_`, starting with a letter (it names the answer). */
export const SERVICE_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

const label = (missing: string) => textField({ error: missing }).trim().min(1, missing).max(200, 'tooLong');
const help = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  textField().trim().max(500, 'tooLong').nullable().optional(),
);
const fieldNumber = z
  .number({ error: 'invalidNumber' })
  .min(-SERVICE_FIELD_NUMBER_LIMIT, 'invalidNumber')
  .max(SERVICE_FIELD_NUMBER_LIMIT, 'invalidNumber');

export const serviceFieldOption = z.object({
  value: textField({ error: 'serviceFieldOptionValue' }).trim().regex(SERVICE_FIELD_KEY_PATTERN, 'serviceFieldOptionValue'),
  label_vi: label('serviceFieldLabelRequired'),
  label_en: label('serviceFieldLabelRequired'),
});
export type ServiceFieldOption = z.output<typeof serviceFieldOption>;

/** One field of a service's form, as the administrator defines it. */
export const serviceFormField = z
  .object({
    key: textField({ error: 'serviceFieldKey' }).trim().regex(SERVICE_FIELD_KEY_PATTERN, 'serviceFieldKey'),
    type: z.enum(SERVICE_FIELD_TYPES, { error: 'serviceFieldType' }),
    label_vi: label('serviceFieldLabelRequired'),
    label_en: label('serviceFieldLabelRequired'),
    help_vi: help,
    help_en: help,
    required: z.boolean({ error: 'invalidValue' }).default(false),
    /** select only: the choices (at least one, values distinct). */
    options: z.array(serviceFieldOption).max(SERVICE_FIELD_OPTIONS_MAX, 'serviceFieldTooManyOptions').optional(),
    /** text, textarea, email, phone: the longest answer accepted. */
    max_length: intField('serviceFieldMaxLength', 1, SERVICE_FIELD_TEXT_MAX).nullable().optional(),
    /** number only: the bounds of the answer. */
    min: fieldNumber.nullable().optional(),
    max: fieldNumber.nullable().optional(),
    /** number only: whole numbers only. */
    integer: z.boolean({ error: 'invalidValue' }).optional(),
  })
  .superRefine((f, ctx) => {
    const options = f.options ?? [];
    if (f.type === 'select') {
      if (options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'serviceFieldOptionsRequired' });
      if (new Set(options.map((o) => o.value)).size !== options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'serviceFieldOptionsDistinct' });
      }
    } else if (options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'serviceFieldOptionsOnlySelect' });
    }
    if (f.max_length != null && !['text', 'textarea', 'email', 'phone'].includes(f.type)) {
      ctx.addIssue({ code: 'custom', path: ['max_length'], message: 'serviceFieldMaxLengthText' });
    }
    if ((f.min != null || f.max != null || f.integer) && f.type !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'serviceFieldBoundsNumber' });
    }
    if (f.min != null && f.max != null && f.min > f.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'serviceFieldBoundsOrder' });
    }
  });
export type ServiceFormField = z.output<typeof serviceFormField>;
export type ServiceFormFieldInput = z.input<typeof serviceFormField>;

/** A field as the API answers it (plain: response schemas carry no transforms). */
export const serviceFormFieldAnswer = z.object({
  key: z.string(),
  type: z.enum(SERVICE_FIELD_TYPES),
  label_vi: z.string(),
  label_en: z.string(),
  help_vi: z.string().nullable().optional(),
  help_en: z.string().nullable().optional(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label_vi: z.string(), label_en: z.string() })).optional(),
  max_length: z.number().int().nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  integer: z.boolean().optional(),
});

/** A service's whole form: at most SERVICE_FIELDS_MAX fields, keys distinct. */
export const serviceFormFields = z
  .array(serviceFormField)
  .max(SERVICE_FIELDS_MAX, 'serviceFieldsTooMany')
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'serviceFieldKeyDistinct' });
      seen.add(f.key);
    });
  });

/** An answer as sent: text, or a number for a number field (text digits are read too). */
export type ServiceFormValue = string | number | null | undefined;
export type ServiceFormData = Record<string, unknown>;

/** The longest answer a field accepts. */
export function fieldMaxLength(field: ServiceFormField): number {
  if (field.max_length != null) return field.max_length;
  return field.type === 'textarea' ? SERVICE_FIELD_TEXT_MAX : SERVICE_FIELD_LINE_MAX;
}

/** A field's label in `locale`. */
export function fieldLabel(field: Pick<ServiceFormField, 'label_vi' | 'label_en'>, locale: Locale): string {
  return locale === 'en' ? field.label_en : field.label_vi;
}

const isBlank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** A number answer: a finite number, or text that is one (`1.5`, `-3`); null otherwise. */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  return null;
}

/** Why one answer is refused (a message key and its params), or null when it is fine. */
function answerProblem(field: ServiceFormField, value: unknown): [string, Record<string, string | number>] | null {
  if (isBlank(value)) return field.required ? ['serviceFieldRequired', {}] : null;
  if (field.type === 'number') {
    const n = numberOf(value);
    if (n === null || Math.abs(n) > SERVICE_FIELD_NUMBER_LIMIT) return ['serviceFieldNumber', {}];
    if (field.integer && !Number.isInteger(n)) return ['serviceFieldInteger', {}];
    if (field.min != null && n < field.min) return ['serviceFieldMin', { min: field.min }];
    if (field.max != null && n > field.max) return ['serviceFieldMax', { max: field.max }];
    return null;
  }
  if (typeof value !== 'string' || !isStorableText(value)) return ['serviceFieldText', {}];
  const text = value.trim();
  const max = fieldMaxLength(field);
  if (text.length > max) return ['serviceFieldTooLong', { max }];
  if (field.type === 'date' && !isCalendarDate(text)) return ['serviceFieldDate', {}];
  if (field.type === 'email' && !EMAIL_PATTERN.test(text)) return ['serviceFieldEmail', {}];
  if (field.type === 'phone' && !isPhone(text)) return ['serviceFieldPhone', {}];
  if (field.type === 'select' && !(field.options ?? []).some((o) => o.value === text)) return ['serviceFieldOption', {}];
  return null;
}

/**
 * The one check of a request's answers against its service's fields, run by the web form and by
 * the server: field key → message in `locale` (empty when everything is fine). An answer to no
 * field of the service is refused too.
 */
export function validateServiceForm(
  fields: readonly ServiceFormField[],
  data: ServiceFormData | null | undefined,
  locale: Locale,
): Record<string, string> {
  const answers = data ?? {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const problem = answerProblem(field, answers[field.key]);
    if (problem) errors[field.key] = translate(locale, problem[0], { field: fieldLabel(field, locale), ...problem[1] });
  }
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) errors[key] = translate(locale, 'serviceFieldUnknown', { field: key.slice(0, 50) });
  }
  return errors;
}

/** The answers as stored: trimmed text, phone numbers in E.164, numbers as numbers, blanks left out (run after validateServiceForm). */
export function serviceFormValues(fields: readonly ServiceFormField[], data: ServiceFormData | null | undefined) {
  const out: Record<string, string | number> = {};
  for (const field of fields) {
    const v = data?.[field.key];
    if (isBlank(v)) continue;
    if (field.type === 'number') {
      const n = numberOf(v);
      if (n !== null) out[field.key] = n;
    } else if (typeof v === 'string') {
      out[field.key] = field.type === 'phone' ? (normalizePhone(v) ?? v.trim()) : v.trim();
    }
  }
  return out;
}

/** An answer as read: a select's label in `locale`, a phone number the Vietnamese way (formatPhone), anything else as text. */
export function answerText(field: ServiceFormField, value: unknown, locale: Locale): string {
  if (value == null) return '';
  if (field.type === 'select') {
    const o = (field.options ?? []).find((x) => x.value === value);
    if (o) return locale === 'en' ? o.label_en : o.label_vi;
  }
  if (typeof value === 'string') return field.type === 'phone' ? formatPhone(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
