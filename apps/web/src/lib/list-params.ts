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
