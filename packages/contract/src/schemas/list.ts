import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../constants.js';
import { INT4_MAX, textField } from './common.js';

/** A sort of a list: `field` ascending, `-field` descending. */
export type SortToken<F extends string> = F | `-${F}`;

/** Every sort a list whitelists: each field ascending and descending (`name`, `-name`, …). */
export function sortTokens<const F extends string>(fields: readonly F[]): readonly SortToken<F>[] {
  return fields.flatMap((f) => [f, `-${f}` as const]);
}

/** page ≥ 1 (422 invalidPage). */
export const pageField = z.coerce
  .number({ error: 'invalidPage' })
  .int({ error: 'invalidPage', abort: true })
  .min(1, { error: 'invalidPage', abort: true })
  .max(INT4_MAX, 'invalidPage')
  .default(1);

/** per_page 1..MAX_PER_PAGE, default DEFAULT_PER_PAGE (422 invalidPerPage naming the bound). */
export const perPageField = z.coerce
  .number({ error: 'invalidPerPage' })
  .int({ error: 'invalidPerPage', abort: true })
  .min(1, { error: 'invalidPerPage', abort: true })
  .max(MAX_PER_PAGE, 'invalidPerPage')
  .default(DEFAULT_PER_PAGE);

/** The search text of a list (accent- and case-free on the server). */
export const searchField = textField().trim().max(200).optional();

/**
 * The query every list route accepts: page, per_page, q, and `sort` from the list's own whitelist
 * (`field` / `-field`; anything else 422 invalidSort). Extend it with the list's filters.
 */
export function listQuery<const F extends string>(sortFields: readonly F[], defaultSort: SortToken<F>) {
  const sorts = sortTokens(sortFields) as unknown as readonly [SortToken<F>, ...SortToken<F>[]];
  return z.object({
    page: pageField,
    per_page: perPageField,
    q: searchField,
    sort: z.enum(sorts, { error: 'invalidSort' }).default(defaultSort as never),
  });
}

/** What the server's list helper reads from a parsed list query. */
export interface ListQuery<S extends string = string> {
  page: number;
  per_page: number;
  q?: string;
  sort: S;
}
