import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@agrihub/contract/constants';

/** What every list page keeps in the URL, whatever else it filters by. */
export interface ListParams<S extends string> {
  page: number;
  per_page: number;
  q?: string;
  sort: S;
}

/** Drops empty filters so the query string stays clean (and the cache key stable). */
export function listParams(args: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args) as [string, unknown][]) {
    if (typeof v === 'string' ? v !== '' : typeof v === 'number') out[k] = v as string | number;
  }
  return out;
}

/** A positive integer from the URL, or undefined. */
export function positiveParam(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `v` when it is one of `allowed`, otherwise undefined (unknown values are dropped). */
export function oneOfParam<T extends string>(allowed: readonly T[], v: string | null): T | undefined {
  return (allowed as readonly string[]).includes(v ?? '') ? (v as T) : undefined;
}

/**
 * List filters kept in the URL (shareable, survive reload and back). `read` takes the list's own
 * filters from the URL; page, per page, search and sort (with `sorts`, default `defaultSort`) are
 * common. Values equal to their defaults are left out of the URL.
 */
export function useListParams<S extends string, F extends ListParams<S>>(
  sorts: readonly S[],
  defaultSort: S,
  read: (params: URLSearchParams) => Omit<F, keyof ListParams<S>>,
) {
  const [params, setParams] = useSearchParams();
  const filters = {
    page: positiveParam(params.get('page')) ?? 1,
    per_page: Math.min(positiveParam(params.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: params.get('q')?.trim() || undefined,
    ...read(params),
    sort: oneOfParam(sorts, params.get('sort')) ?? defaultSort,
  } as F;
  /** Changing a filter goes back to page 1 unless the page itself changes. */
  const update = (patch: Partial<F>) => {
    const next: Partial<F> = { ...filters, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === null || v === '') continue;
      if (
        (k === 'page' && v === 1) ||
        (k === 'per_page' && v === DEFAULT_PER_PAGE) ||
        (k === 'sort' && v === defaultSort)
      )
        continue;
      out.set(k, String(v));
    }
    setParams(out, { replace: false });
  };
  return { filters, update };
}
