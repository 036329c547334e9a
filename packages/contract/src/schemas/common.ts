import { z } from 'zod';
import { DEFAULT_PER_PAGE, EMAIL_PATTERN, MAX_PER_PAGE, PHONE_PATTERN } from '../constants.js';
import { LOCALES } from '../platforms.js';

/** Shared field schemas. Custom messages are keys of ../messages. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const emailField = z
  .string({ error: 'pleaseInputEmail' })
  .trim()
  .toLowerCase()
  .min(1, 'pleaseInputEmail')
  .max(254, 'invalidEmail')
  .regex(EMAIL_PATTERN, 'invalidEmail');
export const phoneField = z.string().trim().regex(PHONE_PATTERN, 'invalidPhone');
export const localeField = z.enum(LOCALES, { error: 'invalidLocale' });
export const isoDateTime = z.string();

export const money = z.object({ cents: z.number().int(), currency_iso: z.literal('VND') });
export type Money = z.infer<typeof money>;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listMeta = z.object({
  total_count: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMeta>;

export const messageMeta = z.object({ message: z.string().optional() });

/** `{ data: { [key]: schema }, meta }` */
export function envelope<K extends string, S extends z.ZodType>(key: K, schema: S) {
  return z.object({ data: z.object({ [key]: schema } as { [P in K]: S }), meta: messageMeta.optional() });
}
export function listEnvelope<K extends string, S extends z.ZodType>(key: K, item: S) {
  return z.object({ data: z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<S> }), meta: listMeta });
}
export const okEnvelope = z.object({ data: z.object({}).optional(), meta: messageMeta });

export const fieldError = z.object({ field: z.string(), message: z.string() });
export const errorEnvelope = z.object({
  meta: z.object({ code: z.string(), message: z.string(), errors: z.array(fieldError).optional() }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
